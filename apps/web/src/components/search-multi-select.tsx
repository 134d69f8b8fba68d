import { Combobox, Pill, PillsInput, useCombobox } from "@mantine/core";
import { useId } from "@mantine/hooks";
import { type KeyboardEvent, useState } from "react";
import type { OptionEndpoint } from "../lib/option-search";
import {
  type CommonProps,
  nameOf,
  OptionsDropdown,
  rightSection,
  useFirstMatch,
  useSearchedOptions,
} from "./search-select";

// The multiple choice apart from the single one (search-select.tsx): the capture screen's first load carries only
// the single one (docs/decisions/0029).

export type SearchMultiSelectProps<E extends OptionEndpoint> = CommonProps<E> & {
  value: number[];
  onChange: (value: number[]) => void;
};

/**
 * The multiple-choice {@link SearchSelect}: the chosen ones as pills (named through one `ids` call when no page
 * named them), an option toggles, Backspace in the empty field removes the last one.
 */
export function SearchMultiSelect<E extends OptionEndpoint>({
  endpoint,
  filters,
  label,
  placeholder,
  description,
  error,
  required,
  disabled,
  size,
  clearable,
  nothingFoundMessage,
  optionLabel = nameOf,
  groupBy,
  maxDropdownHeight = 260,
  comboboxProps,
  pageSize = 25,
  id,
  onFocus,
  onBlur,
  value,
  onChange,
}: SearchMultiSelectProps<E>) {
  const inputId = useId(id);
  const [search, setSearch] = useState("");
  const combobox = useCombobox({
    onDropdownOpen: () => combobox.updateSelectedOptionIndex("active"),
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const state = useSearchedOptions({
    endpoint,
    filters,
    pageSize,
    search,
    opened: combobox.dropdownOpened,
    valueIds: value,
  });
  useFirstMatch(combobox, state.typed, state.page.data);

  const toggle = (v: string) => {
    const picked = Number(v);
    onChange(value.includes(picked) ? value.filter((x) => x !== picked) : [...value, picked]);
    setSearch("");
    combobox.updateSelectedOptionIndex("selected");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Backspace" && search.length === 0 && value.length > 0 && !disabled) {
      onChange(value.slice(0, -1));
    }
  };
  const clear =
    clearable && value.length > 0 && !disabled
      ? () => {
          onChange([]);
          setSearch("");
        }
      : null;

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} size={size} withinPortal {...comboboxProps}>
      <Combobox.DropdownTarget>
        <PillsInput
          id={inputId}
          label={label}
          description={description}
          error={error}
          required={required}
          disabled={disabled}
          size={size}
          onClick={() => combobox.openDropdown()}
          rightSection={rightSection({ busy: state.busy, clear, label, size, error })}
          rightSectionPointerEvents={clear && !state.busy ? "all" : "none"}
        >
          <Pill.Group>
            {value.map((v) => {
              const item = state.names.get(v);
              return (
                <Pill
                  key={v}
                  withRemoveButton={!disabled}
                  disabled={disabled}
                  onRemove={() => onChange(value.filter((x) => x !== v))}
                >
                  {item ? optionLabel(item) : state.resolving ? "…" : `#${v}`}
                </Pill>
              );
            })}
            <Combobox.EventsTarget withExpandedAttribute autoComplete="off">
              <PillsInput.Field
                id={inputId}
                placeholder={value.length ? undefined : placeholder}
                value={search}
                disabled={disabled}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  combobox.openDropdown();
                }}
                onFocus={(e) => {
                  combobox.openDropdown();
                  onFocus?.(e);
                }}
                onBlur={(e) => {
                  combobox.closeDropdown();
                  setSearch("");
                  onBlur?.(e);
                }}
                onKeyDown={onKeyDown}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <OptionsDropdown
        labelId={`${inputId}-label`}
        state={state}
        checked={(id) => value.includes(id)}
        optionLabel={optionLabel}
        groupBy={groupBy}
        nothingFoundMessage={nothingFoundMessage}
        maxDropdownHeight={maxDropdownHeight}
        hidden={disabled}
      />
    </Combobox>
  );
}
