import type { AreaJobs } from "../../platform/jobs-list";
import type { crmReadBack } from "./deliveries.readback";

/** Every 15 minutes: what became of the records sent to each organization's CRM (outcomes, revenue). */
export const CRM_READBACK_CRON = "*/15 * * * *";

/**
 * The deliveries area's recurring work. Sending itself is not an outbox topic: the delivery worker
 * (deliveries.sender.ts, started by worker.ts) claims the deliveries table directly, because a delivery is one row
 * per lead and destination that changes, not one row per piece of work (decision 0039).
 */
export function deliveriesJobs(readBack: ReturnType<typeof crmReadBack>): AreaJobs {
  return {
    handlers: [],
    schedules: [
      {
        name: "deliveries.crmReadBack",
        cron: CRM_READBACK_CRON,
        run: async () => {
          await readBack.all();
        },
      },
    ],
  };
}
