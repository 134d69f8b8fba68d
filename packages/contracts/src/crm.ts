import { z } from "zod";
import { endpoint } from "./endpoint";

/**
 * The organization's field-service CRM (ServiceTitan; docs/decisions/0036-servicetitan-client-and-simulator.md):
 * what it knows (technicians, business units, job types, campaigns) is kept in `crm_references` and refreshed
 * from it on demand and every 6 hours.
 */

const count = z.number().int().min(0);

/** What a refresh read from the CRM, by list, and how many references it marked inactive. */
export const crmRefreshCounts = z.object({
  technicians: count,
  businessUnits: count,
  jobTypes: count,
  campaigns: count,
  /** References the CRM no longer lists (or lists as inactive) that were active here: kept, marked inactive. */
  deactivated: count,
});
export type CrmRefreshCounts = z.infer<typeof crmRefreshCounts>;

export const crmApi = {
  updateTechniciansList: endpoint({
    name: "appointments.updateTechniciansList",
    method: "POST",
    path: "/api/appointments/update-technicians-list",
    auth: "tenant",
    summary:
      "Reads the technicians, business units, job types and campaigns from the organization's CRM and updates " +
      "the lists (Admins and Managers). 409 when the organization has no CRM connection; 502/503 when the CRM " +
      "refuses or does not answer, with nothing changed.",
    response: crmRefreshCounts,
  }),
} as const;
