import { isRetailerProgramSubscription, type UserDetail } from "@fieldlead/contracts";
import { Badge, Button, Drawer, Group, Skeleton, Stack, Tabs, Text, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconId, IconMailForward, IconTool } from "@tabler/icons-react";
import { useState } from "react";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/dates";
import { useUser } from "../api/get-user";
import { useInviteUser } from "../api/invite-user";
import { UserForm } from "./user-form";
import { UserTradesPanel } from "./user-trades-panel";

/** A person to open (`userId`), or a new one (`null`): a retailer program user with `retailerProgram`. */
export type DrawerTarget = { userId: number | null; retailerProgram?: boolean } | null;

export const isRetailerProgramUser = (u: { subscriptionId: number }) =>
  isRetailerProgramSubscription(u.subscriptionId);

/** "Invited": dark text on the light yellow, which Mantine's own yellow text does not reach AA on (2:1). */
export function InvitedBadge() {
  return (
    <Badge variant="light" color="yellow" c="dark.7">
      Invited
    </Badge>
  );
}

export function UserStatusBadges({ user }: { user: { isActive: boolean; hasPassword: boolean } }) {
  if (!user.isActive)
    return (
      <Badge variant="light" color="gray" c="dark.7">
        Inactive
      </Badge>
    );
  if (!user.hasPassword) return <InvitedBadge />;
  // Dark text, like the Invited badge: the light variant's teal text is under AA contrast on the table's rows.
  return (
    <Badge variant="light" color="teal" c="dark.7">
      Active
    </Badge>
  );
}

/** Sends (again) the link to set a password and says so. */
export function InviteButton({ user, size = "xs" }: { user: UserDetail; size?: "xs" | "sm" }) {
  const invite = useInviteUser();
  const sent = user.lastInvitedAt !== null;
  const label = user.hasPassword ? "Send a sign-in link" : sent ? "Resend invitation" : "Send invitation";
  const button = (
    <Button
      size={size}
      variant="light"
      leftSection={<IconMailForward size={16} />}
      loading={invite.isPending}
      disabled={!user.isActive}
      onClick={() =>
        invite.mutate(user.id, {
          onSuccess: (r) =>
            notifications.show({
              color: "teal",
              title: r.alreadyActive ? "Link sent" : "Invitation sent",
              message: r.message,
            }),
          onError: (err) =>
            notifications.show({ color: "red", title: "Could not send", message: errorMessage(err) }),
        })
      }
    >
      {label}
    </Button>
  );
  return user.isActive ? button : <Tooltip label="Activate them first">{button}</Tooltip>;
}

function UserSummary({ user, canManage }: { user: UserDetail; canManage: boolean }) {
  return (
    <Group justify="space-between" align="center" gap="sm" mb="md" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6}>
          <UserStatusBadges user={user} />
          <Badge variant="outline" color="gray">
            {user.roleName}
          </Badge>
          {isRetailerProgramUser(user) ? (
            <Badge variant="light" color="blue">
              Retailer program
            </Badge>
          ) : null}
        </Group>
        <Text fz="xs" c="dimmed">
          {user.lastLoginAt
            ? `Last signed in ${formatDateTime(user.lastLoginAt)}`
            : user.lastInvitedAt
              ? `Invited ${formatDateTime(user.lastInvitedAt)}; has not signed in yet`
              : "Has not signed in yet"}
        </Text>
      </Stack>
      {canManage ? <InviteButton user={user} /> : null}
    </Group>
  );
}

/**
 * The drawer to add a person (`userId: null`) or see and change one, their trades included. A retailer
 * program user (new with `retailerProgram`, or one whose subscription is 16) gets the short form, which
 * only `canManageRetailerProgram` callers (Admins, Super Admins) may change.
 */
export function UserDrawer({
  target,
  onClose,
  canManage,
  canManageRetailerProgram,
  callerId,
}: {
  target: DrawerTarget;
  onClose: () => void;
  canManage: boolean;
  canManageRetailerProgram: boolean;
  callerId: number;
}) {
  const narrow = useMediaQuery("(max-width: 36em)", false);
  // What the drawer showed stays while it slides out.
  const [shown, setShown] = useState<DrawerTarget>(target);
  if (target !== null && target !== shown) setShown(target);
  const userId = shown?.userId ?? null;
  const query = useUser(userId);
  const [tab, setTab] = useState<string | null>("details");
  const isNew = shown !== null && userId === null;
  const user = query.data ?? null;
  const retailerProgram = isNew ? !!shown?.retailerProgram : !!user && isRetailerProgramUser(user);
  const readOnly = !canManage || (retailerProgram && !canManageRetailerProgram);

  const title = isNew ? (retailerProgram ? "New retailer-program user" : "New user") : (user?.name ?? "User");

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      title={
        <Text component="span" fw={700} fz="lg">
          {title}
        </Text>
      }
      position="right"
      size={narrow ? "100%" : 560}
      padding="lg"
      onExitTransitionEnd={() => {
        setTab("details");
        setShown(null);
      }}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {isNew ? (
        <UserForm
          key={retailerProgram ? "retailer" : "standard"}
          user={null}
          retailerProgram={retailerProgram}
          readOnly={readOnly}
          callerId={callerId}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : !user ? (
        <Stack gap="md" aria-busy>
          <Skeleton height={20} width="50%" />
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : (
        <>
          <UserSummary user={user} canManage={!readOnly} />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="details" leftSection={<IconId size={16} />}>
                Details
              </Tabs.Tab>
              <Tabs.Tab value="trades" leftSection={<IconTool size={16} />}>
                Trades
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <UserForm
                key={user.id}
                user={user}
                retailerProgram={retailerProgram}
                readOnly={readOnly}
                callerId={callerId}
                onSaved={onClose}
                onCancel={onClose}
              />
            </Tabs.Panel>
            <Tabs.Panel value="trades">
              <UserTradesPanel userId={user.id} readOnly={readOnly} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Drawer>
  );
}
