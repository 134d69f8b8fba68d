import { ActionIcon, Box, Button, Group, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { DigitsInput } from "../../../components/digits-input";
import type { FormValues } from "./destination-values";

type Row = { key: string; id: string; name: string; code?: string };

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * An editable list of codes (`settings.<list>`): each row its id, name and (for the programs) the program's code,
 * removed one by one and added at the end. A list-wide message (two codes with one id) shows under it.
 */
export function CodeListEditor({
  form,
  list,
  title,
  singular,
  withCode,
  newRow,
  onRemove,
  emptyText,
}: {
  form: UseFormReturnType<FormValues>;
  /** The list's key in the settings (`groups`, `imeSubCategories`). */
  list: string;
  title: string;
  /** One row's name, in a sentence ("group", "ad code"). */
  singular: string;
  withCode: boolean;
  newRow: () => Row;
  /** Besides removing the row (a default that named it is cleared). */
  onRemove?: (row: Row) => void;
  emptyText: string;
}) {
  const path = `settings.${list}`;
  const rows = (form.values.settings as unknown as Record<string, Row[]>)[list] ?? [];
  const listError = form.errors[path];
  const headingId = `${path}-heading`;

  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId}>
      <Title order={3} fz="sm" id={headingId}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        rows.map((row, i) => {
          const name = `${capitalized(singular)} ${i + 1}`;
          return (
            <Group
              key={row.key}
              role="group"
              aria-label={name}
              gap="xs"
              align="flex-start"
              wrap="nowrap"
              data-testid={`${list}-row`}
            >
              {/* The inputs wrap under each other on a phone; the remove button stays at the row's end. */}
              <Group gap="xs" align="flex-start" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
                <DigitsInput
                  label="Id"
                  inputMode="numeric"
                  maxLength={10}
                  style={{ flex: "0 1 96px", minWidth: 80 }}
                  {...form.getInputProps(`${path}.${i}.id`)}
                />
                <TextInput
                  label="Name"
                  maxLength={120}
                  style={{ flex: "2 1 160px", minWidth: 0 }}
                  {...form.getInputProps(`${path}.${i}.name`)}
                />
                {withCode ? (
                  <TextInput
                    label="Code"
                    maxLength={60}
                    style={{ flex: "1 1 100px", minWidth: 0 }}
                    {...form.getInputProps(`${path}.${i}.code`)}
                  />
                ) : null}
              </Group>
              {/* Lined up with the inputs, below their labels. */}
              <Box pt={26} style={{ flex: "none" }}>
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${singular} ${i + 1}`}
                    onClick={() => {
                      form.removeListItem(path, i);
                      onRemove?.(row);
                    }}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Box>
            </Group>
          );
        })
      )}
      {listError ? (
        <Text fz="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem(path, newRow())}
        >
          Add a {singular}
        </Button>
      </Group>
    </Stack>
  );
}
