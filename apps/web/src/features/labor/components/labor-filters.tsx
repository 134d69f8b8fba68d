import { DATE_RANGE_OPTIONS } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Select } from "@mantine/core";
import type { ReactNode } from "react";
import { DateRangeField } from "../../../components/date-range-field";
import { FilterBar } from "../../../components/filter-bar";
import { IdsFilter } from "../../../components/multi-select-filter";
import { SearchInput } from "../../../components/search-input";
import { SearchMultiSelect } from "../../../components/search-multi-select";
import {
  choiceParam,
  dateParam,
  idsParam,
  named,
  optionalChoiceParam,
  textParam,
} from "../../../lib/list-params";
import { toOptions, useLookupList } from "../../../lib/lookup-list";
import type { OptionEndpoint } from "../../../lib/option-search";

/**
 * The filters every Labor list shares (docs/decisions/0040-labor.md): the period (a named range or custom days) and
 * who and where (a person's name, people, stores, territories). Each screen composes {@link LaborFilters} with its own
 * fields as children and its own switches as the footer; the pieces are exported for a screen that lays them out
 * itself. What they keep in the address ({@link periodParams}, {@link whoParams}) and what they ask the server
 * ({@link periodRequestOf}, {@link whoRequestOf}) are here too, so a list never spells them again.
 */

// ---------------------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------------------

/** The named ranges by id (1 Today .. 10 Year Before Last), and a custom range of days. */
export const PERIOD_CHOICES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "custom"] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
/** What a list with a period shows first, and what the server answers for none: This Week. */
export const THIS_WEEK: PeriodChoice = "3";

export type PeriodValues = { range: PeriodChoice | null; startDate: string | null; endDate: string | null };
export type WhoValues = { text: string; userIds: number[]; storeIds: number[]; territoryIds: number[] };
export type LaborFilterValues = PeriodValues & WhoValues;

// ---------------------------------------------------------------------------------------------------------
// The address
// ---------------------------------------------------------------------------------------------------------

/** Each filter's name in the address, where a screen's links spell it otherwise. */
export type FilterNames = Partial<Record<keyof LaborFilterValues, string>>;

/** The short names (`?period=4&from=…&to=…&q=…&person=…&store=…&territory=…`): activities and schedules. */
const SHORT_NAMES: Required<FilterNames> = {
  range: "period",
  startDate: "from",
  endDate: "to",
  text: "q",
  userIds: "person",
  storeIds: "store",
  territoryIds: "territory",
};

/** The names the time logs' lists have had from the start (`?range=…&startDate=…&search=…&people=…&stores=…`). */
export const SPELLED_OUT_NAMES: FilterNames = {
  range: "range",
  startDate: "startDate",
  endDate: "endDate",
  text: "search",
  userIds: "people",
  storeIds: "stores",
  territoryIds: "territories",
};

const nameOf = (names: FilterNames, key: keyof LaborFilterValues) => names[key] ?? SHORT_NAMES[key];

/** The period's codecs: a named range that is This Week by default (the select cannot be emptied), and custom days. */
export const periodParams = (names: FilterNames = {}) => ({
  range: named(nameOf(names, "range"), choiceParam(PERIOD_CHOICES, THIS_WEEK)),
  startDate: named(nameOf(names, "startDate"), dateParam()),
  endDate: named(nameOf(names, "endDate"), dateParam()),
});

/** The period's codecs where a list may have none (no range: every date, or the server's default). */
export const optionalPeriodParams = (names: FilterNames = {}) => ({
  ...periodParams(names),
  range: named(nameOf(names, "range"), optionalChoiceParam(PERIOD_CHOICES)),
});

/** The codecs of who and where: the name typed, people, stores, territories. */
export const whoParams = (names: FilterNames = {}) => ({
  text: named(nameOf(names, "text"), textParam()),
  userIds: named(nameOf(names, "userIds"), idsParam()),
  storeIds: named(nameOf(names, "storeIds"), idsParam()),
  territoryIds: named(nameOf(names, "territoryIds"), idsParam()),
});

