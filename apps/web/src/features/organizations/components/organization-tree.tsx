import type { OrganizationDetail, SettingsOrganization } from "@fieldlead/contracts";
import {
  ActionIcon,
  Badge,
  Box,
  Collapse,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  IconBuilding,
  IconBuildingSkyscraper,
  IconChevronRight,
  IconEdit,
  IconPlus,
} from "@tabler/icons-react";
import { useState } from "react";
import { FIRST_DAY_OPTIONS } from "./organization-form";

const firstDay = (d: number | null) =>
  d === null
    ? "weeks start Monday (default)"
    : `weeks start ${FIRST_DAY_OPTIONS.find((o) => o.value === String(d))?.label}`;

function Meta({ org }: { org: OrganizationDetail }) {
  const active = org.territories.filter((t) => t.isActive).length;
  return (
    <Text fz="xs" c="dimmed">
      {org.timeZone.replaceAll("_", " ")} · {firstDay(org.intFirstDayOfWeek)} · {active}{" "}
      {active === 1 ? "territory" : "territories"}
    </Text>
  );
}

function Flags({ org, memberCount }: { org: OrganizationDetail; memberCount?: number }) {
  return (
    <Group gap={4} wrap="wrap">
      {memberCount !== undefined ? (
        <Badge variant="light" color="indigo" radius="sm">
          Owner group · {memberCount}
        </Badge>
      ) : null}
      {org.isSmartCircleLG ? (
        <Badge variant="light" color="grape" radius="sm">
          Smart Circle
        </Badge>
      ) : null}
      {org.isDeleted ? (
        <Badge variant="filled" color="red" radius="sm">
          Deleted
        </Badge>
      ) : null}
    </Group>
  );
}

function Row({
  org,
  depth,
  ownerGroup,
  expanded,
  onToggle,
  onEdit,
  onAddChild,
  alignWithToggles,
}: {
  org: OrganizationDetail;
  depth: number;
  /** Some other row has a toggle: keep its place so the names line up. */
  alignWithToggles?: boolean;
  ownerGroup?: number;
  expanded?: boolean;
  onToggle?: () => void;
  onEdit: () => void;
  onAddChild?: () => void;
}) {
  const Icon = ownerGroup !== undefined ? IconBuildingSkyscraper : IconBuilding;
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      py="sm"
      pr="md"
      pl={depth === 0 ? "md" : 74}
      style={{ borderTop: depth === 0 ? undefined : "1px solid var(--mantine-color-default-border)" }}
    >
      {onToggle ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-label={`${expanded ? "Collapse" : "Expand"} ${org.name}`}
        >
          <IconChevronRight
            size={16}
            style={{ transform: expanded ? "rotate(90deg)" : undefined, transition: "transform 150ms" }}
          />
        </ActionIcon>
      ) : depth === 0 && alignWithToggles ? (
        <Box w={22} style={{ flex: "none" }} />
      ) : null}
      <ThemeIcon variant="light" color={org.isDeleted ? "gray" : "indigo"} size={34} radius="md">
        <Icon size={18} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <UnstyledButton onClick={onEdit} fw={600} fz="sm" td={org.isDeleted ? "line-through" : undefined}>
            {org.name}
          </UnstyledButton>
          <Flags org={org} memberCount={ownerGroup} />
        </Group>
        <Meta org={org} />
        {depth === 0 && org.organizationParentId !== null && org.parentName ? (
          <Text fz="xs" c="dimmed">
            In {org.parentName}
          </Text>
        ) : null}
      </Stack>
      <Group gap={2} wrap="nowrap">
        {onAddChild ? (
          <Tooltip label="Add an organization to this group">
            <ActionIcon
              variant="subtle"
              aria-label={`Add an organization to ${org.name}`}
              onClick={onAddChild}
            >
              <IconPlus size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" aria-label={`Edit ${org.name}`} onClick={onEdit}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** Owner groups with their organizations inside, each opening its settings. */
export function OrganizationTree({
  roots,
  onEdit,
  onAddChild,
}: {
  roots: SettingsOrganization[];
  onEdit: (org: OrganizationDetail, isOwnerGroup: boolean) => void;
  onAddChild?: (parent: OrganizationDetail) => void;
}) {
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const anyToggle = roots.some((r) => r.children.length > 0);
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Organizations">
      {roots.map((root) => {
        const expanded = !collapsed.has(root.id);
        return (
          <Box
            component="li"
            key={root.id}
            bg="var(--mantine-color-body)"
            style={{
              border: "1px solid var(--mantine-color-default-border)",
              borderRadius: "var(--mantine-radius-lg)",
            }}
          >
            <Row
              org={root}
              depth={0}
              alignWithToggles={anyToggle}
              ownerGroup={root.children.length > 0 ? root.children.length : undefined}
              expanded={expanded}
              onToggle={root.children.length ? () => toggle(root.id) : undefined}
              onEdit={() => onEdit(root, root.children.length > 0)}
              onAddChild={
                onAddChild && root.organizationParentId === null && !root.isDeleted
                  ? () => onAddChild(root)
                  : undefined
              }
            />
            {root.children.length ? (
              <Collapse expanded={expanded}>
                <Box
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: "none" }}
                  aria-label={`Organizations of ${root.name}`}
                >
                  {root.children.map((child) => (
                    <li key={child.id}>
                      <Row org={child} depth={1} onEdit={() => onEdit(child, false)} />
                    </li>
                  ))}
                </Box>
              </Collapse>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
