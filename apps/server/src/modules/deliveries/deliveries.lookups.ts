import { type LookupsRepository, lookupContribution } from "../lookups/index";
import type { DeliveriesRepository } from "./deliveries.repository";

type Code = { id: number; name: string; code: string };

/** A stored settings list (what an Admin saved) as lookup items; `null` when the settings have none. */
function codesOf(settings: Record<string, unknown> | undefined, key: string): Code[] | null {
  const list = settings?.[key];
  if (!Array.isArray(list) || list.length === 0) return null;
  return list
    .filter((c): c is Code => typeof c?.id === "number" && typeof c?.name === "string")
    .map((c) => ({ id: c.id, name: c.name, code: typeof c.code === "string" ? c.code : String(c.id) }));
}

/**
 * The programs' lookups (docs/decisions/0039): the codes the organization's retailer program (groups, job types),
 * second partner program (service ids, ad codes) and retailer (IME sub-categories) settings hold. An organization
 * that has not entered its own list gets the platform's published one (the reference lists), so forms never show
 * an empty choice where the program has codes.
 */
export function programLookups(repo: DeliveriesRepository, reference: LookupsRepository) {
  return lookupContribution(
    "deliveries",
    [
      "hdsfiGroup",
      "hdJobType",
      "hdsfiGroupForAppointmentTypes",
      "centahServiceId",
      "centahAdCode",
      "imeSubCategories",
    ],
    async (exec, ctx) => {
      // One after the other: the lookup list may be read inside a transaction (one connection).
      const rows = await repo.settings(exec, ctx.organizationId);
      const ref = await reference.referenceLists(exec);
      const settingsOf = (d: string) => rows.find((r) => r.destination === d)?.settings;
      const platform = (key: string): Code[] => [...(ref.get(key) ?? [])].map((r) => ({ ...r }));
      const hd = settingsOf("retailerProgram");
      const centah = settingsOf("secondPartner");
      const retailer = settingsOf("retailer");
      const groups = codesOf(hd, "groups") ?? platform("hdsfiGroup");
      const ime = retailer?.imeSubCategories;
      return {
        hdsfiGroup: groups,
        hdsfiGroupForAppointmentTypes: groups,
        hdJobType: codesOf(hd, "jobTypes") ?? platform("hdJobType"),
        centahServiceId: codesOf(centah, "serviceIds") ?? platform("centahServiceId"),
        centahAdCode: codesOf(centah, "adCodes") ?? platform("centahAdCode"),
        imeSubCategories:
          Array.isArray(ime) && ime.length > 0
            ? (ime as { id: number; name: string }[]).map(({ id, name }) => ({ id, name }))
            : platform("imeSubCategories").map(({ id, name }) => ({ id, name })),
      };
    },
  );
}
