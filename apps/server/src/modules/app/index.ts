export type { AddressProvider } from "../../integrations/address/address-provider";
export { assignableRoles, requirePlatformAdmin } from "./app.policy";
export { appRoutes, platformRoutes } from "./app.routes";
export { type AppService, appService } from "./app.service";
export { featuresRepository } from "./features.repository";
export { type LookupsRepository, lookupsRepository } from "./lookups.repository";
