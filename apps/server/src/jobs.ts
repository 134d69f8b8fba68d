import type { Logger } from "pino";
import { smsSettingsFromEnv, twilioSms } from "./integrations/sms/index";
import { appointmentsJobs } from "./modules/appointments/index";
import { crmJobs } from "./modules/crm/index";
import { deliveriesJobs } from "./modules/deliveries/index";
import type { Services } from "./modules/index";
import { timeLogsJobs } from "./modules/labor/index";
import { notificationsJobs } from "./modules/notifications/index";
import { schedulingJobs } from "./modules/scheduling/index";
import { supportJobs } from "./modules/support/index";
import { usersJobs } from "./modules/users/index";
import { combineJobs } from "./platform/jobs-list";
import type { Platform } from "./platform/platform";
import { platformJobs } from "./platform/platform.jobs";

/**
 * Every area's background work, listed once (docs/architecture.md, "Add a job"). Each area keeps its handlers and
 * schedules in its own `<area>.jobs.ts`; the worker (worker.ts) runs what this returns. Deliveries, reminders and
 * notifications join here with their areas.
 */
export function allJobs(p: Platform, services: Services, log: Logger) {
  const sms = smsSettingsFromEnv(process.env);
  return combineJobs([
    platformJobs(p, log),
    usersJobs(p),
    crmJobs(p, log),
    deliveriesJobs(services.crmReadBack),
    schedulingJobs(p),
    // Labor: the missing-punch sweep, every 15 minutes (decision 0040).
    timeLogsJobs(services.laborTimeLogs),
    // Notifications: the background send of a large audience (decision 0041).
    notificationsJobs(services.notifications),
    // Support: a file's bytes go once the change that let go of it has committed (decision 0041).
    supportJobs(services.support),
    // Text messages go to a Twilio-style API when SMS_* is set, else to the development mailbox.
    appointmentsJobs(p, { sms: sms ? twilioSms(sms, { fetch }) : null, log }),
  ]);
}
