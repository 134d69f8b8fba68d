import {
  CONSENT_DESTINATIONS,
  LEAD_SOURCES,
  type LeadTypeLookup,
  type LookupList,
  leadStatusName,
  REJECTION_REASONS,
} from "@fieldlead/contracts";
import { useMemo } from "react";
import { useLookupList } from "../../../lib/lookup-list";
import { zoneAbbreviation } from "../../../lib/zone-abbreviation";
import { useLeadTypes } from "../api/get-lead-types";

export type QuestionInfo = LeadTypeLookup["serviceTypes"][number]["questions"][number] & {
  serviceTypeId: number;
};
export type ProgramList = "hdsfiGroup" | "hdJobType" | "centahServiceId" | "centahAdCode";

/** Names of the ids a lead carries, from the lookup lists (an unknown id reads "#id"). */
export type LeadNames = {
  store: (id: number | null | undefined) => string;
  territory: (id: number | null | undefined) => string;
  leadGenerator: (id: number | null | undefined) => string;
  serviceType: (id: number | null | undefined) => string;
  language: (id: number | null | undefined) => string;
  program: (list: ProgramList, id: number | null | undefined) => string;
  question: (id: number) => QuestionInfo | undefined;
};

const named = (items: readonly { id: number; name: string }[] | undefined) => {
  const map = new Map((items ?? []).map((i) => [i.id, i.name]));
  return (id: number | null | undefined) => (id == null ? "" : (map.get(id) ?? `#${id}`));
};

export function leadNames(lookups: LookupList | undefined, types: LeadTypeLookup | undefined): LeadNames {
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
    store: named(lookups?.allStores?.length ? lookups.allStores : lookups?.stores),
    territory: named(
      lookups?.allOrganizationTerritories?.length
        ? lookups.allOrganizationTerritories
        : lookups?.organizationTerritories,
    ),
    leadGenerator: named(lookups?.leadGenerator),
    serviceType: named(types?.serviceTypes),
    language: named(types?.languageTypes ?? lookups?.languageTypes),
    program: (list, id) => programs[list](id),
    question: (id) => questions.get(id),
  };
}

export function useLeadNames(): LeadNames {
  const lookups = useLookupList();
  const types = useLeadTypes();
  return useMemo(() => leadNames(lookups.data, types.data), [lookups.data, types.data]);
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
