export { appointmentsJobs } from "./appointments.jobs";
export { type AppointmentsRepository, appointmentsRepository } from "./appointments.repository";
export { appointmentsRoutes } from "./appointments.routes";
export { type AppointmentsService, appointmentsService, NOTICE_TOPICS } from "./appointments.service";
export type { CrmCapacity, CrmCapacityAnswer } from "./crm-capacity";
