import { FIELD_TYPES } from "@fieldlead/contracts";
import { lookupContribution } from "./lookup-list";
import type { LookupsRepository } from "./lookups.repository";
import { listTimeZones } from "./time-zones";

/**
 * The lookups module's own keys: the platform's reference lists, the time zones and the question field types,
 * the same for every caller. (The programs' code lists are the deliveries module's: modules/deliveries.)
 */
export function referenceListsContribution(repo: LookupsRepository) {
  return lookupContribution(
    "lookups",
    [
      "leadStatus",
      "languageTypes",
      "userActivities",
      "userReasons",
      "storesBrands",
      "userHoursTypes",
      "timeZones",
      "userTrades",
      "serviceTypeField",
    ],
    async (exec) => {
      const ref = await repo.referenceLists(exec);
      const named = (key: string) => (ref.get(key) ?? []).map(({ id, name }) => ({ id, name }));
      return {
        leadStatus: named("leadStatus"),
        languageTypes: named("languageTypes"),
        userActivities: named("userActivities"),
        userReasons: named("userReasons"),
        storesBrands: named("storesBrands"),
        userHoursTypes: named("userHoursTypes"),
        timeZones: listTimeZones(),
        userTrades: named("userTrades"),
        serviceTypeField: FIELD_TYPES.map((f) => ({ id: f.id, name: f.name })),
      };
    },
  );
}
