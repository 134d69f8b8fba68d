import { MultiSelect, SegmentedControl } from "@mantine/core";
import { FilterBar } from "../../../components/filter-bar";
import { SearchInput } from "../../../components/search-input";
import { toOptions, useLookupList } from "../../../lib/lookup-list";
import { STATE_OPTIONS } from "./store-form";

export type StoreFilters = {
  search: string;
  brandIds: number[];
  territoryIds: number[];
  states: string[];
  isActive: boolean | undefined;
};

const ACTIVE_OPTIONS = [
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
  { value: "all", label: "All" },
];

const strings = (ids: number[]) => ids.map(String);
const numbers = (values: string[]) => values.map(Number);

/** Text, brand, territory, state and active filters of the stores list. */
export function StoresFilters({
  value,
  onChange,
}: {
  value: StoreFilters;
  onChange: (patch: Partial<StoreFilters>) => void;
}) {
  const lookups = useLookupList();
  const activeCount =
    Number(value.search !== "") +
    Number(value.brandIds.length > 0) +
    Number(value.territoryIds.length > 0) +
    Number(value.states.length > 0) +
    Number(value.isActive !== true);

  return (
    <FilterBar
      activeCount={activeCount}
      onClear={() => onChange({ search: "", brandIds: [], territoryIds: [], states: [], isActive: true })}
      search={
        <SearchInput
          label="Search"
          placeholder="Name, number, city or address"
          value={value.search}
          onSearch={(search) => onChange({ search })}
        />
      }
      footer={
        <SegmentedControl
          aria-label="Status"
          size="sm"
          data={ACTIVE_OPTIONS}
          value={value.isActive === undefined ? "all" : String(value.isActive)}
          onChange={(v) => onChange({ isActive: v === "all" ? undefined : v === "true" })}
        />
      }
    >
      <MultiSelect
        label="Brand"
        placeholder={value.brandIds.length ? undefined : "Any brand"}
        data={toOptions(lookups.data?.storesBrands)}
        value={strings(value.brandIds)}
        onChange={(v) => onChange({ brandIds: numbers(v) })}
        clearable
        searchable
      />
      <MultiSelect
        label="Territory"
        placeholder={value.territoryIds.length ? undefined : "Any territory"}
        data={toOptions(lookups.data?.allOrganizationTerritories)}
        value={strings(value.territoryIds)}
        onChange={(v) => onChange({ territoryIds: numbers(v) })}
        clearable
        searchable
      />
      <MultiSelect
        label="State"
        placeholder={value.states.length ? undefined : "Any state"}
        data={STATE_OPTIONS}
        value={value.states}
        onChange={(states) => onChange({ states })}
        clearable
        searchable
      />
    </FilterBar>
  );
}
