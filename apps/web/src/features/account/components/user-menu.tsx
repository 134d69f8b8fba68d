import { roleName } from "@fieldlead/contracts";
import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLogout, IconSparkles } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { session, useLoginEmail, useSession } from "../../../lib/session";
import { useLogout } from "../api/logout";

function initials(email: string | null): string {
  if (!email) return "?";
  const name = email.split("@")[0] ?? "";
  const parts = name.split(/[._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || name.slice(0, 2).toUpperCase();
}

/** The signed-in user's email and role, and signing out. */
export function UserMenu() {
  const user = useSession();
  const email = useLoginEmail();
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
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: 999 }} data-testid="user-menu">
          <Group gap={4} wrap="nowrap">
            <Avatar color="indigo" radius="xl" size={34}>
              {initials(email)}
            </Avatar>
            <IconChevronDown size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          </Group>
        </UnstyledButton>
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
