export { storeAddressPort } from "./address.wiring";
export { storesRepository } from "./stores.repository";
export { storesRoutes } from "./stores.routes";
export { type StoresService, storesService } from "./stores.service";
