export { appointmentTypesLookups } from "./appointment-types.lookups";
export { type AppointmentTypesRepository, appointmentTypesRepository } from "./appointment-types.repository";
export { appointmentTypesRoutes } from "./appointment-types.routes";
export { type AppointmentTypesService, appointmentTypesService } from "./appointment-types.service";
