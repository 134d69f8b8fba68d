import type { TutorialItem } from "@fieldlead/contracts";
import { Button, EmptyState, SimpleGrid, Stack, Text, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconVideo } from "@tabler/icons-react";
import { type ReactNode, useMemo, useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { TablePager } from "../../../components/table-pager";
import { errorMessage } from "../../../lib/api-error";
import { intParam, useListParams } from "../../../lib/list-params";
import { useDeleteTutorial, useTutorials } from "../api/tutorials";
import { TutorialCard, TutorialCardSkeleton } from "../components/tutorial-card";
import { TutorialModal } from "../components/tutorial-modal";

const PAGE_SIZE = 50;
// A module constant: the list hook compares it by identity.
const PARAMS = { page: intParam(1) };

type Editing = { tutorial: TutorialItem | null } | null;

/**
 * /support/tutorials (docs/decisions/0041-notifications-and-support.md): short tutorials in their order, each with
 * its video (uploaded, or a link); Super Admins add, change and delete them (the list says so: `canManage`). Two
 * columns on a wide screen, one on a phone.
 */
export function TutorialsPage() {
  const [{ page }, setParams] = useListParams(PARAMS);
  const body = useMemo(() => ({ page, pageSize: PAGE_SIZE }), [page]);
  const query = useTutorials(body);
  const remove = useDeleteTutorial();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TutorialItem | null>(null);
  const canManage = query.data?.canManage ?? false;
  const items = useMemo(
    () => [...(query.data?.items ?? [])].sort((a, b) => a.sortOrder - b.sortOrder),
    [query.data],
  );
  const total = query.data?.total ?? 0;
  const nextOrder = items.length ? Math.min(10_000, Math.max(...items.map((t) => t.sortOrder)) + 1) : 0;

  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ tutorial: null })}>
      Add tutorial
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, title } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `“${title}” was deleted.` });
        setDeleting(null);
      },
      onError: (err) => {
        notifications.show({ color: "red", title: "Could not delete", message: errorMessage(err) });
        setDeleting(null);
      },
    });
  };

  let content: ReactNode;
  if (query.isPending)
    content = (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" aria-busy>
        <VisuallyHidden role="status">Loading the tutorials…</VisuallyHidden>
        <TutorialCardSkeleton />
        <TutorialCardSkeleton />
      </SimpleGrid>
    );
  else if (query.isError && !query.data)
    content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (items.length === 0)
    content = (
      <EmptyState
        py={56}
        px="md"
        variant="light"
        icon={<IconVideo size={26} stroke={1.6} aria-hidden />}
        title="No tutorials yet"
        description={
          canManage
            ? "Add the first one: upload a video or link to one."
            : "Tutorials on using the product show here when they are added."
        }
      >
        {canManage ? <EmptyState.Actions>{add}</EmptyState.Actions> : null}
      </EmptyState>
    );
  else
    content = (
      <Stack gap="lg">
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          {items.map((t) => (
            <TutorialCard
              key={t.id}
              tutorial={t}
              canManage={canManage}
              onEdit={(tutorial) => setEditing({ tutorial })}
              onDelete={setDeleting}
              onExpired={() => void query.refetch()}
            />
          ))}
        </SimpleGrid>
        {/* The count is above the list: the buttons alone, under the cards. */}
        <TablePager
          total={total}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={(p) => setParams({ page: p })}
          withRange={false}
          bare
        />
      </Stack>
    );

  return (
    <>
      <PageHeader
        title="Tutorials"
        description="Short videos on using the product."
        actions={canManage ? add : null}
      />
      {total > 0 ? (
        <Text fz="sm" c="dimmed" mb="sm">
          {total === 1 ? "1 tutorial" : `${total.toLocaleString("en-US")} tutorials`}
        </Text>
      ) : null}
      {content}
      <TutorialModal
        opened={editing !== null}
        tutorial={editing?.tutorial ?? null}
        nextOrder={nextOrder}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={deleting ? `Delete “${deleting.title}”?` : "Delete this tutorial?"}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting
          ? `“${deleting.title}” and its ${deleting.video.kind === "file" ? "uploaded video are" : "link are"} deleted for everyone. This cannot be undone.`
          : ""}
      </ConfirmModal>
    </>
  );
}
