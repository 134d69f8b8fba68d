import { DATE_RANGE_OPTIONS } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Select } from "@mantine/core";
import type { ReactNode } from "react";
import { DateRangeField } from "../../../../components/date-range-field";
import { FilterBar } from "../../../../components/filter-bar";
import { IdsFilter } from "../../../../components/multi-select-filter";
import { SearchInput } from "../../../../components/search-input";
import { SearchMultiSelect } from "../../../../components/search-multi-select";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";

/** The named ranges by id (1 Today .. 10 Year Before Last), and a custom range of days. */
export const RANGES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "custom"] as const;
export type RangeChoice = (typeof RANGES)[number];

export type LaborFilterValues = {
  range: RangeChoice | null;
  startDate: string | null;
  endDate: string | null;
  text: string;
  userIds: number[];
  storeIds: number[];
  territoryIds: number[];
};

/**
 * The period of a request from the filters: a named range, or the custom days once both are picked (a half-picked
 * custom range asks nothing, so the server's default applies).
 */
export function periodOf(v: Pick<LaborFilterValues, "range" | "startDate" | "endDate">) {
  if (v.range === "custom")
    return v.startDate && v.endDate ? { startDate: v.startDate, endDate: v.endDate } : {};
  return v.range ? { dateRange: Number(v.range) } : {};
}

/** Who and where of a request: empty lists and words left out. */
export const whoOf = (v: Pick<LaborFilterValues, "text" | "userIds" | "storeIds" | "territoryIds">) => ({
  ...(v.text ? { text: v.text } : {}),
  ...(v.userIds.length ? { userIds: v.userIds } : {}),
  ...(v.storeIds.length ? { storeIds: v.storeIds } : {}),
  ...(v.territoryIds.length ? { territoryIds: v.territoryIds } : {}),
});

const RANGE_OPTIONS = [
  ...DATE_RANGE_OPTIONS.map((o) => ({ value: String(o.id), label: o.name })),
  { value: "custom", label: "Custom range…" },
];

/**
 * The labor lists' filters: the person's name first, then the period (named ranges or custom days), people,
 * stores and territories; `footer` holds a list's own switches.
 */
export function LaborFilters({
  value,
  onChange,
  activeCount,
  onClear,
  anyDate,
  footer,
}: {
  value: LaborFilterValues;
  onChange: (patch: Partial<LaborFilterValues>) => void;
  activeCount: number;
  onClear: () => void;
  /** Set when the list may have no period: the range is clearable and this is its placeholder ("Any date"). */
  anyDate?: string;
  footer?: ReactNode;
}) {
  const lookups = useLookupList();
  return (
    <FilterBar
      activeCount={activeCount}
      onClear={onClear}
      footer={footer}
      search={
        <SearchInput
          label="Person"
          placeholder="First or last name, or email"
          value={value.text}
          onSearch={(text) => onChange({ text })}
        />
      }
    >
      <Select
        label="Period"
        placeholder={anyDate ?? "This Week"}
        clearable={anyDate !== undefined}
        allowDeselect={anyDate !== undefined}
        data={RANGE_OPTIONS}
        value={value.range}
        onChange={(v) =>
          onChange({
            range: v as RangeChoice | null,
            ...(v !== "custom" ? { startDate: null, endDate: null } : {}),
          })
        }
        comboboxProps={{ withinPortal: true }}
      />
      {value.range === "custom" ? (
        <DateRangeField
          label="From – to"
          placeholder="Pick the first and last day"
          value={[value.startDate, value.endDate]}
          onChange={([startDate, endDate]) => onChange({ startDate, endDate })}
        />
      ) : null}
      <SearchMultiSelect
        endpoint={appApi.leadGeneratorOptions}
        label="People"
        placeholder="Anyone"
        clearable
        nothingFoundMessage="No one by that name"
        value={value.userIds}
        onChange={(userIds) => onChange({ userIds })}
      />
      <SearchMultiSelect
        endpoint={appApi.storeOptions}
        label="Stores"
        placeholder="Any store"
        clearable
        nothingFoundMessage="No store by that name"
        value={value.storeIds}
        onChange={(storeIds) => onChange({ storeIds })}
      />
      <IdsFilter
        label="Territories"
        placeholder="Any territory"
        data={toOptions(lookups.data?.organizationTerritories)}
        value={value.territoryIds}
        onChange={(territoryIds) => onChange({ territoryIds })}
      />
    </FilterBar>
  );
}
