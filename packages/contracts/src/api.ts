import { accountApi } from "./account";
import { appApi } from "./app";
import { appointmentTypesApi } from "./appointment-types";
import { appointmentsApi } from "./appointments";
import { chartsApi } from "./charts";
import { crmApi } from "./crm";
import { dashboardApi } from "./dashboard";
import { destinationsApi } from "./destinations";
import type { EndpointDef } from "./endpoint";
import { laborApi } from "./labor/index";
import { leadsApi } from "./leads";
import { notificationsApi } from "./notifications";
import { organizationsApi } from "./organizations";
import { qrCodesApi } from "./qr-codes";
import { reportsApi } from "./reports";
import { schedulingApi } from "./scheduling";
import { settingsApi } from "./settings";
import { storesApi } from "./stores";
import { supportApi } from "./support";
import { usersApi } from "./users";

/**
 * Every endpoint the product serves, by area (docs/decisions/0025). A test holds them to docs/api/endpoints.tsv and
 * `extraEndpoints`; another checks that the server serves exactly these.
 */
export const API = {
  account: accountApi,
  app: appApi,
  appointmentTypes: appointmentTypesApi,
  appointments: appointmentsApi,
  charts: chartsApi,
  crm: crmApi,
  dashboard: dashboardApi,
  destinations: destinationsApi,
  labor: laborApi,
  leads: leadsApi,
  notifications: notificationsApi,
  organizations: organizationsApi,
  qrCodes: qrCodesApi,
  reports: reportsApi,
  scheduling: schedulingApi,
  settings: settingsApi,
  stores: storesApi,
  support: supportApi,
  users: usersApi,
} as const;

export const allEndpoints: readonly EndpointDef[] = Object.values(API).flatMap(
  (area) => Object.values(area) as EndpointDef[],
);
