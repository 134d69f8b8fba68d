import { DAY_NAMES, type TemplateWindow } from "@fieldlead/contracts";
import { ActionIcon, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { orderedDays, places, timeRange } from "./week";

type Props = {
  templates: readonly TemplateWindow[];
  firstDayOfWeek: number;
  canEdit: boolean;
  /** `list` on a phone: the days one under the other. */
  layout: "grid" | "list";
  onAdd: (dayOfWeek: number) => void;
  onEdit: (template: TemplateWindow) => void;
  onDelete: (template: TemplateWindow) => void;
};

/**
 * The weekly template as a grid by day of week, columns in the order the organization's weeks run; each window a
 * card "08:00–10:00, 3 places" with edit and delete. On a phone, a list by day.
 */
export function TemplateGrid({ templates, firstDayOfWeek, canEdit, layout, onAdd, onEdit, onDelete }: Props) {
  const days = orderedDays(firstDayOfWeek);
  const columns = days.map((day) => {
    const name = DAY_NAMES[day];
    const windows = templates
      .filter((t) => t.dayOfWeek === day)
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
    return (
      <Paper
        key={day}
        component="section"
        aria-label={name}
        withBorder
        radius="md"
        p="sm"
        bg="var(--mantine-color-gray-0)"
        style={{ minWidth: 0 }}
      >
        <Group justify="space-between" gap={4} mb="xs" wrap="nowrap">
          <Title order={3} fz="sm">
            {layout === "grid" ? name.slice(0, 3) : name}
          </Title>
          {canEdit ? (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Add a window on ${name}`}
              onClick={() => onAdd(day)}
            >
              <IconPlus size={16} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
        <Stack gap={6}>
          {windows.length === 0 ? (
            <Text fz="xs" c="dimmed">
              No windows
            </Text>
          ) : (
            windows.map((t) => (
              <TemplateCard key={t.id} template={t} canEdit={canEdit} onEdit={onEdit} onDelete={onDelete} />
            ))
          )}
        </Stack>
      </Paper>
    );
  });
  return layout === "grid" ? (
    <SimpleGrid cols={7} spacing="xs" aria-label="Weekly template">
      {columns}
    </SimpleGrid>
  ) : (
    <Stack gap="xs" aria-label="Weekly template">
      {columns}
    </Stack>
  );
}

function TemplateCard({
  template: t,
  canEdit,
  onEdit,
  onDelete,
}: {
  template: TemplateWindow;
  canEdit: boolean;
  onEdit: (t: TemplateWindow) => void;
  onDelete: (t: TemplateWindow) => void;
}) {
  const name = `${DAY_NAMES[t.dayOfWeek]} ${timeRange(t)}`;
  return (
    <Paper withBorder radius="sm" p={6} opacity={t.isActive ? 1 : 0.7}>
      <Text fz="sm" fw={600} lh={1.3}>
        {timeRange(t)}
      </Text>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Box>
          <Text fz="xs" c="dimmed">
            {places(t.capacity)}
          </Text>
          {t.isActive ? null : (
            <Badge size="xs" color="gray" variant="light">
              Off
            </Badge>
          )}
        </Box>
        {canEdit ? (
          <Group gap={0} wrap="nowrap">
            <ActionIcon variant="subtle" size="sm" aria-label={`Edit ${name}`} onClick={() => onEdit(t)}>
              <IconPencil size={14} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Delete ${name}`}
              onClick={() => onDelete(t)}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

/** An empty template, with the way to start one. */
export function EmptyTemplate({ canEdit, onAdd }: { canEdit: boolean; onAdd: () => void }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack align="center" gap="xs">
        <Text fw={600}>No weekly windows yet</Text>
        <Text fz="sm" c="dimmed" ta="center">
          Add the windows shoppers can book each week: a day, a start and end time, and how many places.
        </Text>
        {canEdit ? (
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
            Add a window
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
