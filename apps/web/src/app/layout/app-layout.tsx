import type { Who } from "@fieldlead/contracts";
import { AppShell, Burger, Center, Group, Loader, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Link, Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { Brand } from "../../components/brand";
import { useUpdateWebConfig } from "../../features/account/api/upsert-web-config";
import { InvitationsBanner } from "../../features/account/components/invitations-banner";
import { OrganizationSwitcher } from "../../features/account/components/organization-switcher";
import { UserMenu } from "../../features/account/components/user-menu";
import { WhatsNewButton } from "../../features/feature-flags/components/whats-new-button";
import { NotificationBellSlot } from "../../features/notifications/components/notification-bell-slot";
import { loginPathReturningTo } from "../../lib/api-client";
import { session, useSession } from "../../lib/session";
import { landingPathFor } from "../landing";
import { canOpen, menuFor } from "../menu";
import { NoAccessPage } from "../no-access-page";
import { useSideMenu } from "./use-side-menu";

/**
 * The side menu's code (its entries, their icons) loads once the menu is seen: at once on a wide screen, on a phone
 * when the menu is first opened, so a lead generator's phone does not load it for the capture screen
 * (docs/decisions/0029). Once loaded it stays.
 */
const SideMenu = lazy(async () => ({ default: (await import("./side-menu")).SideMenu }));

/** The signed-in frame: header, side menu and the current screen. Sends signed-out visitors to sign in. */
export function AppLayout() {
  const user = useSession();
  const location = useLocation();
  if (!user) {
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={session.wasSignedOut() ? "/login" : loginPathReturningTo(back)} replace />;
  }
  return <SignedInShell roleId={user.roleId} subscriptionId={user.subscriptionId} />;
}

function SignedInShell({ roleId, subscriptionId }: { roleId: number; subscriptionId: number }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const webConfig = useUpdateWebConfig();
  const persist = useCallback(
    (open: boolean) => webConfig.mutate({ sideMenuOpen: open }),
    [webConfig.mutate],
  );
  const menu = useSideMenu(persist);
  // A collapsed menu slides out of view; it must leave the tab order and the accessibility tree too.
  const wide = useMediaQuery("(min-width: 48em)", true);
  const menuHidden = wide ? !menu.desktopOpen : !menu.mobileOpen;
  // The real width at once (not after a first render as wide), so that a phone does not load the menu's code.
  const wideNow = useMediaQuery("(min-width: 48em)", undefined, { getInitialValueInEffect: false });
  const [menuWanted, setMenuWanted] = useState(false);
  const menuSeen = wideNow || menu.mobileOpen;
  useEffect(() => {
    if (menuSeen) setMenuWanted(true);
  }, [menuSeen]);
  const who = useMemo(() => ({ roleId, subscriptionId }), [roleId, subscriptionId]);
  const items = useMemo(() => menuFor(who), [who]);
  const allowed = canOpen(pathname, who);

  // After switching organization the role may differ: leave a screen the new role may not open.
  const onSwitched = useCallback(
    (u: Who) => {
      if (!canOpen(window.location.pathname, u)) navigate(landingPathFor(u), { replace: true });
    },
    [navigate],
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 264,
        breakpoint: "sm",
        collapsed: { mobile: !menu.mobileOpen, desktop: !menu.desktopOpen },
      }}
      padding={{ base: "md", sm: "lg", lg: "xl" }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: "sm", sm: "md" }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={menu.mobileOpen}
              onClick={menu.toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={menu.mobileOpen ? "Close the side menu" : "Open the side menu"}
              aria-expanded={menu.mobileOpen}
            />
            <Burger
              opened={menu.desktopOpen}
              onClick={menu.toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label={menu.desktopOpen ? "Close the side menu" : "Open the side menu"}
              aria-expanded={menu.desktopOpen}
              data-testid="side-menu-toggle"
            />
            <Link
              to={landingPathFor(who)}
              aria-label="FieldLead home"
              style={{ color: "inherit", textDecoration: "none" }}
            >
              <Brand />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Group visibleFrom="sm">
              <OrganizationSwitcher onSwitched={onSwitched} />
            </Group>
            <NotificationBellSlot />
            <WhatsNewButton />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        data-testid="side-menu"
        aria-label="Side menu"
        inert={menuHidden}
        data-collapsed={menuHidden || undefined}
      >
        <AppShell.Section hiddenFrom="sm" p="sm" pb={0}>
          <Text fz="xs" c="dimmed" fw={600} tt="uppercase" mb={6}>
            Organization
          </Text>
          <OrganizationSwitcher onSwitched={onSwitched} fullWidth />
        </AppShell.Section>
        {menuWanted || menuSeen ? (
          <Suspense fallback={null}>
            <SideMenu items={items} onNavigate={menu.closeMobile} />
          </Suspense>
        ) : null}
      </AppShell.Navbar>

      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <InvitationsBanner onJoined={onSwitched} />
        <Suspense
          fallback={
            <Center py={80}>
              <Loader size="sm" />
            </Center>
          }
        >
          {allowed ? <Outlet /> : <NoAccessPage />}
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
