import { USER_SORT_KEYS, type UserListItem } from "@fieldlead/contracts";
import { Button, Menu, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBuildingStore, IconChevronDown, IconPlus, IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { PageHeader } from "../../../components/page-header";
import { listPageParams, useListPage } from "../../../components/use-list-page";
import { errorMessage } from "../../../lib/api-error";
import { useCan } from "../../../lib/can";
import { flagParam, idsParam, textParam } from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import { useAssignableRoles } from "../api/get-assignable-roles";
import { useInviteUser } from "../api/invite-user";
import { useUsers } from "../api/search-users";
import { useSetUserActive } from "../api/set-user-active";
import { PendingInvitations } from "../components/pending-invitations";
import { type DrawerTarget, UserDrawer } from "../components/user-drawer";
import { RETAILER_PROGRAM_SCOPE } from "../components/user-form";
import { UsersFilters } from "../components/users-filters";
import { type UserRowAction, UsersTable } from "../components/users-table";

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(USER_SORT_KEYS, "name"),
  search: textParam(),
  roleIds: idsParam(),
  territoryIds: idsParam(),
  storeIds: idsParam(),
  isActive: flagParam(true),
};

export function UsersPage() {
  const me = useSession();
  const can = useCan();
  const list = useListPage(PARAMS);
  const roles = useAssignableRoles();
  const [drawer, setDrawer] = useState<DrawerTarget>(null);
  const [toggling, setToggling] = useState<{ user: UserListItem; isActive: boolean } | null>(null);
  const invite = useInviteUser();
  const setActive = useSetUserActive();

  const query = useUsers(list.request);

  // Those who only read (schedulers, analysts) never see create or edit buttons. The server answers the roles
  // a caller may give; none means they may look but not change. While the roles load, the capability decides
  // (no flash of missing buttons).
  const canManage = can("users.edit") && (roles.isPending || (roles.data?.length ?? 0) > 0);
  // Retailer program portal users are made by Admins (and the Super Admin) only.
  const canManageRetailerProgram = canManage && can("users.portal");
  const onAction = (action: UserRowAction, user: UserListItem) => {
    if (action === "open") setDrawer({ userId: user.id });
    else if (action === "invite")
      invite.mutate(user.id, {
        onSuccess: (r) =>
          notifications.show({
            color: "teal",
            title: r.alreadyActive ? "Link sent" : "Invitation sent",
            message: r.message,
          }),
        onError: (err) =>
          notifications.show({ color: "red", title: "Could not send", message: errorMessage(err) }),
      });
    else setToggling({ user, isActive: action === "activate" });
  };

  const confirmToggle = () => {
    if (!toggling) return;
    setActive.mutate(
      { userId: toggling.user.id, isActive: toggling.isActive },
      {
        onSuccess: () => {
          notifications.show({
            color: "teal",
            message: toggling.isActive
              ? `${toggling.user.name} is active again.`
              : `${toggling.user.name} was deactivated.`,
          });
          setToggling(null);
        },
        onError: (err) => {
          notifications.show({ color: "red", title: "Could not save", message: errorMessage(err) });
          setToggling(null);
        },
      },
    );
  };

  const plainNewUser = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ userId: null })}>
      New user
    </Button>
  );
  // Admins get a split button: the usual person, or a retailer program portal user.
  const newUserButton = canManageRetailerProgram ? (
    <Button.Group>
      {plainNewUser}
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            px={8}
            aria-label="More kinds of user"
            style={{ borderLeft: "1px solid color-mix(in srgb, currentColor 35%, transparent)" }}
          >
            <IconChevronDown size={16} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown maw={300}>
          <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={() => setDrawer({ userId: null })}>
            New user
          </Menu.Item>
          <Menu.Item
            leftSection={<IconBuildingStore size={16} />}
            onClick={() => setDrawer({ userId: null, retailerProgram: true })}
          >
            <Stack gap={0}>
              <span>New retailer-program user</span>
              <Text fz="xs" c="dimmed">
                {RETAILER_PROGRAM_SCOPE}
              </Text>
            </Stack>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Button.Group>
  ) : canManage ? (
    plainNewUser
  ) : null;

  return (
    <>
      <PageHeader
        title="Users"
        description={
          canManage
            ? "The people of your organization: invite them, give them roles, territories, stores and trades."
            : "The people of your organization."
        }
        actions={newUserButton}
      />
      <PendingInvitations enabled={canManage && !roles.isPending} />
      <UsersFilters
        value={list.params}
        onChange={list.setParams}
        activeCount={list.filterCount}
        onClear={list.clearFilters}
      />
      <UsersTable
        {...list.tableProps(query)}
        onAction={onAction}
        canManage={canManage}
        emptyAction={newUserButton}
      />
      <UserDrawer
        target={drawer}
        onClose={() => setDrawer(null)}
        canManage={canManage}
        canManageRetailerProgram={canManageRetailerProgram}
        callerId={me?.userId ?? 0}
      />
      <ConfirmModal
        opened={toggling !== null}
        title={toggling?.isActive ? "Activate this person?" : "Deactivate this person?"}
        confirmLabel={toggling?.isActive ? "Activate" : "Deactivate"}
        danger={!toggling?.isActive}
        loading={setActive.isPending}
        onConfirm={confirmToggle}
        onClose={() => setToggling(null)}
      >
        {toggling?.isActive ? (
          <>
            <b>{toggling.user.name}</b> will be able to sign in to this organization again with their
            password.
          </>
        ) : (
          <>
            <b>{toggling?.user.name}</b> will be signed out on every device at once and will not be able to
            sign in to this organization. Their leads, hours and history stay.
          </>
        )}
      </ConfirmModal>
    </>
  );
}
