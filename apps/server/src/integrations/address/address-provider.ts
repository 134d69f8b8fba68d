import type { AddressDetails } from "@fieldlead/contracts";

/** One suggestion of the address field: an id to ask `details` about, and what the person reads. */
export type AddressSuggestion = { id: string; label: string; source: "organization" | "zip" };

/**
 * Where address suggestions come from. The default (`offline.ts`) works with no network; an online provider can
 * replace it per organization (registry.ts). Every call names the organization: a provider never mixes two
 * organizations' addresses.
 */
export type AddressProvider = {
  suggest(organizationId: number, query: string, limit: number): Promise<AddressSuggestion[]>;
  details(organizationId: number, id: string): Promise<AddressDetails | null>;
};

/** A store address of the organization that matches what was typed. */
export type StoreAddress = {
  id: number;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

/** One store's address with where it is (coordinates as stored: decimal text). */
export type StoreAddressDetails = StoreAddress & {
  latitude: string | null;
  longitude: string | null;
  timeZone: string;
};

/**
 * The port through which a provider reads the organization's own addresses (its stores). The stores module
 * implements it over its repository; the provider never sees the database (registry.ts).
 */
export type StoreAddressPort = {
  /** Stores of the organization with an address whose street, city or ZIP contains `query`, at most `limit`. */
  storeAddresses(organizationId: number, query: string, limit: number): Promise<StoreAddress[]>;
  /** One store of the organization, or `null` (another organization's store too). */
  storeAddress(organizationId: number, storeId: number): Promise<StoreAddressDetails | null>;
};
