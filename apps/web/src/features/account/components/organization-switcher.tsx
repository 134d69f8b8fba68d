import type { LoggedInUser } from "@fieldlead/contracts";
import { Group, Select, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBuildingStore } from "@tabler/icons-react";
import { errorMessage } from "../../../lib/api-error";
import { useSession } from "../../../lib/session";
import { useUpdateOrganization } from "../api/update-organization";

/** Picks the current organization among the user's memberships. */
export function OrganizationSwitcher({
  onSwitched,
  fullWidth = false,
}: {
  onSwitched?: (user: LoggedInUser) => void;
  fullWidth?: boolean;
}) {
  const user = useSession();
  const mutation = useUpdateOrganization({
    onSwitched: (u) => {
      const name = u.organizations.find((o) => o.id === u.currentOrganizationId)?.name;
      notifications.show({
        color: "teal",
        message: name ? `You are now working in ${name}.` : "Organization switched.",
      });
      onSwitched?.(u);
    },
  });
  if (!user) return null;

  const organizations = user.organizations.filter((o) => !o.isDeleted || o.id === user.currentOrganizationId);
  const current = organizations.find((o) => o.id === user.currentOrganizationId);
  const icon = <IconBuildingStore size={16} aria-hidden />;

  if (organizations.length <= 1) {
    return (
      <Group gap={6} wrap="nowrap" c="dimmed" maw={fullWidth ? undefined : 260}>
        {icon}
        <Text fz="sm" truncate="end" aria-label="Organization">
          {current?.name ?? "No organization"}
        </Text>
      </Group>
    );
  }

  return (
    <Select
      aria-label="Organization"
      data={organizations
        .map((o) => ({ value: String(o.id), label: o.name }))
        .sort((a, b) => a.label.localeCompare(b.label))}
      value={String(user.currentOrganizationId)}
      onChange={(value) => {
        const id = Number(value);
        if (!value || id === user.currentOrganizationId) return;
        mutation.mutate(id, {
          onError: (err) =>
            notifications.show({ color: "red", title: "Could not switch", message: errorMessage(err) }),
        });
      }}
      allowDeselect={false}
      searchable={organizations.length > 8}
      nothingFoundMessage="No organization matches"
      leftSection={icon}
      disabled={mutation.isPending}
      comboboxProps={{ withinPortal: true, shadow: "md" }}
      w={fullWidth ? "100%" : 240}
      data-testid="organization-switcher"
    />
  );
}
