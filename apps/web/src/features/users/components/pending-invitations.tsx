import type { InvitationItem } from "@fieldlead/contracts";
import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMailForward, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { errorMessage } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/dates";
import { useCancelInvitation, useInvitations, useResendInvitation } from "../api/invitations";
import { InvitedBadge } from "./user-drawer";

const REQUEST = { page: 1, pageSize: 50 };

function InvitationRow({ inv, onCancel }: { inv: InvitationItem; onCancel: (inv: InvitationItem) => void }) {
  const resend = useResendInvitation();
  const places = inv.territories.map((t) => t.name).join(", ");
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap" py={6} aria-label={inv.email}>
      <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} fz="sm" style={{ overflowWrap: "anywhere" }}>
            {inv.email}
          </Text>
          <InvitedBadge />
          <Badge variant="outline" color="gray">
            {inv.roleName}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          As {inv.name}
          {places ? ` · ${places}` : ""} · invited by {inv.invitedBy}, {formatDateTime(inv.sentAt)} · open
          until {formatDateTime(inv.expiresAt)}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMailForward size={16} />}
          loading={resend.isPending}
          aria-label={`Resend the invitation to ${inv.email}`}
          onClick={() =>
            resend.mutate(inv.id, {
              onSuccess: (r) =>
                notifications.show({ color: "teal", title: "Invitation sent", message: r.message }),
              onError: (err) =>
                notifications.show({ color: "red", title: "Could not send", message: errorMessage(err) }),
            })
          }
        >
          Resend
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconX size={16} />}
          aria-label={`Cancel the invitation to ${inv.email}`}
          onClick={() => onCancel(inv)}
        >
          Cancel
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The organization's pending invitations: what it typed and when, with resend and cancel. Nothing about the
 * person shows until they accept; then they appear among the users (decision 0015).
 */
export function PendingInvitations({ enabled }: { enabled: boolean }) {
  const query = useInvitations(REQUEST, enabled);
  const cancel = useCancelInvitation();
  const [cancelling, setCancelling] = useState<InvitationItem | null>(null);
  const items = query.data?.items ?? [];
  if (!enabled || items.length === 0) return null;
  const total = query.data?.total ?? items.length;
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="pending-invitations-title">
      <Title order={2} fz="md" id="pending-invitations-title">
        Pending invitations ({total})
      </Title>
      <Text fz="xs" c="dimmed" mb={4}>
        They join when they accept the emailed invitation; an invitation not accepted within 72 hours lapses.
      </Text>
      <Stack gap={0}>
        {items.map((inv) => (
          <InvitationRow key={inv.id} inv={inv} onCancel={setCancelling} />
        ))}
      </Stack>
      {total > items.length ? (
        <Text fz="xs" c="dimmed" mt="xs">
          The {items.length} most recent of {total}.
        </Text>
      ) : null}
      <ConfirmModal
        opened={cancelling !== null}
        title="Cancel this invitation?"
        confirmLabel="Cancel invitation"
        danger
        loading={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              notifications.show({
                color: "teal",
                message: `The invitation to ${cancelling.email} was cancelled.`,
              });
              setCancelling(null);
            },
            onError: (err) => {
              notifications.show({ color: "red", title: "Could not cancel", message: errorMessage(err) });
              setCancelling(null);
            },
          });
        }}
      >
        The link emailed to <b>{cancelling?.email}</b> stops working. You can invite them again later.
      </ConfirmModal>
    </Paper>
  );
}
