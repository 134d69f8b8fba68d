import { ROLES } from "@fieldlead/contracts";
import { MultiSelect, SegmentedControl } from "@mantine/core";
import { useMemo } from "react";
import { FilterBar } from "../../../components/filter-bar";
import { SearchInput } from "../../../components/search-input";
import { toOptions, useLookupList } from "../../../lib/lookup-list";

export type UserFilters = {
  search: string;
  roleIds: number[];
  territoryIds: number[];
  storeIds: number[];
  isActive: boolean | undefined;
};

const ROLE_OPTIONS = ROLES.filter((r) => r.id !== 1).map((r) => ({ value: String(r.id), label: r.name }));
const ACTIVE_OPTIONS = [
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
  { value: "all", label: "All" },
];

const strings = (ids: number[]) => ids.map(String);
const numbers = (values: string[]) => values.map(Number);

/** Text, role, territory, store and active filters of the users list. */
export function UsersFilters({
  value,
  onChange,
}: {
  value: UserFilters;
  onChange: (patch: Partial<UserFilters>) => void;
}) {
  const lookups = useLookupList();
  const storeOptions = useMemo(() => toOptions(lookups.data?.allStores), [lookups.data]);
  const activeCount =
    Number(value.search !== "") +
    Number(value.roleIds.length > 0) +
    Number(value.territoryIds.length > 0) +
    Number(value.storeIds.length > 0) +
    Number(value.isActive !== true);

  return (
    <FilterBar
      activeCount={activeCount}
      onClear={() => onChange({ search: "", roleIds: [], territoryIds: [], storeIds: [], isActive: true })}
      search={
        <SearchInput
          label="Search"
          placeholder="Name, email or phone"
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
        label="Role"
        placeholder={value.roleIds.length ? undefined : "Any role"}
        data={ROLE_OPTIONS}
        value={strings(value.roleIds)}
        onChange={(v) => onChange({ roleIds: numbers(v) })}
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
        label="Store"
        placeholder={value.storeIds.length ? undefined : "Any store"}
        data={storeOptions}
        value={strings(value.storeIds)}
        onChange={(v) => onChange({ storeIds: numbers(v) })}
        clearable
        searchable
        limit={100}
      />
    </FilterBar>
  );
}
