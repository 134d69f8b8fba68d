import type { Feature } from "@fieldlead/contracts";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconEdit, IconFlag, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { formatDay } from "../../../lib/dates";
import { useDeleteFeature } from "../api/delete-feature";
import { useFeatureUpdates } from "../api/get-feature-updates";
import { FeatureFormModal } from "../components/feature-form-modal";

export function FeaturesPage() {
  const query = useFeatureUpdates();
  const remove = useDeleteFeature();
  const [editing, setEditing] = useState<{ feature: Feature | null } | null>(null);
  const [deleting, setDeleting] = useState<Feature | null>(null);

  const features = [...(query.data?.features ?? [])].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `"${deleting.name}" was deleted.` });
        setDeleting(null);
      },
      onError: (err) =>
        notifications.show({ color: "red", title: "Could not delete", message: errorMessage(err) }),
    });
  };

  return (
    <>
      <PageHeader
        title="Features"
        description="Feature flags of the platform. Active ones are announced to everyone under What's new."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ feature: null })}>
            New feature
          </Button>
        }
      />

      {query.isError ? <LoadError error={query.error} onRetry={() => query.refetch()} /> : null}

      {!query.isError && (
        <Card withBorder radius="lg" p={0}>
          {query.isSuccess && features.length === 0 ? (
            <EmptyState
              py={56}
              variant="light"
              icon={<IconFlag size={26} stroke={1.6} />}
              title="No feature flags yet"
              description="Create one to switch a capability on, and to tell everyone about it under What's new."
            >
              <EmptyState.Actions>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ feature: null })}>
                  New feature
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={0}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-busy={query.isPending}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th visibleFrom="sm">Description</Table.Th>
                    <Table.Th w={120}>Status</Table.Th>
                    <Table.Th w={120} visibleFrom="sm">
                      Updated
                    </Table.Th>
                    <Table.Th w={96}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.isPending
                    ? [0, 1, 2].map((i) => (
                        <Table.Tr key={i}>
                          {[140, 300, 64, 80, 56].map((w) => (
                            <Table.Td key={w} visibleFrom={w === 300 || w === 80 ? "sm" : undefined}>
                              <Skeleton height={14} width={w} radius="sm" />
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))
                    : features.map((f) => (
                        <Table.Tr key={f.id}>
                          {/* On a phone the description and date give way: the description shows here. */}
                          <Table.Td fw={600}>
                            {f.name}
                            <Text fz="xs" fw={400} c="dimmed" lineClamp={2} hiddenFrom="sm">
                              {f.description || "No description"}
                            </Text>
                          </Table.Td>
                          <Table.Td visibleFrom="sm">
                            <Text fz="sm" c={f.description ? undefined : "dimmed"} lineClamp={2} maw={420}>
                              {f.description || "No description"}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={f.isActive ? "teal" : "gray"}>
                              {f.isActive ? "Active" : "Inactive"}
                            </Badge>
                          </Table.Td>
                          <Table.Td visibleFrom="sm">
                            <Text fz="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                              {formatDay(f.updatedAt)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4} wrap="nowrap" justify="flex-end">
                              <Tooltip label="Edit">
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`Edit ${f.name}`}
                                  onClick={() => setEditing({ feature: f })}
                                >
                                  <IconEdit size={18} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label="Delete">
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`Delete ${f.name}`}
                                  onClick={() => setDeleting(f)}
                                >
                                  <IconTrash size={18} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}

      <FeatureFormModal
        opened={editing !== null}
        feature={editing?.feature ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete feature"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        Delete <b>{deleting?.name}</b>? It disappears from What's new too. This cannot be undone.
      </ConfirmModal>
    </>
  );
}
