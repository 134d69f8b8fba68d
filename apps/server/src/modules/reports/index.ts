export { reportsRoutes } from "./reports.routes";
export { smartCircleRepository } from "./smart-circle.repository";
export { type SmartCircleService, smartCircleService } from "./smart-circle.service";