// ---------------------------------------------------------------------------------------------------------
// The request
// ---------------------------------------------------------------------------------------------------------

/**
 * The period of a request: a named range, or the custom days once both are picked. No range, or a half-picked custom
 * range, asks nothing: the server's default applies (This Week, or every date where a list may have no period).
 */
export function periodRequestOf(v: PeriodValues): {
  dateRange?: number;
  startDate?: string;
  endDate?: string;
} {
  if (v.range === "custom")
    return v.startDate && v.endDate ? { startDate: v.startDate, endDate: v.endDate } : {};
  return v.range ? { dateRange: Number(v.range) } : {};
}

/** Who and where of a request: an empty name or list left out. */
export const whoRequestOf = (v: Partial<WhoValues>) => ({
  ...(v.text ? { text: v.text } : {}),
  ...(v.userIds?.length ? { userIds: v.userIds } : {}),
  ...(v.storeIds?.length ? { storeIds: v.storeIds } : {}),
  ...(v.territoryIds?.length ? { territoryIds: v.territoryIds } : {}),
});

/** The period, who and where of a request. */
export const filterRequestOf = (v: LaborFilterValues) => ({ ...periodRequestOf(v), ...whoRequestOf(v) });

// ---------------------------------------------------------------------------------------------------------
// The pieces
// ---------------------------------------------------------------------------------------------------------

const PERIOD_OPTIONS = [
  ...DATE_RANGE_OPTIONS.map((o) => ({ value: String(o.id), label: o.name })),
  { value: "custom", label: "Custom range…" },
];

/** What an emptied period select reads and whether it has a clear button. */
export type EmptyPeriod = {
  /** "Any date" (the list then has no period), "This Week" (the server's default). */
  label: string;
  clearable?: boolean;
};

/**
 * The period: a named range (Today .. Year Before Last) or "Custom range…". Choosing a named range forgets the custom
 * days. Without `empty` it always has a value.
 */
