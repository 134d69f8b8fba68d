import type { StoreAddressPort } from "../../integrations/address/address-provider";
import type { Executor } from "../../platform/unit-of-work";
import { storesRepository } from "./stores.repository";

type StoresRepository = ReturnType<typeof storesRepository>;

/**
 * The stores module's side of the address provider's port: the organization's store addresses, read through the
 * stores repository with `read` (the unit of work's root executor: suggestions are read outside any transaction).
 * It lives here, not in the app module that uses the provider, so that app does not depend on stores while
 * stores reads app's lookups (docs/decisions/0023-module-boundaries.md).
 */
export function storeAddressPort(
  read: Executor,
  stores: StoresRepository = storesRepository(),
): StoreAddressPort {
  return {
    storeAddresses: (organizationId, query, limit) =>
      stores.addressSuggestions(read, { organizationId }, query, limit),
    storeAddress: (organizationId, storeId) => stores.addressDetails(read, { organizationId }, storeId),
  };
}
