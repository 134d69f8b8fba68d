export { type AddressService, addressService } from "./address.service";
export { storeAddressPort } from "./address.wiring";
export { storesLookups } from "./stores.lookups";
export { storesRepository } from "./stores.repository";
export { storesRoutes } from "./stores.routes";
export { type StoresService, storesService } from "./stores.service";
