export { organizationsRepository } from "./organizations.repository";
export { organizationSettingsRoutes, organizationsRoutes } from "./organizations.routes";
export { type OrganizationsService, organizationsService } from "./organizations.service";
export { smartCircleRepository } from "./smart-circle.repository";
export { type SmartCircleService, smartCircleService } from "./smart-circle.service";
