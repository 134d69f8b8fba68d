import type { App } from "../app";
import { createOfflineAddressProvider } from "../integrations/address/offline";
import { sessionRepository } from "../platform/auth/session.repository";
import type { Config } from "../platform/config";
import type { Platform } from "../platform/platform";
import { rateLimits } from "../platform/rate-limits";
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

/** Registers every area's routes under /api/{group}. */
export async function registerModules(api: App, s: Services, config: Config) {
  const limits = rateLimits(config);
  await api.register(accountRoutes(s.account, limits), { prefix: "/account" });
  await api.register(personInvitationRoutes(s.invitations, limits), { prefix: "/account" });
  await api.register(appRoutes(s.app), { prefix: "/app" });
  await api.register(platformRoutes(s.app), { prefix: "/platform" });

  // Organizations, stores and people (the users group also takes other modules' /users routes).
  await api.register(organizationsRoutes(s.organizations, s.smartCircle), { prefix: "/organizations" });
  await api.register(organizationSettingsRoutes(s.organizations), { prefix: "/settings" });
  await api.register(storesRoutes(s.stores), { prefix: "/store" });
  await api.register(usersRoutes(s.users), { prefix: "/users" });
  await api.register(organizationInvitationRoutes(s.invitations), { prefix: "/users" });
  await api.register(userTradesRoutes(s.userTrades), { prefix: "/users" });

  // Leads, and the settings that shape them (service types, questions, responses, business contacts).
  await api.register(settingsRoutes(s.settings), { prefix: "/settings" });
  await api.register(leadsRoutes(s.leads), { prefix: "/leads" });
}
