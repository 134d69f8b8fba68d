import { CloseButton, TextInput, type TextInputProps } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";

/**
 * A search box that reports what was typed once typing pauses (300 ms), or at once on Enter, so a list
 * asks the server once per search rather than once per key.
 */
export function SearchInput({
  value,
  onSearch,
  delay = 300,
  ...rest
}: Omit<TextInputProps, "value" | "onChange"> & {
  value: string;
  onSearch: (value: string) => void;
  delay?: number;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback((v: string) => onSearch(v.trim()), delay);
  // The value may change from outside (the back button, a "clear filters" button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the outside value only, not each key
  useEffect(() => {
    if (value !== text.trim()) setText(value);
  }, [value]);

  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          debounced.cancel();
          onSearch(text.trim());
        }
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear the search"
            onClick={() => {
              setText("");
              debounced.cancel();
              onSearch("");
            }}
          />
        ) : null
      }
    />
  );
}
