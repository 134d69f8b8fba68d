import { ActiveStatusFilter } from "../../../components/active-status";
import { FilterBar } from "../../../components/filter-bar";
import { IdsFilter, MultiSelectFilter } from "../../../components/multi-select-filter";
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

/** Text, brand, territory, state and active filters of the stores list. */
export function StoresFilters({
  value,
  onChange,
  activeCount,
  onClear,
}: {
  value: StoreFilters;
  onChange: (patch: Partial<StoreFilters>) => void;
  /** Filters in use besides the defaults. */
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
          label="Search"
          placeholder="Name, number, city, street"
          value={value.search}
          onSearch={(search) => onChange({ search })}
        />
      }
      footer={<ActiveStatusFilter value={value.isActive} onChange={(isActive) => onChange({ isActive })} />}
    >
      <IdsFilter
        label="Brand"
        placeholder="Any brand"
        data={toOptions(lookups.data?.storesBrands)}
        value={value.brandIds}
        onChange={(brandIds) => onChange({ brandIds })}
      />
      <IdsFilter
        label="Territory"
        placeholder="Any territory"
        data={toOptions(lookups.data?.allOrganizationTerritories)}
        value={value.territoryIds}
        onChange={(territoryIds) => onChange({ territoryIds })}
      />
      <MultiSelectFilter
        label="State"
        placeholder="Any state"
        data={STATE_OPTIONS}
        value={value.states}
        onChange={(states) => onChange({ states })}
      />
    </FilterBar>
  );
}
