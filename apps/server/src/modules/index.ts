import type { App, ResolvedDeps } from "../app";
import { sessionRepository } from "../platform/auth/session.repository";
import { rateLimits } from "../platform/rate-limits";
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

/** Wires every module: repositories bound to the database, services, then routes under /api/{group}. */
export async function registerModules(api: App, deps: ResolvedDeps) {
  const { db } = deps.database;
  const limits = rateLimits(deps.config);
  const sessions = sessionRepository(db);
  const account = accountRepository(db);
  const accountSvc = accountService({
    db,
    repo: account,
    sessions,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    sessionHours: deps.config.sessionHours,
  });
  const appSvc = appService({
    lookups: lookupsRepository(db),
    features: featuresRepository(db),
    account,
    address: offlineAddressProvider(db),
    mailer: deps.mailer,
  });

  const users = usersRepository(db);
  const invitationsSvc = invitationsService({
    db,
    repo: invitationsRepository(db),
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
  const lookups = lookupsRepository(db);
  const orgSvc = organizationsService({ db, repo: organizationsRepository(db) });
  await api.register(organizationsRoutes(orgSvc, smartCircleService({ repo: smartCircleRepository(db) })), {
    prefix: "/organizations",
  });
  await api.register(organizationSettingsRoutes(orgSvc), { prefix: "/settings" });
  await api.register(storesRoutes(storesService({ db, repo: storesRepository(db), lookups })), {
    prefix: "/store",
  });
  await api.register(
    usersRoutes(
      usersService({ db, repo: users, lookups, sessions, account: accountSvc, invitations: invitationsSvc }),
    ),
    { prefix: "/users" },
  );
  await api.register(organizationInvitationRoutes(invitationsSvc), { prefix: "/users" });
  await api.register(
    userTradesRoutes(userTradesService({ db, repo: userTradesRepository(db), users, lookups })),
    { prefix: "/users" },
  );

  // Leads, and the settings that shape them (service types, questions, responses, business contacts).
  const settingsRepos = { serviceTypes: serviceTypesRepository(db), contacts: contactsRepository(db) };
  await api.register(settingsRoutes(settingsService(settingsRepos)), { prefix: "/settings" });
  const leadsSvc = leadsService({
    repo: leadsRepository(db),
    search: leadsSearchRepository(db),
    forms: leadFormReader(settingsRepos),
  });
  await api.register(leadsRoutes(leadsSvc), { prefix: "/leads" });
}
