import { describe, expect, it } from "vitest";
import type { AddressProvider } from "./address/address-provider";
import { type AnyDestination, delivered } from "./destination";
import { createRegistry, UnknownAdapter } from "./registry";

const provider = (name: string): AddressProvider => ({
  suggest: async () => [{ id: name, label: name, source: "zip" }],
  details: async () => null,
});
const destination = (vendor: string): AnyDestination => ({
  vendor,
  kind: "crm",
  schemas: { settings: { parse: (raw) => raw }, credentials: { parse: (raw) => raw } },
  send: async () => delivered("booking-1"),
});

describe("the integrations registry", () => {
  const offline = provider("offline");
  const online = provider("online");
  const registry = createRegistry({
    destinations: { servicetitan: destination("servicetitan"), retailer: destination("retailer") },
    addressProviders: { offline, online },
  });

  it("gives the adapter of a vendor, and names the known ones for an unknown vendor", () => {
    expect(registry.destination("servicetitan").vendor).toBe("servicetitan");
    expect(registry.vendors()).toEqual(["retailer", "servicetitan"]);
    expect(() => registry.destination("jobber")).toThrow(UnknownAdapter);
    expect(() => registry.destination("jobber")).toThrow(
      'There is no destination "jobber". Known: "servicetitan", "retailer".',
    );
  });

  it("picks the organization's address provider, the offline one unless it chose another", () => {
    expect(registry.addressProvider()).toBe(offline);
    expect(registry.addressProvider(null)).toBe(offline);
    expect(registry.addressProvider({ addressProvider: null })).toBe(offline);
    expect(registry.addressProvider({ addressProvider: "online" })).toBe(online);
    expect(() => registry.addressProvider({ addressProvider: "maps" })).toThrow(
      'There is no address provider "maps". Known: "offline", "online".',
    );
  });

  it("refuses an adapter registered under another vendor's key", () => {
    expect(() =>
      createRegistry({
        destinations: { retailer: destination("servicetitan") },
        addressProviders: { offline },
      }),
    ).toThrow('The destination registered as "retailer" is the adapter of "servicetitan".');
  });
});
