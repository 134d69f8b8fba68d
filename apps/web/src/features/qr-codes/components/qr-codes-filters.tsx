import { appApi } from "@fieldlead/contracts/routes";
import { ActiveStatusFilter } from "../../../components/active-status";
import { FilterBar } from "../../../components/filter-bar";
import { IdsFilter } from "../../../components/multi-select-filter";
import { SearchInput } from "../../../components/search-input";
import { SearchMultiSelect } from "../../../components/search-multi-select";
import { useGroupOptions } from "./groups";

export type QrCodeFilters = {
  text: string;
  storeIds: number[];
  groups: number[];
  isActive: boolean | undefined;
};

/** Codes are found by any store of the organization, inactive ones too (a code may still point at one). */
const ANY_STORE = { includeInactive: true };

/** The person's name, the store, the group and active or not. */
export function QrCodesFilters({
  value,
  onChange,
  activeCount,
  onClear,
}: {
  value: QrCodeFilters;
  onChange: (patch: Partial<QrCodeFilters>) => void;
  /** Filters in use besides the defaults. */
  activeCount: number;
  onClear: () => void;
}) {
  const groupOptions = useGroupOptions();
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
      footer={<ActiveStatusFilter value={value.isActive} onChange={(isActive) => onChange({ isActive })} />}
    >
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
      <IdsFilter
        label="Group"
        placeholder="Any group"
        data={groupOptions}
        value={value.groups}
        onChange={(groups) => onChange({ groups })}
      />
    </FilterBar>
  );
}
