export {
  type LookupContribution,
  type LookupKey,
  type LookupReadOptions,
  lookupContribution,
} from "./lookup-list";
export { referenceListsContribution } from "./lookups.contributions";
export { type LookupsRepository, lookupsRepository } from "./lookups.repository";
export { lookupsRoutes } from "./lookups.routes";
export { type LookupsService, lookupsService, type RoleSelector } from "./lookups.service";
