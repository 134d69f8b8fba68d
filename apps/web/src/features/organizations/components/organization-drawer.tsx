import type { OrganizationDetail } from "@fieldlead/contracts";
import { Drawer, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { OrganizationForm, type ParentOption } from "./organization-form";

/** Edit `organization`, or create one (optionally inside an owner group) when it is null. */
export type OrganizationDrawerTarget = {
  organization: OrganizationDetail | null;
  parentId?: number | null;
  isOwnerGroup?: boolean;
} | null;

export function OrganizationDrawer({
  target,
  onClose,
  superAdmin,
  parentOptions,
}: {
  target: OrganizationDrawerTarget;
  onClose: () => void;
  superAdmin: boolean;
  parentOptions: ParentOption[];
}) {
  const narrow = useMediaQuery("(max-width: 36em)", false);
  // What the drawer showed stays while it slides out.
  const [shown, setShown] = useState<OrganizationDrawerTarget>(target);
  if (target !== null && target !== shown) setShown(target);
  const organization = shown?.organization ?? null;

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      title={
        <Text component="span" fw={700} fz="lg">
          {organization ? organization.name : "New organization"}
        </Text>
      }
      position="right"
      size={narrow ? "100%" : 600}
      padding="lg"
      onExitTransitionEnd={() => setShown(null)}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {shown ? (
        <OrganizationForm
          key={organization?.id ?? "new"}
          organization={organization}
          superAdmin={superAdmin}
          parentOptions={parentOptions.filter((p) => p.value !== String(organization?.id))}
          isOwnerGroup={!!shown.isOwnerGroup}
          presetParentId={shown.parentId}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Drawer>
  );
}
