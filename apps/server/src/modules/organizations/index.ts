export { organizationsLookups } from "./organizations.lookups";
export { type OrganizationsRepository, organizationsRepository } from "./organizations.repository";
export { organizationSettingsRoutes, organizationsRoutes } from "./organizations.routes";
export { type OrganizationsService, organizationsService } from "./organizations.service";
