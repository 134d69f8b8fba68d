import {
  CONSENT_DESTINATIONS,
  LEAD_SOURCES,
  type LeadHistoryEntry,
  type LeadTypeLookup,
  type LookupList,
  leadStatusName,
  REJECTION_REASONS,
} from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { useMemo } from "react";
import { useLookupList } from "../../../lib/lookup-list";
import { useOptionsById } from "../../../lib/option-search";
import { zoneAbbreviation } from "../../../lib/zone-abbreviation";
import { useLeadTypes } from "../api/get-lead-types";

export { formatPhone } from "../../../lib/phone";

export type QuestionInfo = LeadTypeLookup["serviceTypes"][number]["questions"][number] & {
  serviceTypeId: number;
};
export type ProgramList = "hdsfiGroup" | "hdJobType" | "centahServiceId" | "centahAdCode";

/** Names of the ids a lead carries, from the lookup lists (an unknown id reads "#id"). */
export type LeadNames = {
  store: (id: number | null | undefined) => string;
  territory: (id: number | null | undefined) => string;
  /** A lead generator's name. */
  generator: (id: number | null | undefined) => string;
  serviceType: (id: number | null | undefined) => string;
  language: (id: number | null | undefined) => string;
  program: (list: ProgramList, id: number | null | undefined) => string;
  question: (id: number) => QuestionInfo | undefined;
};

const named = (items: readonly { id: number; name: string }[] | undefined) => {
  const map = new Map((items ?? []).map((i) => [i.id, i.name]));
  return (id: number | null | undefined) => (id == null ? "" : (map.get(id) ?? `#${id}`));
};

type Named = readonly { id: number; name: string }[];
/** The stores and lead generators to name (the lookup list no longer holds them: they are asked by id). */
export type PeopleAndPlaces = { storeNames?: Named; generatorNames?: Named };

export function leadNames(
  lookups: LookupList | undefined,
  types: LeadTypeLookup | undefined,
  people: PeopleAndPlaces = {},
): LeadNames {
  const questions = new Map<number, QuestionInfo>();
  for (const t of types?.serviceTypes ?? [])
    for (const q of t.questions) questions.set(q.id, { ...q, serviceTypeId: t.id });
  const programs: Record<ProgramList, (id: number | null | undefined) => string> = {
    hdsfiGroup: named(lookups?.hdsfiGroup),
    hdJobType: named(lookups?.hdJobType),
    centahServiceId: named(lookups?.centahServiceId),
    centahAdCode: named(lookups?.centahAdCode),
  };
  return {
    store: named(people.storeNames),
    territory: named(
      lookups?.allOrganizationTerritories?.length
        ? lookups.allOrganizationTerritories
        : lookups?.organizationTerritories,
    ),
    generator: named(people.generatorNames),
    serviceType: named(types?.serviceTypes),
    language: named(types?.languageTypes ?? lookups?.languageTypes),
    program: (list, id) => programs[list](id),
    question: (id) => questions.get(id),
  };
}

const idsOf = (history: readonly LeadHistoryEntry[], key: "storeId" | "leadGeneratorId") => {
  const ids = new Set<number>();
  // A capture lists nothing that changed (lead-history.tsx): only the changes' ids are shown.
  for (const entry of history) {
    if (entry.action === "created") continue;
    for (const side of [entry.before, entry.after]) {
      const id = side?.[key];
      if (typeof id === "number") ids.add(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
};

/** The store and lead generator ids a lead's history names (before or after a change). */
export const historyIds = (history: readonly LeadHistoryEntry[]) => ({
  storeIds: idsOf(history, "storeId"),
  leadGeneratorIds: idsOf(history, "leadGeneratorId"),
});

/**
 * The names of a lead's ids; with a lead, its history's stores and lead generators are named too, each list by
 * one call with their ids.
 */
const NO_HISTORY: readonly LeadHistoryEntry[] = [];

export function useLeadNames(history: readonly LeadHistoryEntry[] = NO_HISTORY): LeadNames {
  const lookups = useLookupList();
  const types = useLeadTypes();
  const ids = useMemo(() => historyIds(history), [history]);
  const storesById = useOptionsById(appApi.storeOptions, ids.storeIds).byId;
  const generatorsById = useOptionsById(appApi.leadGeneratorOptions, ids.leadGeneratorIds).byId;
  return useMemo(
    () =>
      leadNames(lookups.data, types.data, {
        storeNames: [...storesById.values()],
        generatorNames: [...generatorsById.values()],
      }),
    [lookups.data, types.data, storesById, generatorsById],
  );
}

export const sourceName = (id: string) => LEAD_SOURCES.find((s) => s.id === id)?.name ?? id;
export const reasonName = (id: string | null | undefined) =>
  id ? (REJECTION_REASONS.find((r) => r.id === id)?.name ?? id) : "";
export const destinationName = (id: string) => CONSENT_DESTINATIONS.find((d) => d.id === id)?.name ?? id;
export { leadStatusName, zoneAbbreviation };

/** Colors of the statuses along the funnel. */
export function statusColor(statusId: number): string {
  switch (statusId) {
    case 1:
      return "blue";
    case 2:
      return "cyan";
    case 3:
    case 4:
    case 5:
      return "indigo";
    case 6:
      return "violet";
    case 7:
      return "teal";
    case 8:
    case 9:
    case 10:
      return "gray";
    case 11:
      return "red";
    default:
      return "gray";
  }
}

/** A time as the server gives it on the store's clock, with the zone: "2026-11-20 19:04 EST". */
export const storeTime = (local: string, timeZone: string, at: string) =>
  `${local} ${zoneAbbreviation(timeZone, at)}`;
