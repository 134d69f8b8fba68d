import { MultiSelect, type MultiSelectProps } from "@mantine/core";

type FilterProps<V> = Omit<MultiSelectProps, "value" | "onChange" | "placeholder"> & {
  label: string;
  /** Shown while nothing is chosen ("Any role"). */
  placeholder: string;
  value: V[];
  onChange: (value: V[]) => void;
};

/** A searchable, clearable multi-select of a list's filters; its placeholder shows only while empty. */
export function MultiSelectFilter({ placeholder, value, ...props }: FilterProps<string>) {
  return (
    <MultiSelect
      placeholder={value.length ? undefined : placeholder}
      value={value}
      clearable
      searchable
      {...props}
    />
  );
}

/** A {@link MultiSelectFilter} of ids: the options' values are the ids as text. */
export function IdsFilter({ value, onChange, ...props }: FilterProps<number>) {
  return <MultiSelectFilter value={value.map(String)} onChange={(v) => onChange(v.map(Number))} {...props} />;
}
