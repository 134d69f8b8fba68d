import { ORGANIZATION_ROLES } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { ActiveStatusFilter } from "../../../components/active-status";
import { FilterBar } from "../../../components/filter-bar";
import { IdsFilter } from "../../../components/multi-select-filter";
import { SearchInput } from "../../../components/search-input";
import { SearchMultiSelect } from "../../../components/search-multi-select";
import { toOptions, useLookupList } from "../../../lib/lookup-list";

export type UserFilters = {
  search: string;
  roleIds: number[];
  territoryIds: number[];
  storeIds: number[];
  isActive: boolean | undefined;
};

/** People are found by any store of the organization, inactive ones too. */
const ANY_STORE = { includeInactive: true };
const ROLE_OPTIONS = ORGANIZATION_ROLES.map((r) => ({ value: String(r.id), label: r.name }));

/** Text, role, territory, store and active filters of the users list. */
export function UsersFilters({
  value,
  onChange,
  activeCount,
  onClear,
}: {
  value: UserFilters;
  onChange: (patch: Partial<UserFilters>) => void;
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
          placeholder="Name, email or phone"
          value={value.search}
          onSearch={(search) => onChange({ search })}
        />
      }
      footer={<ActiveStatusFilter value={value.isActive} onChange={(isActive) => onChange({ isActive })} />}
    >
      <IdsFilter
        label="Role"
        placeholder="Any role"
        data={ROLE_OPTIONS}
        value={value.roleIds}
        onChange={(roleIds) => onChange({ roleIds })}
      />
      <IdsFilter
        label="Territory"
        placeholder="Any territory"
        data={toOptions(lookups.data?.allOrganizationTerritories)}
        value={value.territoryIds}
        onChange={(territoryIds) => onChange({ territoryIds })}
      />
      <SearchMultiSelect
        endpoint={appApi.storeOptions}
        filters={ANY_STORE}
        label="Store"
        placeholder="Any store"
        clearable
        nothingFoundMessage="No store by that name"
        value={value.storeIds}
        onChange={(storeIds) => onChange({ storeIds })}
      />
    </FilterBar>
  );
}
