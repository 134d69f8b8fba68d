import { appApi } from "@fieldlead/contracts/routes";
import { Switch } from "@mantine/core";
import { FilterBar } from "../../../../components/filter-bar";
import { IdsFilter } from "../../../../components/multi-select-filter";
import { SearchInput } from "../../../../components/search-input";
import { SearchMultiSelect } from "../../../../components/search-multi-select";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";

export type ScheduleFilters = {
  text: string;
  storeIds: number[];
  territoryIds: number[];
  everyone: boolean;
};

/** Who the grid lists: a name, stores (shifts there or assigned there), territories, and the field team or everyone. */
export function ScheduleFiltersBar({
  value,
  onChange,
  activeCount,
  onClear,
}: {
  value: ScheduleFilters;
  onChange: (patch: Partial<ScheduleFilters>) => void;
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
          placeholder="First or last name, email"
          value={value.text}
          onSearch={(text) => onChange({ text })}
        />
      }
      footer={
        <Switch
          label="Everyone who logs time (not only lead generators)"
          checked={value.everyone}
          onChange={(e) => onChange({ everyone: e.currentTarget.checked })}
        />
      }
    >
      <SearchMultiSelect
        endpoint={appApi.storeOptions}
        label="Store"
        placeholder="Any store"
        clearable
        nothingFoundMessage="No store by that name"
        value={value.storeIds}
        onChange={(storeIds) => onChange({ storeIds })}
      />
      <IdsFilter
        label="Territory"
        placeholder="Any territory"
        data={toOptions(lookups.data?.organizationTerritories)}
        value={value.territoryIds}
        onChange={(territoryIds) => onChange({ territoryIds })}
      />
    </FilterBar>
  );
}
