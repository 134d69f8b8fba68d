import { ActiveStatusFilter } from "../../../components/active-status";
import { FilterBar } from "../../../components/filter-bar";
import { IdsFilter } from "../../../components/multi-select-filter";
import { SearchInput } from "../../../components/search-input";
import { toOptions, useLookupList } from "../../../lib/lookup-list";

export type AppointmentTypeFilters = {
  search: string;
  territoryIds: number[];
  isActive: boolean | undefined;
};

/** Name, territory and active filters of the appointment types list. */
export function AppointmentTypesFilters({
  value,
  onChange,
  activeCount,
  onClear,
}: {
  value: AppointmentTypeFilters;
  onChange: (patch: Partial<AppointmentTypeFilters>) => void;
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
          placeholder="Type name"
          value={value.search}
          onSearch={(search) => onChange({ search })}
        />
      }
      footer={<ActiveStatusFilter value={value.isActive} onChange={(isActive) => onChange({ isActive })} />}
    >
      <IdsFilter
        label="Bookable in"
        placeholder="Any territory"
        data={toOptions(lookups.data?.allOrganizationTerritories)}
        value={value.territoryIds}
        onChange={(territoryIds) => onChange({ territoryIds })}
      />
    </FilterBar>
  );
}
