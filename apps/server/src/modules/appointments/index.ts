export { appointmentsJobs } from "./appointments.jobs";
export { type AppointmentsRepository, appointmentsRepository } from "./appointments.repository";
export { appointmentsRoutes, orTaken } from "./appointments.routes";
export {
  type AppointmentsService,
  appointmentsService,
  type Booked,
  type BookingOrg,
  NOTICE_TOPICS,
  WindowTaken,
} from "./appointments.service";
export type { CrmCapacity, CrmCapacityAnswer } from "./crm-capacity";
