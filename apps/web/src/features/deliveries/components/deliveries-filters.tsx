import {
  type ConsentDestination,
  DELIVERY_STATES,
  DESTINATIONS,
  type DeliveryStateName,
} from "@fieldlead/contracts";
import { stateLabel } from "../../../components/deliveries/delivery-format";
import { FilterBar } from "../../../components/filter-bar";
import { MultiSelectFilter } from "../../../components/multi-select-filter";
import { SearchInput } from "../../../components/search-input";

export type DeliveryFilters = {
  text: string;
  destinations: ConsentDestination[];
  /** Empty: every state. */
  states: DeliveryStateName[];
};

const DESTINATION_OPTIONS = DESTINATIONS.map((d) => ({ value: d.id, label: d.name }));
const STATE_OPTIONS = DELIVERY_STATES.map((s) => ({ value: s, label: stateLabel(s) }));

/** Chosen values in the order of their list, so the same choice is the same address whatever the clicks. */
const inOrder = <T extends string>(all: readonly T[], chosen: readonly string[]) =>
  all.filter((v) => chosen.includes(v));

/** The lead's name, the destinations and the states (by default: not sent yet). */
export function DeliveriesFilters({
  value,
  onChange,
  activeCount,
  onClear,
}: {
  value: DeliveryFilters;
  onChange: (patch: Partial<DeliveryFilters>) => void;
  /** Filters in use besides the defaults. */
  activeCount: number;
  onClear: () => void;
}) {
  return (
    <FilterBar
      activeCount={activeCount}
      onClear={onClear}
      search={
        <SearchInput
          label="Lead"
          placeholder="First or last name, or lead id"
          value={value.text}
          onSearch={(text) => onChange({ text })}
        />
      }
    >
      <MultiSelectFilter
        label="Destination"
        placeholder="Any destination"
        data={DESTINATION_OPTIONS}
        value={value.destinations}
        onChange={(v) =>
          onChange({
            destinations: inOrder(
              DESTINATIONS.map((d) => d.id),
              v,
            ),
          })
        }
      />
      <MultiSelectFilter
        label="State"
        placeholder="Any state"
        data={STATE_OPTIONS}
        value={value.states}
        onChange={(v) => onChange({ states: inOrder(DELIVERY_STATES, v) })}
      />
    </FilterBar>
  );
}
