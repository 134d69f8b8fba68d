import { ActionIcon, Alert, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";

/** A titled card of one kind of link (technicians, business units...): its rows, the add row, and what failed. */
export function LinkSection({
  title,
  description,
  query,
  empty,
  adder,
  error,
  children,
}: {
  title: string;
  description: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: unknown[] };
  /** What an empty list says. */
  empty: string;
  adder?: ReactNode;
  /** The last change's failure, shown above the rows. */
  error?: unknown;
  children: ReactNode;
}) {
  const headingId = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md" id={headingId}>
            {title}
          </Title>
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {error ? (
          <Alert role="alert" color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : null}
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : query.data?.length ? (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {children}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            {empty}
          </Text>
        )}
        {adder}
      </Stack>
    </Card>
  );
}

/** One linked row: what it is on the left (wrapping on a phone), its buttons on the right. */
export function LinkRow({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <div style={{ minWidth: 0, overflowWrap: "anywhere" }}>{children}</div>
      {actions ? (
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}

export function RemoveButton({
  name,
  onClick,
  loading,
}: {
  name: string;
  onClick: () => void;
  loading?: boolean;
}) {
  return (
    <Tooltip label="Remove">
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${name}`}
        onClick={onClick}
        loading={loading}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
