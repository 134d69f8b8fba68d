import { DATE_RANGE_OPTIONS } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Select } from "@mantine/core";
import type { ReactNode } from "react";
import { DateRangeField } from "../../../../components/date-range-field";
import { FilterBar } from "../../../../components/filter-bar";
import { IdsFilter } from "../../../../components/multi-select-filter";
import { SearchInput } from "../../../../components/search-input";
import { SearchMultiSelect } from "../../../../components/search-multi-select";
import {
  choiceParam,
  dateParam,
  idsParam,
  named,
  optionalChoiceParam,
  textParam,
} from "../../../../lib/list-params";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";

/** The named ranges by id (1 Today .. 10 Year Before Last), and a custom range of days. */
export const RANGES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "custom"] as const;
export type RangeChoice = (typeof RANGES)[number];

/** The filters both lists share, kept in the address under the same names (the tabs keep them). */
export const sharedFilterParams = {
  range: named("period", optionalChoiceParam(RANGES)),
  startDate: named("from", dateParam()),
  endDate: named("to", dateParam()),
  text: named("q", textParam()),
  userIds: named("person", idsParam()),
  storeIds: named("store", idsParam()),
  territoryIds: named("territory", idsParam()),
};

export type SharedFilters = {
  range: RangeChoice | null;
  startDate: string | null;
  endDate: string | null;
  text: string;
  userIds: number[];
  storeIds: number[];
  territoryIds: number[];
};

/** The tab in the address: `?tab=recent`, `?tab=none`. */
export const TABS = ["activities", "recent", "none"] as const;
export type Tab = (typeof TABS)[number];
export const tabParam = { tab: choiceParam<Tab>(TABS, "activities") };

/**
 * A request's period and people from the filters: a named range, or the custom days once both are picked (a
 * half-picked custom range asks nothing, so the server's default, This Week, applies); empty lists left out.
 */
export function sharedRequestOf(v: SharedFilters) {
  const period =
    v.range === "custom"
      ? v.startDate && v.endDate
        ? { startDate: v.startDate, endDate: v.endDate }
        : {}
      : v.range
        ? { dateRange: Number(v.range) }
        : {};
  return {
    ...period,
    ...(v.text ? { text: v.text } : {}),
    ...(v.userIds.length ? { userIds: v.userIds } : {}),
    ...(v.storeIds.length ? { storeIds: v.storeIds } : {}),
    ...(v.territoryIds.length ? { territoryIds: v.territoryIds } : {}),
  };
}

const RANGE_OPTIONS = [
  ...DATE_RANGE_OPTIONS.map((o) => ({ value: String(o.id), label: o.name })),
  { value: "custom", label: "Custom range…" },
];

/**
 * The activities' filters: the person's name, the period (named ranges or custom days), people and territories (for
 * those who see the team), stores, and what a list adds (`children`: types, reasons).
 */
export function ActivityFilters({
  value,
  onChange,
  activeCount,
  onClear,
  team,
  children,
  footer,
}: {
  value: SharedFilters;
  onChange: (patch: Partial<SharedFilters>) => void;
  activeCount: number;
  onClear: () => void;
  /** The caller sees other people (`labor.team`): the person filters show. */
  team: boolean;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const lookups = useLookupList();
  return (
    <FilterBar
      activeCount={activeCount}
      onClear={onClear}
      footer={footer}
      search={
        team ? (
          <SearchInput
            label="Person"
            placeholder="First or last name, or email"
            value={value.text}
            onSearch={(text) => onChange({ text })}
          />
        ) : (
          <PeriodSelect value={value} onChange={onChange} />
        )
      }
    >
      {team ? <PeriodSelect value={value} onChange={onChange} /> : null}
      {value.range === "custom" ? (
        <DateRangeField
          label="From – to"
          placeholder="Pick the first and last day"
          value={[value.startDate, value.endDate]}
          onChange={([startDate, endDate]) => onChange({ startDate, endDate })}
        />
      ) : null}
      {team ? (
        <SearchMultiSelect
          endpoint={appApi.leadGeneratorOptions}
          label="People"
          placeholder="Anyone"
          clearable
          nothingFoundMessage="No one by that name"
          value={value.userIds}
          onChange={(userIds) => onChange({ userIds })}
        />
      ) : null}
      <SearchMultiSelect
        endpoint={appApi.storeOptions}
        label="Stores"
        placeholder="Any store"
        clearable
        nothingFoundMessage="No store by that name"
        value={value.storeIds}
        onChange={(storeIds) => onChange({ storeIds })}
      />
      {team ? (
        <IdsFilter
          label="Territories"
          placeholder="Any territory"
          data={toOptions(lookups.data?.organizationTerritories)}
          value={value.territoryIds}
          onChange={(territoryIds) => onChange({ territoryIds })}
        />
      ) : null}
      {children}
    </FilterBar>
  );
}

function PeriodSelect({
  value,
  onChange,
}: {
  value: SharedFilters;
  onChange: (patch: Partial<SharedFilters>) => void;
}) {
  return (
    <Select
      label="Period"
      placeholder="This Week"
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
  );
}
