import { join } from "node:path";
import pino from "pino";
import type { App } from "../app";
import type { AddressProvider } from "../integrations/address/address-provider";
import { createOfflineAddressProvider } from "../integrations/address/offline";
import { PARTNER_DESTINATIONS } from "../integrations/partners/index";
import { createRegistry, type Registry } from "../integrations/registry";
import { memoryTokenCache, serviceTitanDestination } from "../integrations/servicetitan/index";
import { sessionRepository } from "../platform/auth/session.repository";
import type { Config } from "../platform/config";
import type { Platform } from "../platform/platform";
import { rateLimits } from "../platform/rate-limits";
import type { Routes } from "../platform/routes";
import { accountRepository, accountRoutes, accountService } from "./account/index";
import { adminRoutes, adminService, featuresRepository } from "./admin/index";
import {
  appointmentTypesLookups,
  appointmentTypesRepository,
  appointmentTypesRoutes,
  appointmentTypesService,
} from "./appointment-types/index";
import { appointmentsRepository, appointmentsRoutes, appointmentsService } from "./appointments/index";
import { crmCapacity, crmClients, crmLookups, crmRepository, crmRoutes, crmService } from "./crm/index";
import {
  crmReadBack,
  deliveriesRepository,
  deliveriesRoutes,
  deliveriesService,
  deliverySender,
  programLookups,
} from "./deliveries/index";
import {
  activitiesRepository,
  activitiesRoutes,
  activitiesService,
  hoursRepository,
  hoursRoutes,
  hoursService,
  laborHistoryRepository,
  schedulesRepository,
  schedulesRoutes,
  schedulesService,
  timeLogsRepository,
  timeLogsRoutes,
  timeLogsService,
} from "./labor/index";
import { leadIntake, leadsRepository, leadsRoutes, leadsSearchRepository, leadsService } from "./leads/index";
import {
  lookupsRepository,
  lookupsRoutes,
  lookupsService,
  referenceListsContribution,
} from "./lookups/index";
import { notificationsRepository, notificationsRoutes, notificationsService } from "./notifications/index";
import {
  organizationSettingsRoutes,
  organizationsLookups,
  organizationsRepository,
  organizationsRoutes,
  organizationsService,
} from "./organizations/index";
import { qrCodesRepository, qrCodesRoutes, qrCodesService, qrPublicService } from "./qr-codes/index";
import {
  funnelRoutes,
  funnelService,
  reportsRoutes,
  seriesRoutes,
  seriesService,
  smartCircleRepository,
  smartCircleService,
} from "./reports/index";
import { schedulingRepository, schedulingRoutes, schedulingService } from "./scheduling/index";
import {
  contactsRepository,
  leadFormReader,
  serviceTypesRepository,
  settingsRoutes,
  settingsService,
} from "./settings/index";
import {
  addressService,
  storeAddressPort,
  storesLookups,
  storesRepository,
  storesRoutes,
  storesService,
} from "./stores/index";
import { supportRepository, supportRoutes, supportService } from "./support/index";
import {
  assignableRoles,
  invitationsRepository,
  invitationsService,
  leadGeneratorsRepository,
  leadGeneratorsService,
  organizationInvitationRoutes,
  personInvitationRoutes,
  usersLookups,
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
/** The destinations' adapters by vendor (integrations/registry.ts): the CRM's and the three HTTP destinations'. */
export function destinationRegistry(offline: AddressProvider): Registry {
  return createRegistry({
    destinations: { servicetitan: serviceTitanDestination, ...PARTNER_DESTINATIONS },
    addressProviders: { offline },
  });
}

export function buildServices(p: Platform, options: { registry?: Registry; fetch?: typeof fetch } = {}) {
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
  const users = usersRepository();
  const lookups = lookupsRepository();
  const organizations = organizationsRepository();
  const leadGenerators = leadGeneratorsRepository();
  const log = config.logDestination
    ? pino({ level: config.logLevel }, config.logDestination)
    : pino({ level: config.logLevel });
  // Notifications (decision 0041): managers' messages and the product's own notices, in the app and by email. Built
  // first: the areas that send notices (invitations, dead deliveries, missing punches) get its `notices` port.
  const notifications = notificationsService({
    uow,
    outbox: p.outbox,
    mailer,
    publicUrl: config.publicUrl,
    repo: notificationsRepository(),
    notify: p.database.kind === "postgres",
    listen: p.database.listen,
    log,
  });
  const invitations = invitationsService({
    uow,
    repo: invitationsRepository(),
    users,
    sessions,
    account: accountSvc,
    mailer,
    notices: notifications.notices,
    publicUrl: config.publicUrl,
  });
  const settingsRepos = { serviceTypes: serviceTypesRepository(), contacts: contactsRepository() };
  const appointmentTypes = appointmentTypesRepository();
  // One CRM client per organization (and its token), shared by the refresh and the capacity port. The repository
  // seals the connection's secret on write and opens it on read with the platform's key (decision 0038).
  const crmRepo = crmRepository(p.secrets);
  const crm = crmClients(crmRepo);
  const forms = leadFormReader(settingsRepos);
  // Deliveries (decision 0039): the recorder writes them in the appointment's transaction, the sender sends them
  // (the worker, and the "send now" calls), the read-back brings the CRM's outcomes and revenue.
  const stores = storesRepository();
  const offlineAddresses = createOfflineAddressProvider(storeAddressPort(uow.read, stores));
  const registry = options.registry ?? destinationRegistry(offlineAddresses);
  const deliveriesRepo = deliveriesRepository();
  const tokens = memoryTokenCache();
  const sender = deliverySender({
    uow,
    repo: deliveriesRepo,
    crm: crmRepo,
    registry,
    secrets: p.secrets,
    notices: notifications.notices,
    publicUrl: config.publicUrl,
    log,
    fetch: options.fetch,
    tokens,
    backoff: config.deliveryRetry,
  });
  const deliveries = deliveriesService({
    uow,
    repo: deliveriesRepo,
    crm: crmRepo,
    registry,
    secrets: p.secrets,
    signal: p.deliverySignal,
    notify: p.database.kind === "postgres",
    sender,
    fetch: options.fetch,
    tokens,
  });
  const appointments = appointmentsService({
    uow,
    repo: appointmentsRepository(),
    leads: leadsRepository(),
    outbox: p.outbox,
    // Available windows are narrowed to what the organization's CRM can take (modules/crm; decision 0036).
    crmCapacity: crmCapacity({ uow, clients: crm }),
    deliveries: deliveries.recorder,
  });
  const qrCodes = qrCodesRepository();
  return {
    notifications,
    // Support (decision 0041): documents, tutorials and their files.
    support: supportService({
      uow,
      repo: supportRepository(),
      storage: p.storage,
      outbox: p.outbox,
      secrets: p.secrets,
      spoolDir: join(config.dataDir, "uploads"),
      limits: config.uploadLimits,
    }),
    account: accountSvc,
    invitations,
    admin: adminService({ uow, features: featuresRepository(), mailer }),
    // The lookup list is assembled from what each area contributes, each key exactly once (decision 0027).
    lookups: lookupsService({
      uow,
      contributions: [
        referenceListsContribution(lookups),
        organizationsLookups(organizations),
        storesLookups(stores),
        appointmentTypesLookups(appointmentTypes),
        usersLookups(leadGenerators),
        crmLookups(crmRepo),
        programLookups(deliveriesRepo, lookups),
      ],
      assignableRoles,
    }),
    organizations: organizationsService({ uow, repo: organizations }),
    smartCircle: smartCircleService({ uow, repo: smartCircleRepository() }),
    // The dashboard, the charts and the reports (decision 0042): reads of every area's rows.
    funnel: funnelService({ uow }),
    series: seriesService({ uow }),
    stores: storesService({ uow, repo: stores, lookups }),
    addresses: addressService({ address: offlineAddresses }),
    users: usersService({ uow, repo: users, lookups, sessions, account: accountSvc, invitations }),
    leadGenerators: leadGeneratorsService({ uow, repo: leadGenerators }),
    userTrades: userTradesService({ uow, repo: userTradesRepository(), users, lookups }),
    settings: settingsService({ uow, ...settingsRepos }),
    scheduling: schedulingService({ uow, repo: schedulingRepository() }),
    crm: crmService({ uow, repo: crmRepo, clients: crm }),
    appointmentTypes: appointmentTypesService({ uow, repo: appointmentTypes }),
    appointments,
    deliveries,
    deliverySender: sender,
    crmReadBack: crmReadBack({ uow, repo: deliveriesRepo, sender, log, fetch: options.fetch, tokens }),
    leads: leadsService({
      uow,
      repo: leadsRepository(),
      search: leadsSearchRepository(),
      forms,
    }),
    // QR codes (decision 0037): the staff's calls, and the shopper's page, which makes leads through the leads
    // module's intake and books through the appointments module, in one transaction.
    qrCodes: qrCodesService({ uow, repo: qrCodes, publicUrl: config.publicUrl }),
    qrPublic: qrPublicService({
      uow,
      repo: qrCodes,
      intake: leadIntake({ uow, repo: leadsRepository(), forms }),
      forms,
      appointments,
    }),
    // Labor: hours and payroll (decision 0040).
    laborHours: hoursService({ uow, repo: hoursRepository() }),
    // Labor: schedules and available hours (decision 0040).
    laborSchedules: schedulesService({ uow, repo: schedulesRepository() }),
    // Labor: activities and no activity (decision 0040).
    laborActivities: activitiesService({ uow, repo: activitiesRepository(), lookups }),
    // Labor: time logs, missing punches and labor history (decision 0040).
    laborTimeLogs: timeLogsService({
      uow,
      repo: timeLogsRepository(),
      history: laborHistoryRepository(),
      notices: notifications.notices,
      publicUrl: config.publicUrl,
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
    lookupsRoutes(s.lookups),
    adminRoutes(s.admin),
    organizationsRoutes(s.organizations),
    organizationSettingsRoutes(s.organizations),
    reportsRoutes(s.smartCircle),
    funnelRoutes(s.funnel),
    seriesRoutes(s.series),
    storesRoutes(s.stores, s.addresses),
    appointmentTypesRoutes(s.appointmentTypes),
    usersRoutes(s.users, s.leadGenerators),
    organizationInvitationRoutes(s.invitations),
    userTradesRoutes(s.userTrades),
    settingsRoutes(s.settings),
    schedulingRoutes(s.scheduling),
    crmRoutes(s.crm),
    leadsRoutes(s.leads),
    appointmentsRoutes(s.appointments),
    qrCodesRoutes(s.qrCodes, s.qrPublic, limits),
    deliveriesRoutes(s.deliveries),
    hoursRoutes(s.laborHours),
    schedulesRoutes(s.laborSchedules),
    activitiesRoutes(s.laborActivities),
    timeLogsRoutes(s.laborTimeLogs),
    notificationsRoutes(s.notifications),
    supportRoutes(s.support),
  ];
  for (const routes of modules) routes(api);
}
