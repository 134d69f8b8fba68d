import { DATE_RANGE_OPTIONS, type HoursSearchRequest } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Select } from "@mantine/core";
import { DateRangeField } from "../../../../components/date-range-field";
import { FilterBar } from "../../../../components/filter-bar";
import { IdsFilter } from "../../../../components/multi-select-filter";
import { SearchInput } from "../../../../components/search-input";
import { SearchMultiSelect } from "../../../../components/search-multi-select";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";

/** The named ranges by id (1 Today .. 10 Year Before Last), and a custom range of days. */
export const HOURS_RANGES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "custom"] as const;
export type HoursRange = (typeof HOURS_RANGES)[number];
/** What the list shows first: This Week. */
export const DEFAULT_RANGE: HoursRange = "3";

export const POSTED_CHOICES = ["all", "posted", "open"] as const;
export type PostedChoice = (typeof POSTED_CHOICES)[number];

export type HoursFilterValues = {
  range: HoursRange;
  startDate: string | null;
  endDate: string | null;
  text: string;
  userIds: number[];
  storeIds: number[];
  territoryIds: number[];
  hoursTypeIds: number[];
  posted: PostedChoice;
};

/**
 * The request's filters from the screen's: the period (a named range, or the custom days once both are picked: a
 * half-picked range asks for This Week), who and where, empty lists and words left out.
 */
export function hoursFiltersOf(
  v: HoursFilterValues,
): Omit<HoursSearchRequest, "page" | "pageSize" | "sortBy" | "sortDirection" | "groupBy"> {
  const period =
    v.range === "custom"
      ? v.startDate && v.endDate
        ? { startDate: v.startDate, endDate: v.endDate }
        : { dateRange: Number(DEFAULT_RANGE) }
      : { dateRange: Number(v.range) };
  return {
    ...period,
    ...(v.text ? { text: v.text } : {}),
    ...(v.userIds.length ? { userIds: v.userIds } : {}),
    ...(v.storeIds.length ? { storeIds: v.storeIds } : {}),
    ...(v.territoryIds.length ? { territoryIds: v.territoryIds } : {}),
    ...(v.hoursTypeIds.length ? { hoursTypeIds: v.hoursTypeIds } : {}),
    ...(v.posted === "all" ? {} : { posted: v.posted === "posted" }),
  };
}

const RANGE_OPTIONS = [
  ...DATE_RANGE_OPTIONS.map((o) => ({ value: String(o.id), label: o.name })),
  { value: "custom", label: "Custom range…" },
];
const POSTED_OPTIONS = [
  { value: "all", label: "Posted or not" },
  { value: "posted", label: "Posted (locked)" },
  { value: "open", label: "Not posted yet" },
];

/** The person's name first, then the period, people, stores, territories, hours type and whether posted. */
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
    <FilterBar
      activeCount={activeCount}
      onClear={onClear}
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
        allowDeselect={false}
        data={RANGE_OPTIONS}
        value={value.range}
        onChange={(v) =>
          onChange({
            range: (v ?? DEFAULT_RANGE) as HoursRange,
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
    </FilterBar>
  );
}
