import {
  CheckIcon,
  Combobox,
  type ComboboxProps,
  type ComboboxStore,
  Group,
  InputBase,
  Loader,
  type MantineSize,
  ScrollArea,
  Text,
  useCombobox,
} from "@mantine/core";
import { useDebouncedValue, useId } from "@mantine/hooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FocusEventHandler, type ReactNode, useEffect, useRef, useState } from "react";
import {
  type OptionEndpoint,
  type OptionFilters,
  type OptionItem,
  type OptionPage,
  optionPageBody,
  optionPageQuery,
  useOptionsById,
} from "../lib/option-search";

/** How long typing pauses before the words are sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export type CommonProps<E extends OptionEndpoint> = {
  /** `appApi.storeOptions` or `appApi.leadGeneratorOptions`. */
  endpoint: E;
  /** What narrows every page besides the words (territories, brands, inactive ones too). */
  filters?: OptionFilters;
  /** The field's name, read by screen readers and tests. */
  label: string;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: MantineSize;
  /** A button that empties the field. */
  clearable?: boolean;
  /** Shown when nothing matches the words (or there is nothing to choose). */
  nothingFoundMessage?: ReactNode;
  /** An option's text: its name unless said otherwise. */
  optionLabel?: (item: OptionItem<E>) => string;
  /** Groups a page's options under headings (a store's territory). */
  groupBy?: (item: OptionItem<E>) => string;
  maxDropdownHeight?: number;
  comboboxProps?: ComboboxProps;
  /** Options asked per page (25: the first page shown on open). */
  pageSize?: number;
  id?: string;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
};

export type SearchSelectProps<E extends OptionEndpoint> = CommonProps<E> & {
  value: number | null;
  onChange: (value: number | null, item: OptionItem<E> | null) => void;
  /** Clicking the chosen option again empties the field. */
  allowDeselect?: boolean;
};

/**
 * The first page of options when the dropdown opens, then a page per pause in typing, and the names of the
 * chosen ids. Every option seen (pages, ids, cached answers of the same search) is kept by id, so a chosen
 * value keeps its name whatever page shows next, and an id is asked for only when no answer named it yet.
 */
export function useSearchedOptions<E extends OptionEndpoint>({
  endpoint,
  filters,
  pageSize,
  search,
  opened,
  valueIds,
}: {
  endpoint: E;
  filters: OptionFilters | undefined;
  pageSize: number;
  search: string;
  opened: boolean;
  valueIds: readonly number[];
}) {
  const queryClient = useQueryClient();
  const known = useRef<Map<number, OptionItem<E>> | null>(null);
  if (known.current === null) {
    known.current = new Map();
    for (const [, data] of queryClient.getQueriesData<OptionPage<E>>({ queryKey: [endpoint.name] }))
      for (const item of data?.items ?? []) known.current.set(item.id, item as OptionItem<E>);
  }
  const names = known.current;

  const words = search.trim();
  const [debounced] = useDebouncedValue(words, SEARCH_DEBOUNCE_MS);
  // Emptied words ask for the first page at once; typed ones wait for a pause.
  const sent = words ? debounced : "";
  const page = useQuery({
    ...optionPageQuery(endpoint, optionPageBody(filters, sent, pageSize)),
    enabled: opened,
  });
  for (const item of (page.data?.items ?? []) as OptionItem<E>[]) names.set(item.id, item);

  const missing = valueIds.filter((id) => !names.has(id));
  const resolved = useOptionsById(endpoint, missing);
  for (const [id, item] of resolved.byId) names.set(id, item);

  return {
    page,
    items: (page.data?.items ?? []) as OptionItem<E>[],
    names,
    /** Names of chosen ids still on their way. */
    resolving: missing.some((id) => !names.has(id)) && resolved.isPending,
    /** Words typed and not answered yet. */
    busy: (opened && page.isFetching) || (!!words && words !== sent),
    typed: !!words,
    sent,
  };
}

