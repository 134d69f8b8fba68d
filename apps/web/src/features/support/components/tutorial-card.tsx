import type { TutorialItem } from "@fieldlead/contracts";
import { Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { TutorialPlayer } from "./tutorial-player";

/** One tutorial: its title, what it shows, its video, and for managers its place in the list, Edit and Delete. */
export function TutorialCard({
  tutorial,
  canManage,
  onEdit,
  onDelete,
  onExpired,
}: {
  tutorial: TutorialItem;
  canManage: boolean;
  onEdit: (t: TutorialItem) => void;
  onDelete: (t: TutorialItem) => void;
  onExpired: () => void;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={`tutorial-${tutorial.id}`}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={`tutorial-${tutorial.id}`} style={{ overflowWrap: "anywhere" }}>
            {tutorial.title}
          </Title>
          {tutorial.description ? (
            <Text fz="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              {tutorial.description}
            </Text>
          ) : null}
        </Stack>
        <TutorialPlayer tutorial={tutorial} onExpired={onExpired} />
        {canManage ? (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              Order {tutorial.sortOrder}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                aria-label={`Edit ${tutorial.title}`}
                onClick={() => onEdit(tutorial)}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={`Delete ${tutorial.title}`}
                onClick={() => onDelete(tutorial)}
              >
                Delete
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A tutorial's place while the list loads. */
export function TutorialCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="lg" aria-hidden>
      <Stack gap="sm">
        <Skeleton height={20} width="60%" />
        <Skeleton height={12} width="90%" />
        <Skeleton height={0} style={{ aspectRatio: "16 / 9", height: "auto" }} radius="md" />
      </Stack>
    </Card>
  );
}
