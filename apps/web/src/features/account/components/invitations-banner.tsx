import type { LoggedInUser } from "@fieldlead/contracts";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMailOpened } from "@tabler/icons-react";
import { errorMessage } from "../../../lib/api-error";
import { useAcceptMyInvitation, useDeclineMyInvitation, useMyInvitations } from "../api/invitations";

/**
 * Invitations to join other organizations, shown to the signed-in person above every page until they accept
 * or decline (decision 0015). Accepting switches to the organization joined.
 */
export function InvitationsBanner({ onJoined }: { onJoined?: (user: LoggedInUser) => void }) {
  const mine = useMyInvitations();
  const accept = useAcceptMyInvitation();
  const decline = useDeclineMyInvitation();
  const items = mine.data?.items ?? [];
  if (items.length === 0) return null;
  const busy = accept.isPending || decline.isPending;
  return (
    <Stack gap="xs" px={{ base: "sm", sm: "md" }} pt="md" component="section" aria-label="Invitations">
      {items.map((inv) => (
        <Alert key={inv.id} color="blue" variant="light" icon={<IconMailOpened size={18} />} p="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm" style={{ flex: "1 1 18rem" }}>
              <b>{inv.invitedBy}</b> invited you to join <b>{inv.organizationName}</b> as {inv.roleName}.
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                aria-label={`Decline the invitation to ${inv.organizationName}`}
                onClick={() =>
                  decline.mutate(inv.id, {
                    onSuccess: () =>
                      notifications.show({
                        message: `You declined the invitation to ${inv.organizationName}.`,
                      }),
                    onError: (err) =>
                      notifications.show({
                        color: "red",
                        title: "Could not decline",
                        message: errorMessage(err),
                      }),
                  })
                }
              >
                Decline
              </Button>
              <Button
                size="xs"
                disabled={busy}
                loading={accept.isPending && accept.variables === inv.id}
                aria-label={`Accept the invitation to ${inv.organizationName}`}
                onClick={() =>
                  accept.mutate(inv.id, {
                    onSuccess: (user) => {
                      notifications.show({
                        color: "teal",
                        message: `You joined ${inv.organizationName} and are now working in it.`,
                      });
                      onJoined?.(user);
                    },
                    onError: (err) =>
                      notifications.show({
                        color: "red",
                        title: "Could not accept",
                        message: errorMessage(err),
                      }),
                  })
                }
              >
                Accept
              </Button>
            </Group>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
