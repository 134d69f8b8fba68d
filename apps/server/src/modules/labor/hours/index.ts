export { type HoursRepository, hoursRepository } from "./hours.repository";
export { hoursRoutes } from "./hours.routes";
export { type HoursService, hoursService } from "./hours.service";
