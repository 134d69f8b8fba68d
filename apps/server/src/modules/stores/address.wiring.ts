import type { StoreAddressPort } from "../../integrations/address/address-provider";
import type { Executor } from "../../platform/unit-of-work";
import { storesRepository } from "./stores.repository";

type StoresRepository = ReturnType<typeof storesRepository>;

/**
 * The stores module's side of the address provider's port: the organization's store addresses, read through the
 * stores repository with `read` (the unit of work's root executor: suggestions are read outside any transaction).
 * `modules/index.ts` builds the provider over it for the address calls, which this module serves.
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
