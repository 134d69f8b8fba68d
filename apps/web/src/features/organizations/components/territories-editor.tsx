import { ActionIcon, Badge, Button, Group, Stack, Switch, Text, TextInput, Tooltip } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { IconMapPlus, IconX } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import type { TerritoryRow } from "./organization-form";

/**
 * The organization's territories: rename them, switch them off (they are never deleted: stores, people
 * and leads keep pointing at them) and add new ones. A new row can be dropped again before saving.
 */
export function TerritoriesEditor({
  rows,
  getInputProps,
  onAdd,
  onRemove,
  error,
}: {
  rows: TerritoryRow[];
  getInputProps: (index: number, field: "name" | "isActive") => GetInputPropsReturnType;
  onAdd: () => void;
  onRemove: (index: number) => void;
  error?: string | null;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const added = useRef(false);
  const active = rows.filter((r) => r.isActive).length;

  // A new row takes the focus so its name can be typed at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a row was added
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    const inputs = listRef.current?.querySelectorAll<HTMLInputElement>("input[data-territory-name]");
    inputs?.[inputs.length - 1]?.focus();
  }, [rows.length]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600}>Territories</Text>
          <Text fz="xs" c="dimmed">
            {rows.length === 0 ? "None yet." : `${active} active of ${rows.length}.`} Switch one off to retire
            it; its stores and history stay.
          </Text>
        </div>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMapPlus size={16} />}
          onClick={() => {
            added.current = true;
            onAdd();
          }}
        >
          Add territory
        </Button>
      </Group>
      {error ? (
        <Text fz="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Stack gap="xs" ref={listRef} role="list" aria-label="Territories">
        {rows.map((row, i) => {
          const nameProps = getInputProps(i, "name");
          const activeProps = getInputProps(i, "isActive");
          return (
            <Group key={row.key} gap="sm" align="flex-start" wrap="nowrap" role="listitem">
              <TextInput
                aria-label={`Territory ${i + 1} name`}
                placeholder="Territory name"
                maxLength={100}
                style={{ flex: 1 }}
                data-territory-name
                rightSection={
                  row.id === undefined ? (
                    <Badge size="xs" variant="light" color="indigo">
                      New
                    </Badge>
                  ) : null
                }
                rightSectionWidth={row.id === undefined ? 52 : undefined}
                {...nameProps}
              />
              <Switch
                mt={8}
                label="Active"
                aria-label={`${row.name || `Territory ${i + 1}`} active`}
                {...activeProps}
              />
              {row.id === undefined ? (
                <Tooltip label="Do not add">
                  <ActionIcon
                    mt={4}
                    variant="subtle"
                    color="gray"
                    aria-label={`Do not add ${row.name || "this territory"}`}
                    onClick={() => onRemove(i)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <span style={{ width: 28, flex: "none" }} />
              )}
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
