import type { HoursSearchRequest } from "@fieldlead/contracts";
import { Select } from "@mantine/core";
import { IdsFilter } from "../../../../components/multi-select-filter";
import { choiceParam, idsParam, named } from "../../../../lib/list-params";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";
import {
  filterRequestOf,
  LaborFilters,
  type LaborFilterValues,
  type PeriodChoice,
  periodParams,
  whoParams,
} from "../../components/labor-filters";

export const POSTED_CHOICES = ["all", "posted", "open"] as const;
export type PostedChoice = (typeof POSTED_CHOICES)[number];

/** The hours' filters in the address: Labor's period and people (`?range=`, `?search=`), the type and posted. */
export const hoursFilterParams = {
  ...periodParams({ range: "range" }),
  ...whoParams({ text: "search" }),
  hoursTypeIds: named("type", idsParam()),
  posted: choiceParam(POSTED_CHOICES, "all"),
};

export type HoursFilterValues = LaborFilterValues & {
  range: PeriodChoice;
  hoursTypeIds: number[];
  posted: PostedChoice;
};

/** The request's filters from the screen's: the period, who and where, the types and whether posted. */
export function hoursFiltersOf(
  v: HoursFilterValues,
): Omit<HoursSearchRequest, "page" | "pageSize" | "sortBy" | "sortDirection" | "groupBy"> {
  return {
    ...filterRequestOf(v),
    ...(v.hoursTypeIds.length ? { hoursTypeIds: v.hoursTypeIds } : {}),
    ...(v.posted === "all" ? {} : { posted: v.posted === "posted" }),
  };
}

const POSTED_OPTIONS = [
  { value: "all", label: "Posted or not" },
  { value: "posted", label: "Posted (locked)" },
  { value: "open", label: "Not posted yet" },
];

/** Labor's filters, then the hours type and whether posted. */
export function HoursFilters({
  value,
  onChange,
  activeCount,
  onClear,
}: {
  value: HoursFilterValues;
  onChange: (patch: Partial<HoursFilterValues>) => void;
  activeCount: number;
  onClear: () => void;
}) {
  const lookups = useLookupList();
  return (
    <LaborFilters value={value} onChange={onChange} activeCount={activeCount} onClear={onClear}>
      <IdsFilter
        label="Hours type"
        placeholder="Any type"
        data={toOptions(lookups.data?.userHoursTypes)}
        value={value.hoursTypeIds}
        onChange={(hoursTypeIds) => onChange({ hoursTypeIds })}
      />
      <Select
        label="Posted"
        allowDeselect={false}
        data={POSTED_OPTIONS}
        value={value.posted}
        onChange={(v) => onChange({ posted: (v ?? "all") as PostedChoice })}
        comboboxProps={{ withinPortal: true }}
      />
    </LaborFilters>
  );
}
