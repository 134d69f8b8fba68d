import type { AddressDetails } from "@fieldlead/contracts";
import { Autocomplete, Loader } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconMapPin } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { getAddressDetails, useAddressSuggestions } from "../api/address";

/**
 * The street address with suggestions from the server (the organization's known addresses and ZIP codes);
 * picking one fills city, state and ZIP through `onPick`.
 */
export function AddressField({
  value,
  onChange,
  onPick,
  error,
  size = "md",
}: {
  value: string;
  onChange: (value: string) => void;
  onPick: (details: AddressDetails) => void;
  error?: string;
  size?: "sm" | "md";
}) {
  const [debounced] = useDebouncedValue(value, 250);
  const suggestions = useAddressSuggestions(debounced);
  const [resolving, setResolving] = useState(false);
  // What was typed before a suggestion replaced it: a ZIP-only suggestion has no street to put back.
  const typed = useRef("");

  const items = suggestions.data ?? [];
  const pick = async (label: string) => {
    const item = items.find((s) => s.label === label);
    if (!item) return;
    setResolving(true);
    try {
      const details = await getAddressDetails(item.id);
      onChange(details.address ?? typed.current);
      onPick(details);
    } catch {
      // The suggestion's text stays; the shopper can finish the address by hand.
    } finally {
      setResolving(false);
    }
  };

  return (
    <Autocomplete
      label="Street address"
      placeholder="Street, city or ZIP"
      size={size}
      autoComplete="off"
      maxLength={200}
      leftSection={<IconMapPin size={16} aria-hidden />}
      rightSection={suggestions.isFetching || resolving ? <Loader size={14} /> : null}
      value={value}
      onChange={(v) => {
        onChange(v);
        if (!items.some((s) => s.label === v)) typed.current = v;
      }}
      data={value.trim().length >= 3 ? [...new Set(items.map((s) => s.label))] : []}
      // The server already matched what was typed; show its suggestions as they are.
      filter={({ options }) => options}
      onOptionSubmit={(label) => void pick(label)}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
