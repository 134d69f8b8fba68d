import { describe, expect, it } from "vitest";
import type { StoreAddressDetails, StoreAddressPort } from "./address-provider";
import { createOfflineAddressProvider } from "./offline";

/** The stores of two organizations, behind the port the stores module implements over its repository. */
const STORES: (StoreAddressDetails & { organizationId: number })[] = [
  {
    organizationId: 1,
    id: 10,
    address: "400 Route 23",
    city: "Wayne",
    state: "NJ",
    zip: "07470",
    latitude: "40.9254",
    longitude: "-74.2765",
    timeZone: "America/New_York",
  },
  {
    organizationId: 2,
    id: 20,
    address: "12 Route 23",
    city: "Butler",
    state: "NJ",
    zip: "07405",
    latitude: null,
    longitude: null,
    timeZone: "America/New_York",
  },
];

function fakePort() {
  const calls: unknown[][] = [];
  const port: StoreAddressPort = {
    async storeAddresses(organizationId, query, limit) {
      calls.push(["storeAddresses", organizationId, query, limit]);
      const q = query.toLowerCase();
      return STORES.filter(
        (s) =>
          s.organizationId === organizationId && `${s.address} ${s.city} ${s.zip}`.toLowerCase().includes(q),
      )
        .slice(0, limit)
        .map(({ id, address, city, state, zip }) => ({ id, address, city, state, zip }));
    },
    async storeAddress(organizationId, storeId) {
      calls.push(["storeAddress", organizationId, storeId]);
      const s = STORES.find((x) => x.organizationId === organizationId && x.id === storeId);
      if (!s) return null;
      const { organizationId: _o, ...rest } = s;
      return rest;
    },
  };
  return { port, calls };
}

describe("the offline address provider", () => {
  it("suggests the organization's own stores first, through the port, then ZIP codes", async () => {
    const { port, calls } = fakePort();
    const provider = createOfflineAddressProvider(port);
    const found = await provider.suggest(1, "  Route 23 ", 5);
    expect(found).toEqual([
      { id: "store:10", label: "400 Route 23, Wayne, NJ 07470", source: "organization" },
    ]);
    // The query reaches the port trimmed, with the organization and the limit.
    expect(calls).toEqual([["storeAddresses", 1, "Route 23", 5]]);
    // Organization 2 has no store there: ZIP codes only.
    const zips = await provider.suggest(2, "0747", 3);
    expect(zips.map((s) => s.source)).toEqual(["zip", "zip", "zip"]);
    expect(zips.every((s) => s.id.startsWith("zip:0747"))).toBe(true);
  });

  it("gives a store's details with its own coordinates, and nothing for another organization's store", async () => {
    const provider = createOfflineAddressProvider(fakePort().port);
    expect(await provider.details(1, "store:10")).toEqual({
      id: "store:10",
      address: "400 Route 23",
      city: "Wayne",
      state: "NJ",
      zip: "07470",
      country: "US",
      latitude: 40.9254,
      longitude: -74.2765,
      timeZone: "America/New_York",
    });
    expect(await provider.details(1, "store:20")).toBeNull();
    // Coordinates missing on the store come from its ZIP code.
    expect(await provider.details(2, "store:20")).toMatchObject({
      city: "Butler",
      latitude: expect.any(Number),
    });
  });

  it("asks the port nothing for an id that cannot be a store", async () => {
    const { port, calls } = fakePort();
    const provider = createOfflineAddressProvider(port);
    for (const id of ["store:abc", "store:0", "store:1.5", "store:99999999999"])
      expect(await provider.details(1, id), id).toBeNull();
    expect(calls).toEqual([]);
    expect(await provider.details(1, "zip:10001")).toMatchObject({ city: "New York", state: "NY" });
  });
});
