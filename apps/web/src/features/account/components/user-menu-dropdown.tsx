import { roleName } from "@fieldlead/contracts";
import { Badge, Menu, Stack, Text } from "@mantine/core";
import { IconLogout, IconSparkles } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { session, useSession } from "../../../lib/session";
import { useLogout } from "../api/logout";
import { AccountButton } from "./account-button";

/**
 * The account menu itself (loaded with its first use: `user-menu.tsx` draws the button until then), opened at once
 * since it is loaded by a press of that button.
 */
export function UserMenuDropdown({ email, initials }: { email: string | null; initials: string }) {
  const user = useSession();
  const queryClient = useQueryClient();
  const logout = useLogout();
  if (!user) return null;

  const organization = user.organizations.find((o) => o.id === user.currentOrganizationId)?.name;

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The session is ended on this device either way; an expired one is already gone on the server.
    }
    // The shell sees the session end and sends the user to sign in.
    session.clear("signedOut");
    queryClient.clear();
  };

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal defaultOpened>
      <Menu.Target>
        <AccountButton initials={initials} />
      </Menu.Target>
      <Menu.Dropdown>
        {/* Who is signed in: plain text (a menu holds only menu items, so no paragraphs here). */}
        <Stack gap={4} px="sm" py="xs">
          <Text component="div" fz="sm" fw={600} truncate="end">
            {email ?? "Signed in"}
          </Text>
          <Badge variant="light" size="sm" w="fit-content">
            {roleName(user.roleId)}
          </Badge>
          {organization ? (
            <Text component="div" fz="xs" c="dimmed" truncate="end">
              {organization}
            </Text>
          ) : null}
        </Stack>
        <Menu.Divider />
        <Menu.Item component={Link} to="/whats-new" leftSection={<IconSparkles size={16} />}>
          What's new
        </Menu.Item>
        <Menu.Item
          c="red"
          leftSection={<IconLogout size={16} />}
          onClick={signOut}
          disabled={logout.isPending}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
