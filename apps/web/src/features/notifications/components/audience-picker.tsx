import type { NotificationLookupList } from "@fieldlead/contracts";
import {
  type ComboboxItem,
  Fieldset,
  MultiSelect,
  type OptionsFilter,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useMemo } from "react";
import type { SendFormValues } from "./send-values";

/** How many options a list shows at a time: the people can be thousands; typing narrows them. */
const OPTION_LIMIT = 50;

const idOptions = (items: readonly { id: number; name: string }[] | undefined): ComboboxItem<number>[] =>
  (items ?? []).map((i) => ({ value: i.id, label: i.name }));

/** Matches every typed word against a text per option (a person's name, email and role). */
const wordsFilter =
  (texts: ReadonlyMap<number, string>): OptionsFilter<number> =>
  ({ options, search, limit }) => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    const out: ComboboxItem<number>[] = [];
    for (const option of options as ComboboxItem<number>[]) {
      const text = texts.get(option.value) ?? option.label.toLowerCase();
      if (words.every((w) => text.includes(w))) out.push(option);
      if (out.length >= limit) break;
    }
    return out;
  };

/**
 * Who a notification goes to: everyone in the organization, roles, territories, stores and people (searchable; the
 * people a few dozen at a time). Everyone covers every place: territories and stores are off then; roles narrow
 * it and people are added to it.
 */
export function AudiencePicker({
  form,
  lookups,
  loading,
}: {
  form: UseFormReturnType<SendFormValues>;
  lookups: NotificationLookupList | undefined;
  loading: boolean;
}) {
  const v = form.getValues();
  const people = useMemo(() => {
    const users = lookups?.users ?? [];
    return {
      options: users.map((u): ComboboxItem<number> => ({ value: u.id, label: u.name })),
      texts: new Map(users.map((u) => [u.id, `${u.name} ${u.email} ${u.roleName}`.toLowerCase()])),
      details: new Map(users.map((u) => [u.id, u])),
    };
  }, [lookups]);
  const peopleFilter = useMemo(() => wordsFilter(people.texts), [people.texts]);
  const roles = useMemo(() => idOptions(lookups?.roles), [lookups]);
  const territories = useMemo(() => idOptions(lookups?.territories), [lookups]);
  const stores = useMemo(() => idOptions(lookups?.stores), [lookups]);
  const audienceError = form.errors.audience;
  const placeholder = (empty: string, picked: number[]) =>
    loading ? "Loading…" : picked.length ? undefined : empty;

  return (
    <Fieldset
      legend="Who gets it"
      radius="md"
      aria-describedby={audienceError ? "audience-error" : undefined}
      aria-invalid={audienceError ? true : undefined}
    >
      <Stack gap="md">
        {audienceError ? (
          <Text id="audience-error" fz="sm" c="red" role="alert">
            {audienceError}
          </Text>
        ) : null}
        <Switch
          label="Everyone in the organization"
          description="Everyone you reach; pick roles to narrow it."
          {...form.getInputProps("everyone", { type: "checkbox" })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MultiSelect<number>
            label="Roles"
            placeholder={placeholder("Any role", v.roleIds)}
            data={roles}
            searchable
            clearable
            hidePickedOptions
            disabled={loading}
            nothingFoundMessage="No role by that name"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("roleIds")}
          />
          <MultiSelect<number>
            label="Territories"
            placeholder={placeholder(v.everyone ? "Everyone is picked" : "Any territory", v.territoryIds)}
            data={territories}
            searchable
            clearable
            hidePickedOptions
            limit={OPTION_LIMIT}
            disabled={loading || v.everyone}
            nothingFoundMessage="No territory by that name"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("territoryIds")}
          />
          <MultiSelect<number>
            label="Stores"
            placeholder={placeholder(v.everyone ? "Everyone is picked" : "Any store", v.storeIds)}
            data={stores}
            searchable
            clearable
            hidePickedOptions
            limit={OPTION_LIMIT}
            disabled={loading || v.everyone}
            nothingFoundMessage="No store by that name"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("storeIds")}
          />
          <MultiSelect<number>
            label="People"
            description={
              lookups ? `${lookups.users.length.toLocaleString("en-US")} people you can reach` : undefined
            }
            placeholder={placeholder("Type a name or an email", v.userIds)}
            data={people.options}
            searchable
            clearable
            hidePickedOptions
            limit={OPTION_LIMIT}
            filter={peopleFilter}
            disabled={loading}
            nothingFoundMessage="Nobody by that name or email"
            renderOption={({ option }) => {
              const u = people.details.get(option.value);
              return (
                <div>
                  <Text fz="sm">{option.label}</Text>
                  {u ? (
                    <Text fz="xs" c="dimmed">
                      {u.roleName} · {u.email}
                    </Text>
                  ) : null}
                </div>
              );
            }}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("userIds")}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