export function OptionsDropdown<E extends OptionEndpoint>({
  labelId,
  state,
  checked,
  optionLabel,
  groupBy,
  nothingFoundMessage,
  maxDropdownHeight,
  hidden,
}: {
  labelId: string;
  state: ReturnType<typeof useSearchedOptions<E>>;
  checked: (id: number) => boolean;
  optionLabel: (item: OptionItem<E>) => string;
  groupBy?: (item: OptionItem<E>) => string;
  nothingFoundMessage?: ReactNode;
  maxDropdownHeight: number;
  hidden?: boolean;
}) {
  const { page, items, sent } = state;
  const option = (item: OptionItem<E>) => {
    const on = checked(item.id);
    return (
      <Combobox.Option
        key={item.id}
        value={String(item.id)}
        active={on}
        aria-selected={on}
        data-checked={on || undefined}
      >
        <Group gap={8} wrap="nowrap">
          {on ? <CheckIcon size={12} aria-hidden style={{ flex: "none" }} /> : null}
          <span>{optionLabel(item)}</span>
        </Group>
      </Combobox.Option>
    );
  };
  let options: ReactNode = items.map(option);
  if (groupBy) {
    const groups = new Map<string, OptionItem<E>[]>();
    for (const item of items) {
      const g = groupBy(item);
      groups.set(g, [...(groups.get(g) ?? []), item]);
    }
    options = [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([g, list]) => (
        <Combobox.Group key={g} label={g}>
          {list.map(option)}
        </Combobox.Group>
      ));
  }

  let empty: ReactNode = null;
  if (!page.data && page.isError) empty = "Could not load the options. Close and open the list to try again.";
  else if (!page.data)
    empty = (
      <Group gap={8} justify="center" component="span">
        <Loader size="xs" aria-hidden /> Loading…
      </Group>
    );
  else if (items.length === 0)
    empty = nothingFoundMessage ?? (sent ? `Nothing matches “${sent}”` : "Nothing to choose");

  const more = page.data ? page.data.total - items.length : 0;
  return (
    <Combobox.Dropdown hidden={hidden}>
      <Combobox.Options labelledBy={labelId} aria-busy={page.isFetching || undefined}>
        <ScrollArea.Autosize mah={maxDropdownHeight} type="scroll">
          {options}
        </ScrollArea.Autosize>
        {empty ? <Combobox.Empty>{empty}</Combobox.Empty> : null}
      </Combobox.Options>
      {more > 0 ? (
        <Combobox.Footer>
          <Text fz="xs" c="dimmed" aria-live="polite">
            Type to narrow: {more.toLocaleString("en-US")} more
          </Text>
        </Combobox.Footer>
      ) : null}
    </Combobox.Dropdown>
  );
}

/** Highlights the first match once an answer to typed words arrives, so Enter picks it. */
export function useFirstMatch(combobox: ComboboxStore, typed: boolean, data: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer moves the highlight
  useEffect(() => {
    if (!combobox.dropdownOpened) return;
    if (typed) combobox.selectFirstOption();
    else combobox.updateSelectedOptionIndex("active");
  }, [data]);
}

export const nameOf = (item: { name: string }) => item.name;

export function rightSection(opts: {
  busy: boolean;
  clear: (() => void) | null;
  label: string;
  size: MantineSize | undefined;
  error: ReactNode;
}) {
  if (opts.busy) return <Loader size={14} aria-hidden />;
  if (opts.clear)
    return (
      <Combobox.ClearButton
        onClear={opts.clear}
        aria-hidden={false}
        tabIndex={0}
        aria-label={`Clear ${opts.label.toLowerCase()}`}
      />
    );
  return <Combobox.Chevron size={opts.size} error={opts.error} />;
}

/**
 * A select over a large list (stores, lead generators) read from the server a page at a time: the first 25 on
 * open, then what the typed words match (sent once typing pauses for 250 ms), with "Type to narrow: N more"
 * when the page holds fewer than all. The chosen id's name comes from one call with `ids` when no page
 * named it yet. Keyboard: arrows move, Enter picks, Escape closes.
 */
export function SearchSelect<E extends OptionEndpoint>({
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
  allowDeselect = false,
}: SearchSelectProps<E>) {
  const inputId = useId(id);
  // null: not typing, the field shows the chosen option's name.
  const [search, setSearch] = useState<string | null>(null);
  const combobox = useCombobox({
    onDropdownOpen: () => combobox.updateSelectedOptionIndex("active"),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch(null);
    },
  });
  const state = useSearchedOptions({
    endpoint,
    filters,
    pageSize,
    search: search ?? "",
    opened: combobox.dropdownOpened,
    valueIds: value != null ? [value] : [],
  });
  useFirstMatch(combobox, state.typed, state.page.data);

  const chosen = value != null ? state.names.get(value) : undefined;
  const chosenLabel = chosen ? optionLabel(chosen) : value != null && !state.resolving ? `#${value}` : "";

  const submit = (v: string) => {
    const picked = Number(v);
    const item = state.names.get(picked) ?? null;
    if (picked === value) {
      if (allowDeselect) onChange(null, null);
    } else onChange(picked, item);
    setSearch(null);
    combobox.closeDropdown();
  };
  const clear = clearable && value != null && !disabled ? () => onChange(null, null) : null;

  return (
    <Combobox store={combobox} onOptionSubmit={submit} size={size} withinPortal {...comboboxProps}>
      <Combobox.Target targetType="input" withExpandedAttribute autoComplete="off">
        <InputBase
          id={inputId}
          label={label}
          description={description}
          error={error}
          required={required}
          disabled={disabled}
          size={size}
          placeholder={state.resolving ? "Loading…" : placeholder}
          value={search ?? chosenLabel}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={(e) => {
            combobox.openDropdown();
            onFocus?.(e);
          }}
          onBlur={(e) => {
            combobox.closeDropdown();
            setSearch(null);
            onBlur?.(e);
          }}
          rightSection={rightSection({
            busy: state.busy || state.resolving,
            clear,
            label,
            size,
            error,
          })}
          rightSectionPointerEvents={clear && !state.busy ? "all" : "none"}
        />
      </Combobox.Target>
      <OptionsDropdown
        labelId={`${inputId}-label`}
        state={state}
        checked={(id) => id === value}
        optionLabel={optionLabel}
        groupBy={groupBy}
        nothingFoundMessage={nothingFoundMessage}
        maxDropdownHeight={maxDropdownHeight}
        hidden={disabled}
      />
    </Combobox>
  );
}
