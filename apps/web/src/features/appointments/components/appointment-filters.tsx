import { APPOINTMENT_STATUS_NAMES, APPOINTMENT_STATUSES, DATE_RANGE_OPTIONS } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Select } from "@mantine/core";
import { DateRangeField } from "../../../components/date-range-field";
import { FilterBar } from "../../../components/filter-bar";
import { IdsFilter, MultiSelectFilter } from "../../../components/multi-select-filter";
import { SearchMultiSelect } from "../../../components/search-multi-select";
import { toOptions, useLookupList } from "../../../lib/lookup-list";

/** The named ranges by id, and a custom range of days. */
export const RANGES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "custom"] as const;
export type RangeChoice = (typeof RANGES)[number];

export type AppointmentFilterValues = {
  range: RangeChoice | null;
  startDate: string | null;
  endDate: string | null;
  appointmentTypeIds: number[];
  storeIds: number[];
  statuses: string[];
};

const STATUS_OPTIONS = APPOINTMENT_STATUSES.map((s) => ({ value: s, label: APPOINTMENT_STATUS_NAMES[s] }));

/** Date range (the named ranges or custom days; none: from today on), type, store and status. */
export function AppointmentFilters({
  value,
  onChange,
  activeCount,
  onClear,
}: {
  value: AppointmentFilterValues;
  onChange: (patch: Partial<AppointmentFilterValues>) => void;
  activeCount: number;
  onClear: () => void;
}) {
  const lookups = useLookupList();
  return (
    <FilterBar
      activeCount={activeCount}
      onClear={onClear}
      search={
        <Select
          label="Date range"
          placeholder="From today on"
          clearable
          data={[
            ...DATE_RANGE_OPTIONS.map((o) => ({ value: String(o.id), label: o.name })),
            { value: "custom", label: "Custom range…" },
          ]}
          value={value.range}
          onChange={(v) =>
            onChange({
              range: v as RangeChoice | null,
              ...(v !== "custom" ? { startDate: null, endDate: null } : {}),
            })
          }
          comboboxProps={{ withinPortal: true }}
        />
      }
    >
      {value.range === "custom" ? (
        <DateRangeField
          label="From – to"
          placeholder="Pick the first and last day"
          value={[value.startDate, value.endDate]}
          onChange={([startDate, endDate]) => onChange({ startDate, endDate })}
        />
      ) : null}
      <IdsFilter
        label="Type"
        placeholder="Any type"
        data={toOptions(lookups.data?.scheduleAppointmentTypes)}
        value={value.appointmentTypeIds}
        onChange={(appointmentTypeIds) => onChange({ appointmentTypeIds })}
      />
      <SearchMultiSelect
        endpoint={appApi.storeOptions}
        label="Store"
        placeholder="Any store"
        clearable
        nothingFoundMessage="No store by that name"
        value={value.storeIds}
        onChange={(storeIds) => onChange({ storeIds })}
      />
      <MultiSelectFilter
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={value.statuses}
        onChange={(statuses) => onChange({ statuses })}
      />
    </FilterBar>
  );
}
