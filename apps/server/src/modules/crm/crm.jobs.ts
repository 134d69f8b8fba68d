import type { Logger } from "pino";
import type { AreaJobs } from "../../platform/jobs-list";
import type { Platform } from "../../platform/platform";
import { crmClients } from "./crm.clients";
import { crmRepository } from "./crm.repository";
import { crmService } from "./crm.service";

/** Every 6 hours (UTC, at 17 past), the references of every organization connected to a CRM. */
export const CRM_REFRESH_CRON = "17 */6 * * *";

/** The CRM area's background work: refreshing every connected organization's references. */
export function crmJobs(p: Pick<Platform, "uow" | "secrets">, log: Pick<Logger, "info" | "warn">): AreaJobs {
  const repo = crmRepository(p.secrets);
  const svc = crmService({ uow: p.uow, repo, clients: crmClients(repo) });
  return {
    handlers: [],
    schedules: [
      {
        name: "crm.refreshReferences",
        cron: CRM_REFRESH_CRON,
        run: async () => {
          await svc.refreshAll(log);
        },
      },
    ],
  };
}
