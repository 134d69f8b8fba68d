import type { App } from "../app";
import { createOfflineAddressProvider } from "../integrations/address/offline";
import { sessionRepository } from "../platform/auth/session.repository";
import type { Config } from "../platform/config";
import type { Platform } from "../platform/platform";
import { rateLimits } from "../platform/rate-limits";
import type { Routes } from "../platform/routes";
import { accountRepository, accountRoutes, accountService } from "./account/index";
import { appRoutes, appService, featuresRepository, lookupsRepository, platformRoutes } from "./app/index";
import { leadsRepository, leadsRoutes, leadsSearchRepository, leadsService } from "./leads/index";
import {
  organizationSettingsRoutes,
  organizationsRepository,
  organizationsRoutes,
  organizationsService,
  smartCircleRepository,
  smartCircleService,
} from "./organizations/index";
import {
  contactsRepository,
  leadFormReader,
  serviceTypesRepository,
  settingsRoutes,
  settingsService,
} from "./settings/index";
import { storeAddressPort, storesRepository, storesRoutes, storesService } from "./stores/index";
import {
  invitationsRepository,
  invitationsService,
  organizationInvitationRoutes,
  personInvitationRoutes,
  usersRepository,
  usersRoutes,
  usersService,
  userTradesRepository,
  userTradesRoutes,
  userTradesService,
} from "./users/index";

/**
 * Builds every area's services from the platform (docs/decisions/0018: services get the unit of work, never the
 * database). The API registers routes over them; the worker (worker.ts) builds the same services without HTTP.
 */
export function buildServices(p: Platform) {
  const { uow, mailer, config } = p;
  const sessions = sessionRepository();
  const account = accountRepository();
  const accountSvc = accountService({
    uow,
    repo: account,
    sessions,
    mailer,
    publicUrl: config.publicUrl,
    sessionHours: config.sessionHours,
  });
  const app = appService({
    uow,
    lookups: lookupsRepository(),
    features: featuresRepository(),
    account,
    address: createOfflineAddressProvider(storeAddressPort(uow.read)),
    mailer,
  });
  const users = usersRepository();
  const lookups = lookupsRepository();
  const invitations = invitationsService({
    uow,
    repo: invitationsRepository(),
    users,
    sessions,
    account: accountSvc,
    mailer,
    publicUrl: config.publicUrl,
  });
  const settingsRepos = { serviceTypes: serviceTypesRepository(), contacts: contactsRepository() };
  return {
    account: accountSvc,
    invitations,
    app,
    organizations: organizationsService({ uow, repo: organizationsRepository() }),
    smartCircle: smartCircleService({ uow, repo: smartCircleRepository() }),
    stores: storesService({ uow, repo: storesRepository(), lookups }),
    users: usersService({ uow, repo: users, lookups, sessions, account: accountSvc, invitations }),
    userTrades: userTradesService({ uow, repo: userTradesRepository(), users, lookups }),
    settings: settingsService({ uow, ...settingsRepos }),
    leads: leadsService({
      uow,
      repo: leadsRepository(),
      search: leadsSearchRepository(),
      forms: leadFormReader(settingsRepos),
    }),
  };
}

export type Services = ReturnType<typeof buildServices>;

/**
 * Every module's routes. Each route's method, full path and auth mode come from its endpoint's definition in
 * `@fieldlead/contracts` (docs/decisions/0025), so this is a plain list: no prefixes, and a module serves whatever
 * paths belong to its domain.
 */
export function registerModules(api: App, s: Services, config: Config) {
  const limits = rateLimits(config);
  const modules: Routes[] = [
    accountRoutes(s.account, limits),
    personInvitationRoutes(s.invitations, limits),
    appRoutes(s.app),
    platformRoutes(s.app),
    organizationsRoutes(s.organizations, s.smartCircle),
    organizationSettingsRoutes(s.organizations),
    storesRoutes(s.stores),
    usersRoutes(s.users),
    organizationInvitationRoutes(s.invitations),
    userTradesRoutes(s.userTrades),
    settingsRoutes(s.settings),
    leadsRoutes(s.leads),
  ];
  for (const routes of modules) routes(api);
}
