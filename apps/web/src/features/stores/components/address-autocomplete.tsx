import type { AddressDetails } from "@fieldlead/contracts";
import { Autocomplete, type AutocompleteProps, Group, Loader, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBuildingStore, IconMapPin } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api-error";
import { useFetchAddressDetails } from "../api/get-address-details";
import { type AddressSuggestion, useAddressSuggestions } from "../api/get-address-suggestions";

/**
 * The street address field: typing (3 characters or more, after a 300 ms pause) offers addresses the
 * organization already uses and US cities by name or ZIP code; choosing one reads its details and hands
 * them to `onPick`, which fills the other fields.
 */
export function AddressAutocomplete({
  value,
  onChange,
  onPick,
  error,
  ...rest
}: Omit<AutocompleteProps, "value" | "onChange" | "data" | "onOptionSubmit"> & {
  value: string;
  onChange: (value: string) => void;
  /**
   * `typed` is the text that found the suggestion; `previous` the field's value before that search began
   * (a city or ZIP code choice has no street: the caller keeps one of them as the street).
   */
  onPick: (details: AddressDetails, suggestion: AddressSuggestion, typed: string, previous: string) => void;
}) {
  // Only what the user types is searched: opening a store's form asks nothing.
  const [typed, setTyped] = useState("");
  const [debounced] = useDebouncedValue(typed, 300);
  const suggestions = useAddressSuggestions(debounced);
  const fetchDetails = useFetchAddressDetails();
  const [picking, setPicking] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  // Choosing an option writes its label into the field; that must not start a new search.
  const choosing = useRef(false);
  // The value before the current search began.
  const previous = useRef<string | null>(null);

  const byLabel = useMemo(
    () => new Map((suggestions.data ?? []).map((s) => [s.label, s] as const)),
    [suggestions.data],
  );
  const searching = suggestions.isFetching && debounced.trim().length >= 3;

  const pick = async (label: string) => {
    const suggestion = byLabel.get(label);
    if (!suggestion) return;
    choosing.current = true;
    const before = typed;
    setPicking(true);
    setPickError(null);
    try {
      onPick(await fetchDetails(suggestion.id), suggestion, before, previous.current ?? "");
      previous.current = null;
    } catch (err) {
      setPickError(`Could not read that address: ${errorMessage(err)}`);
    } finally {
      setPicking(false);
    }
  };

  return (
    <Autocomplete
      {...rest}
      value={value}
      onChange={(v) => {
        onChange(v);
        if (choosing.current) {
          choosing.current = false;
          return;
        }
        previous.current ??= value;
        setTyped(v);
        setPickError(null);
      }}
      data={[...byLabel.keys()]}
      // The server already matched the text: show its suggestions as they are.
      filter={({ options }) => options}
      onOptionSubmit={(label) => void pick(label)}
      limit={10}
      error={pickError ?? error}
      rightSection={searching || picking ? <Loader size="xs" aria-label="Looking up addresses" /> : null}
      renderOption={({ option }) => {
        const s = byLabel.get(option.value);
        const Icon = s?.source === "organization" ? IconBuildingStore : IconMapPin;
        return (
          <Group gap="xs" wrap="nowrap">
            <Icon size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fz="sm">{option.value}</Text>
            {s?.source === "organization" ? (
              <Text fz="xs" c="dimmed" ml="auto">
                in use
              </Text>
            ) : null}
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true, ...rest.comboboxProps }}
    />
  );
}
