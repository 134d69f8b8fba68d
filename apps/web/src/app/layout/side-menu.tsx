import { NavLink, ScrollArea, Stack } from "@mantine/core";
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
  IconUsers,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { Link, useLocation } from "react-router";
import type { MenuIcon, MenuItem } from "../menu";

const ICONS: Record<MenuIcon, ComponentType<{ size?: number; stroke?: number }>> = {
  dashboard: IconLayoutDashboard,
  capture: IconClipboardPlus,
  leads: IconTargetArrow,
  appointments: IconCalendarEvent,
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

/** The side menu: the entries the user may open, with the current one marked. */
export function SideMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea type="hover" scrollbarSize={6} style={{ flex: 1 }}>
      <Stack gap={2} component="nav" aria-label="Main" p="sm">
        {items.map((item) => {
          const Icon = menuIcon(item.icon);
          const icon = <Icon size={19} stroke={1.7} />;
          if (item.children?.length) {
            const open = within(pathname, item.path);
            return (
              <NavLink
                key={item.key}
                label={item.label}
                leftSection={icon}
                defaultOpened={open}
                active={open}
                variant="subtle"
                childrenOffset={30}
              >
                {item.children.map((child) => (
                  <NavLink
                    key={child.key}
                    component={Link}
                    to={child.path}
                    label={child.label}
                    active={within(pathname, child.path)}
                    aria-current={within(pathname, child.path) ? "page" : undefined}
                    onClick={onNavigate}
                  />
                ))}
              </NavLink>
            );
          }
          const active = within(pathname, item.path);
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={item.path}
              label={item.label}
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
