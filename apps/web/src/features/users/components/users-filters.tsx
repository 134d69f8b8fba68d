import { ORGANIZATION_ROLES } from "@fieldlead/contracts";
import { useMemo } from "react";
import { ActiveStatusFilter } from "../../../components/active-status";
import { FilterBar } from "../../../components/filter-bar";
import { IdsFilter } from "../../../components/multi-select-filter";
import { SearchInput } from "../../../components/search-input";
import { toOptions, useLookupList } from "../../../lib/lookup-list";

export type UserFilters = {
  search: string;
  roleIds: number[];
  territoryIds: number[];
  storeIds: number[];
  isActive: boolean | undefined;
};

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
  const storeOptions = useMemo(() => toOptions(lookups.data?.allStores), [lookups.data]);

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
      <IdsFilter
        label="Store"
        placeholder="Any store"
        data={storeOptions}
        value={value.storeIds}
        onChange={(storeIds) => onChange({ storeIds })}
        limit={100}
      />
    </FilterBar>
  );
}
