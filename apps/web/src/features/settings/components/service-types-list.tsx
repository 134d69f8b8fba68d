import type { ServiceType } from "@fieldlead/contracts";
import {
  ActionIcon,
  Badge,
  Box,
  Card,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-error";
import { useUpsertServiceType } from "../api/upsert-service-type";

/** The organization's service types: pick one to see its questions; switch, edit or delete each. */
export function ServiceTypesList({
  types,
  loading,
  selectedId,
  onEdit,
  onDelete,
}: {
  types: ServiceType[] | undefined;
  loading: boolean;
  selectedId: number | null;
  onEdit: (t: ServiceType) => void;
  onDelete: (t: ServiceType) => void;
}) {
  const upsert = useUpsertServiceType();
  const toggle = (t: ServiceType, isActive: boolean) =>
    upsert.mutate(
      { id: t.id, name: t.name, isActive },
      {
        onSuccess: () =>
          notifications.show({
            color: "teal",
            message: isActive ? `"${t.name}" is offered again.` : `"${t.name}" is no longer offered.`,
          }),
        onError: (err) =>
          notifications.show({ color: "red", title: "Could not change it", message: errorMessage(err) }),
      },
    );

  return (
    <Card withBorder radius="lg" p={0}>
      <Stack
        gap={0}
        component="ul"
        style={{ listStyle: "none", margin: 0, padding: 0 }}
        aria-label="Service types"
      >
        {loading
          ? [0, 1, 2].map((i) => (
              <Box key={i} component="li" p="md">
                <Skeleton height={14} width="50%" mb={8} />
                <Skeleton height={10} width="80%" />
              </Box>
            ))
          : types?.map((t, i) => {
              const selected = t.id === selectedId;
              return (
                <Box
                  key={t.id}
                  component="li"
                  px="md"
                  py="sm"
                  bg={selected ? "var(--mantine-primary-color-light)" : undefined}
                  style={{
                    borderTop: i ? "1px solid var(--mantine-color-default-border)" : undefined,
                    borderLeft: `3px solid ${selected ? "var(--mantine-primary-color-filled)" : "transparent"}`,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <UnstyledButton
                      component={Link}
                      to={`/settings/service-types/${t.id}`}
                      aria-current={selected ? "true" : undefined}
                      style={{ flex: 1, minWidth: 0 }}
                    >
                      <Group gap={6} wrap="wrap">
                        <Text fw={600} fz="sm" c={t.isActive ? undefined : "dimmed"}>
                          {t.name}
                        </Text>
                        {t.isActive ? null : (
                          <Badge size="xs" color="gray" variant="light">
                            Inactive
                          </Badge>
                        )}
                      </Group>
                      <Text fz="xs" c="dimmed" lineClamp={2}>
                        {t.questionCount === 1 ? "1 question" : `${t.questionCount} questions`}
                        {t.description ? ` · ${t.description}` : ""}
                      </Text>
                    </UnstyledButton>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t.isActive ? "Active: offered when capturing" : "Inactive"}>
                        <Switch
                          size="sm"
                          aria-label={`Active: ${t.name}`}
                          checked={t.isActive}
                          onChange={(e) => toggle(t, e.currentTarget.checked)}
                          mr={4}
                        />
                      </Tooltip>
                      <Tooltip label="Edit">
                        <ActionIcon variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => onEdit(t)}>
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${t.name}`}
                          onClick={() => onDelete(t)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Box>
              );
            })}
      </Stack>
    </Card>
  );
}
