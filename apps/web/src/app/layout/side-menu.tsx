import { Badge, NavLink, ScrollArea, Stack, VisuallyHidden } from "@mantine/core";
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconChartBar,
  IconChartPie,
  IconClipboardPlus,
  IconClockHour4,
  IconFileAnalytics,
  IconHelpCircle,
  IconLayoutDashboard,
  IconQrcode,
  IconSend,
  IconServerCog,
  IconSettings,
  IconTargetArrow,
  IconTransfer,
  IconUsers,
} from "@tabler/icons-react";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import type { MenuIcon, MenuItem } from "../menu";
import { BUILT_PATHS } from "../router";

const ICONS: Record<MenuIcon, ComponentType<{ size?: number; stroke?: number }>> = {
  dashboard: IconLayoutDashboard,
  capture: IconClipboardPlus,
  leads: IconTargetArrow,
  appointments: IconCalendarEvent,
  deliveries: IconTransfer,
  qr: IconQrcode,
  labor: IconClockHour4,
  users: IconUsers,
  stores: IconBuildingStore,
  charts: IconChartPie,
  reports: IconFileAnalytics,
  notifications: IconSend,
  support: IconHelpCircle,
  settings: IconSettings,
  platform: IconServerCog,
};

export const menuIcon = (icon: MenuIcon | undefined) => (icon ? ICONS[icon] : IconChartBar);

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Whether an entry's screen exists: a section when one of its entries does. */
const isBuilt = (item: MenuItem, built: ReadonlySet<string>): boolean =>
  item.children?.length ? item.children.some((c) => isBuilt(c, built)) : built.has(item.path);

/**
 * An entry's label, with a "Soon" badge when its area is not built yet: people know before they click, and
 * screen readers hear "coming soon" as part of the link's name.
 */
function entryLabel(item: MenuItem, built: ReadonlySet<string>): ReactNode {
  if (isBuilt(item, built)) return item.label;
  return (
    <>
      {item.label}
      <Badge component="span" aria-hidden size="xs" variant="light" color="gray" ml={8} radius="sm">
        Soon
      </Badge>
      <VisuallyHidden> (coming soon)</VisuallyHidden>
    </>
  );
}

/** The side menu: the entries the user may open, with the current one marked and those still to come badged. */
export function SideMenu({
  items,
  onNavigate,
  built = BUILT_PATHS,
}: {
  items: MenuItem[];
  onNavigate?: () => void;
  /** The paths whose screens exist (the router's BUILT list). */
  built?: ReadonlySet<string>;
}) {
  const { pathname } = useLocation();
  return (
    <ScrollArea type="hover" scrollbarSize={6} style={{ flex: 1 }}>
      <Stack gap={2} component="nav" aria-label="Main" p="sm">
        {items.map((item) => {
          const Icon = menuIcon(item.icon);
          const icon = <Icon size={19} stroke={1.7} />;
          if (item.children?.length) {
            return (
              <MenuSection
                key={item.key}
                item={item}
                icon={icon}
                built={built}
                pathname={pathname}
                onNavigate={onNavigate}
              />
            );
          }
          const active = within(pathname, item.path);
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={item.path}
              label={entryLabel(item, built)}
              leftSection={icon}
              active={active}
              aria-current={active ? "page" : undefined}
              onClick={onNavigate}
            />
          );
        })}
      </Stack>
    </ScrollArea>
  );
}

/**
 * A section of the menu (Settings, Platform): a button that opens and closes its entries, reachable by keyboard
 * and announced as expanded or collapsed (Mantine draws it as a link without an address otherwise).
 */
function MenuSection({
  item,
  icon,
  built,
  pathname,
  onNavigate,
}: {
  item: MenuItem;
  icon: ReactNode;
  built: ReadonlySet<string>;
  pathname: string;
  onNavigate?: () => void;
}) {
  const current = within(pathname, item.path);
  const [opened, setOpened] = useState(current);
  // Arriving on one of its screens (a link, the address bar) opens the section.
  useEffect(() => {
    if (current) setOpened(true);
  }, [current]);
  return (
    <NavLink
      component="button"
      type="button"
      label={entryLabel(item, built)}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      active={current}
      variant="subtle"
      childrenOffset={30}
    >
      {(item.children ?? []).map((child) => (
        <NavLink
          key={child.key}
          component={Link}
          to={child.path}
          label={entryLabel(child, built)}
          active={within(pathname, child.path)}
          aria-current={within(pathname, child.path) ? "page" : undefined}
          onClick={onNavigate}
        />
      ))}
    </NavLink>
  );
}
