import type { AddressProvider } from "./address/address-provider";
import type { AnyDestination } from "./destination";

/**
 * Picks the adapter an organization's settings name: the destination of a vendor (`servicetitan`), the address
 * provider (the offline one unless the organization chose another).
 *
 * The rule of everything under integrations/: adapters never import the database. No `db/`, no drizzle, no `pg`
 * or PGlite, no `platform/db` or `platform/unit-of-work`: an adapter receives what it needs as arguments (the
 * payload, the settings and credentials, the environment) or through a port it is given (a function or a
 * repository passed in, such as the address provider's `StoreAddressPort`, built by the module that owns the
 * data). So an adapter runs the same against a simulator, in a test with a fake port, or in the worker, and a
 * vendor's code cannot reach into our data. integrations.rules.test.ts enforces it.
 */

/** No adapter is registered under the key an organization's settings name. */
export class UnknownAdapter extends Error {
  constructor(
    readonly what: "destination" | "address provider",
    readonly key: string,
    known: readonly string[],
  ) {
    super(
      `There is no ${what} "${key}". Known: ${known.length ? known.map((k) => `"${k}"`).join(", ") : "none"}.`,
    );
    this.name = "UnknownAdapter";
  }
}

/** The address provider used when the organization has not chosen one. */
export const DEFAULT_ADDRESS_PROVIDER = "offline";

/** What the registry reads from an organization's settings to pick an address provider. */
export type AddressSettings = { addressProvider?: string | null } | null | undefined;

export type Registry = {
  /** The adapter of a vendor, by the key the organization's destination settings store. */
  destination(vendor: string): AnyDestination;
  /** The vendors that have an adapter (for the settings form). */
  vendors(): string[];
  /** The organization's address provider: the one its settings name, else the offline one. */
  addressProvider(settings?: AddressSettings): AddressProvider;
};

export function createRegistry(opts: {
  destinations?: Readonly<Record<string, AnyDestination>>;
  addressProviders: Readonly<Record<string, AddressProvider>> & { readonly offline: AddressProvider };
}): Registry {
  const destinations = new Map(Object.entries(opts.destinations ?? {}));
  const providers = new Map(Object.entries(opts.addressProviders));
  for (const [key, d] of destinations) {
    // The key is what settings store; the adapter says which vendor it speaks. They must agree.
    if (d.vendor !== key)
      throw new Error(`The destination registered as "${key}" is the adapter of "${d.vendor}".`);
  }
  return {
    destination(vendor) {
      const found = destinations.get(vendor);
      if (!found) throw new UnknownAdapter("destination", vendor, [...destinations.keys()]);
      return found;
    },
    vendors: () => [...destinations.keys()].sort(),
    addressProvider(settings) {
      const key = settings?.addressProvider || DEFAULT_ADDRESS_PROVIDER;
      const found = providers.get(key);
      if (!found) throw new UnknownAdapter("address provider", key, [...providers.keys()]);
      return found;
    },
  };
}
