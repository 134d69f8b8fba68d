import { type AddressDetails, MAX_INT_ID } from "@fieldlead/contracts";
import zipcodes from "zipcodes";
import type { AddressProvider, AddressSuggestion, StoreAddressPort } from "./address-provider";

// The most common zone of each state; a ZIP data set with zones would refine the few split states.
const STATE_ZONE: Record<string, string> = {
  AK: "America/Anchorage",
  AL: "America/Chicago",
  AR: "America/Chicago",
  AZ: "America/Phoenix",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DC: "America/New_York",
  DE: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  IA: "America/Chicago",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  MA: "America/New_York",
  MD: "America/New_York",
  ME: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MO: "America/Chicago",
  MS: "America/Chicago",
  MT: "America/Denver",
  NC: "America/New_York",
  ND: "America/Chicago",
  NE: "America/Chicago",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NV: "America/Los_Angeles",
  NY: "America/New_York",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VA: "America/New_York",
  VT: "America/New_York",
  WA: "America/Los_Angeles",
  WI: "America/Chicago",
  WV: "America/New_York",
  WY: "America/Denver",
};

type Zip = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
let cityIndex: { key: string; zip: Zip }[] | null = null;

/** One entry per US city and state (its first ZIP), built once on first use. */
function cities() {
  if (!cityIndex) {
    const seen = new Set<string>();
    cityIndex = [];
    for (const z of Object.values(zipcodes.codes as Record<string, Zip>)) {
      if (z.country !== "US" || !STATE_ZONE[z.state]) continue;
      const key = `${z.city.toLowerCase()}, ${z.state.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      cityIndex.push({ key, zip: z });
    }
    cityIndex.sort((a, b) => a.key.localeCompare(b.key));
  }
  return cityIndex;
}

function zipDetails(z: Zip, address: string | null, id: string): AddressDetails {
  return {
    id,
    address,
    city: z.city,
    state: z.state,
    zip: z.zip,
    country: "US",
    latitude: z.latitude,
    longitude: z.longitude,
    timeZone: STATE_ZONE[z.state] ?? null,
  };
}

function lookupZip(zip: string): Zip | null {
  const z = zipcodes.lookup(zip) as Zip | undefined;
  return z && z.country === "US" ? z : null;
}

/**
 * Offline provider: the organization's own store addresses (read through `stores`, the stores module's port), plus
 * US ZIP codes and cities from a bundled data set. No network, no database of its own.
 */
export function createOfflineAddressProvider(stores: StoreAddressPort): AddressProvider {
  return {
    async suggest(organizationId, query, limit) {
      const q = query.trim();
      const own = await stores.storeAddresses(organizationId, q, limit);
      const out: AddressSuggestion[] = own.map((s) => ({
        id: `store:${s.id}`,
        label: [s.address, s.city, [s.state, s.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "),
        source: "organization",
      }));
      const zipMatch = /^\d{3,5}$/.test(q);
      if (zipMatch) {
        for (const z of Object.values(zipcodes.codes as Record<string, Zip>)) {
          if (out.length >= limit) break;
          if (z.country === "US" && z.zip.startsWith(q)) {
            out.push({ id: `zip:${z.zip}`, label: `${z.city}, ${z.state} ${z.zip}`, source: "zip" });
          }
        }
      } else {
        // "123 Main St, Springfield" -> the city part is after the last comma; "Springfield, IL" -> city then state.
        const parts = q
          .toLowerCase()
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean);
        const street = parts.length > 1 && /\d/.test(parts[0]) ? query.split(",")[0].trim() : null;
        const needle = (street ? parts.slice(1) : parts).join(", ");
        if (needle.length >= 2) {
          for (const c of cities()) {
            if (out.length >= limit) break;
            if (c.key.startsWith(needle)) {
              const label = `${street ? `${street}, ` : ""}${c.zip.city}, ${c.zip.state} ${c.zip.zip}`;
              const id = `zip:${c.zip.zip}${street ? `:${encodeURIComponent(street)}` : ""}`;
              out.push({ id, label, source: "zip" });
            }
          }
        }
      }
      return out.slice(0, limit);
    },

    async details(organizationId, id) {
      if (id.startsWith("store:")) {
        const storeId = Number(id.slice(6));
        if (!Number.isInteger(storeId) || storeId < 1 || storeId > MAX_INT_ID) return null;
        const s = await stores.storeAddress(organizationId, storeId);
        if (!s?.zip) return null;
        const z = lookupZip(s.zip);
        return {
          id,
          address: s.address,
          city: s.city ?? z?.city ?? "",
          state: s.state ?? z?.state ?? "",
          zip: s.zip,
          country: "US",
          latitude: s.latitude ? Number(s.latitude) : (z?.latitude ?? null),
          longitude: s.longitude ? Number(s.longitude) : (z?.longitude ?? null),
          timeZone: s.timeZone,
        };
      }
      const m = /^zip:(\d{5})(?::(.+))?$/.exec(id);
      if (!m) return null;
      const z = lookupZip(m[1]);
      if (!z) return null;
      return zipDetails(z, m[2] ? decodeURIComponent(m[2]) : null, id);
    },
  };
}