export function PeriodSelect({
  value,
  onChange,
  empty,
}: {
  value: PeriodChoice | null;
  onChange: (patch: Partial<PeriodValues>) => void;
  empty?: EmptyPeriod;
}) {
  return (
    <Select
      label="Period"
      placeholder={empty?.label}
      clearable={empty?.clearable ?? false}
      allowDeselect={empty !== undefined}
      data={PERIOD_OPTIONS}
      value={value}
      onChange={(v) => {
        const range = v as PeriodChoice | null;
        if (range === null && !empty) return;
        onChange({ range, ...(range !== "custom" ? { startDate: null, endDate: null } : {}) });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The first and last day of a custom period, shown only while "Custom range…" is chosen. */
export function CustomDates({
  value,
  onChange,
}: {
  value: PeriodValues;
  onChange: (patch: Partial<PeriodValues>) => void;
}) {
  if (value.range !== "custom") return null;
  return (
    <DateRangeField
      label="From – to"
      placeholder="Pick the first and last day"
      value={[value.startDate, value.endDate]}
      onChange={([startDate, endDate]) => onChange({ startDate, endDate })}
    />
  );
}

/** The person's name, sent once typing pauses. */
export function PersonSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  return (
    <SearchInput
      label="Person"
      placeholder="First or last name, or email"
      value={value}
      onSearch={onSearch}
    />
  );
}

type IdsPickerProps = { value: number[]; onChange: (ids: number[]) => void; label?: string };

/** A filter of ids searched on the server, a page at a time (people, stores). */
function searchedPicker<E extends OptionEndpoint>(
  endpoint: E,
  texts: { label: string; placeholder: string; nothingFoundMessage: string },
) {
  return function SearchedPicker({ label = texts.label, ...props }: IdsPickerProps) {
    return <SearchMultiSelect endpoint={endpoint} clearable {...texts} label={label} {...props} />;
  };
}

/** People by name (the lead generators the caller reaches). */
export const PeoplePicker = searchedPicker(appApi.leadGeneratorOptions, {
  label: "People",
  placeholder: "Anyone",
  nothingFoundMessage: "No one by that name",
});

/** Stores by name. */
export const StoresPicker = searchedPicker(appApi.storeOptions, {
  label: "Stores",
  placeholder: "Any store",
  nothingFoundMessage: "No store by that name",
});

/** The organization's territories, from the lookups. */
export function TerritoriesPicker({ value, onChange, label = "Territories" }: IdsPickerProps) {
  const lookups = useLookupList();
  return (
    <IdsFilter
      label={label}
      placeholder="Any territory"
      data={toOptions(lookups.data?.organizationTerritories)}
      value={value}
      onChange={onChange}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------
// The bar
// ---------------------------------------------------------------------------------------------------------

/** What the bar reads: who and where always (people where the bar has them), the period where it has one. */
export type LaborFilterFields = Pick<WhoValues, "text" | "storeIds" | "territoryIds"> &
  Partial<Pick<WhoValues, "userIds">> &
  Partial<PeriodValues>;

/** The bar's value and callbacks from a list's `useListPage`: its params, their setter, the count and the clearing. */
export const listFilterProps = <V,>(list: {
  params: V;
  setParams: (patch: Partial<V>) => void;
  filterCount: number;
  clearFilters: () => void;
}) => ({
  value: list.params,
  onChange: list.setParams,
  activeCount: list.filterCount,
  onClear: list.clearFilters,
});

/**
 * A Labor list's filters in the app's {@link FilterBar} (a grid; on a phone, the name and a "Filters" button that
 * unfolds the rest): the person's name first, then the period (and its custom days), people, stores, territories,
 * and the list's own fields (`children`); `footer` holds its switches. Someone who sees only themselves (no
 * `team`) gets no name, people or territories: the period takes the search's place.
 */
export function LaborFilters<V extends LaborFilterFields>({
  value,
  onChange,
  activeCount,
  onClear,
  period = {},
  people = true,
  team = true,
  labels,
  children,
  footer,
}: {
  value: V;
  onChange: (patch: Partial<V>) => void;
  /** Filters in use besides the defaults. */
  activeCount: number;
  onClear: () => void;
  /** The period select and how it reads emptied (`empty`), or `false` for a list with no period (a week picker). */
  period?: false | { empty?: EmptyPeriod };
  /** The people picker (a list whose rows are people already may leave it out). */
  people?: boolean;
  /** The caller sees other people (`labor.team`): the name, people and territories show. */
  team?: boolean;
  /** Other names for the pickers ("Store" where the list has always said so). */
  labels?: { stores?: string; territories?: string };
  children?: ReactNode;
  footer?: ReactNode;
}) {
  // The pieces write fields `V` has (the bar shows a piece only for a field it reads).
  const set = onChange as (patch: Partial<LaborFilterFields>) => void;
  const dates: PeriodValues = {
    range: value.range ?? null,
    startDate: value.startDate ?? null,
    endDate: value.endDate ?? null,
  };
  const periodSelect =
    period === false ? null : <PeriodSelect value={dates.range} onChange={set} empty={period.empty} />;
  return (
    <FilterBar
      activeCount={activeCount}
      onClear={onClear}
      footer={footer}
      search={team ? <PersonSearch value={value.text} onSearch={(text) => set({ text })} /> : periodSelect}
    >
      {team ? periodSelect : null}
      {period === false ? null : <CustomDates value={dates} onChange={set} />}
      {team && people ? (
        <PeoplePicker value={value.userIds ?? []} onChange={(userIds) => set({ userIds })} />
      ) : null}
      <StoresPicker
        value={value.storeIds}
        onChange={(storeIds) => set({ storeIds })}
        label={labels?.stores}
      />
      {team ? (
        <TerritoriesPicker
          value={value.territoryIds}
          onChange={(territoryIds) => set({ territoryIds })}
          label={labels?.territories}
        />
      ) : null}
      {children}
    </FilterBar>
  );
}
