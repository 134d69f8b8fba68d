import type { App, ResolvedDeps } from "../app";
import { sessionRepository } from "../platform/auth/session.repository";
import { rateLimits } from "../platform/rate-limits";
import { unitOfWork } from "../platform/unit-of-work";
import { accountRepository, accountRoutes, accountService } from "./account/index";
import {
  appRoutes,
  appService,
  featuresRepository,
  lookupsRepository,
  offlineAddressProvider,
  platformRoutes,
} from "./app/index";
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
import { storesRepository, storesRoutes, storesService } from "./stores/index";
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
 * Wires every module: one unit of work over the database (the only way in: services get it, never the database;
 * docs/decisions/0018), repositories, services, then routes under /api/{group}.
 */
export async function registerModules(api: App, deps: ResolvedDeps) {
  const uow = unitOfWork(deps.database);
  const limits = rateLimits(deps.config);
  const sessions = sessionRepository();
  const account = accountRepository();
  const accountSvc = accountService({
    uow,
    repo: account,
    sessions,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    sessionHours: deps.config.sessionHours,
  });
  const appSvc = appService({
    uow,
    lookups: lookupsRepository(),
    features: featuresRepository(),
    account,
    address: offlineAddressProvider(uow.read),
    mailer: deps.mailer,
  });

  const users = usersRepository();
  const invitationsSvc = invitationsService({
    uow,
    repo: invitationsRepository(),
    users,
    sessions,
    account: accountSvc,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
  });
  await api.register(accountRoutes(accountSvc, limits), { prefix: "/account" });
  await api.register(personInvitationRoutes(invitationsSvc, limits), { prefix: "/account" });
  await api.register(appRoutes(appSvc), { prefix: "/app" });
  await api.register(platformRoutes(appSvc), { prefix: "/platform" });

  // Organizations, stores and people (the users group also takes other modules' /users routes).
  const lookups = lookupsRepository();
  const orgSvc = organizationsService({ uow, repo: organizationsRepository() });
  const smartCircleSvc = smartCircleService({ uow, repo: smartCircleRepository() });
  await api.register(organizationsRoutes(orgSvc, smartCircleSvc), { prefix: "/organizations" });
  await api.register(organizationSettingsRoutes(orgSvc), { prefix: "/settings" });
  await api.register(storesRoutes(storesService({ uow, repo: storesRepository(), lookups })), {
    prefix: "/store",
  });
  await api.register(
    usersRoutes(
      usersService({ uow, repo: users, lookups, sessions, account: accountSvc, invitations: invitationsSvc }),
    ),
    { prefix: "/users" },
  );
  await api.register(organizationInvitationRoutes(invitationsSvc), { prefix: "/users" });
  await api.register(
    userTradesRoutes(userTradesService({ uow, repo: userTradesRepository(), users, lookups })),
    { prefix: "/users" },
  );

  // Leads, and the settings that shape them (service types, questions, responses, business contacts).
  const settingsRepos = { serviceTypes: serviceTypesRepository(), contacts: contactsRepository() };
  await api.register(settingsRoutes(settingsService({ uow, ...settingsRepos })), { prefix: "/settings" });
  const leadsSvc = leadsService({
    uow,
    repo: leadsRepository(),
    search: leadsSearchRepository(),
    forms: leadFormReader(settingsRepos),
  });
  await api.register(leadsRoutes(leadsSvc), { prefix: "/leads" });
}
