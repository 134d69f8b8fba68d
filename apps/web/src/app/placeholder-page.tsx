import { MENU_DESCRIPTIONS } from "@fieldlead/contracts";
import { useLocation } from "react-router";
import { ComingSoon } from "../components/coming-soon";
import { useSession } from "../lib/session";
import { menuIcon } from "./layout/side-menu";
import { allMenuItems, menuItemsFor } from "./menu";
import { BUILT_PATHS } from "./router";

/** The "coming soon" page of a menu entry whose screens are not built yet. */
export function PlaceholderPage() {
  const { pathname } = useLocation();
  const user = useSession();
  const item = allMenuItems()
    .filter((i) => pathname === i.path || pathname.startsWith(`${i.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (!item) return null;
  const parent = allMenuItems().find((p) => p.children?.some((c) => c.key === item.key));
  const Icon = menuIcon(item.icon ?? parent?.icon);
  // The built areas of this user's menu, as a way on from here.
  const available = user
    ? menuItemsFor(user)
        .filter((i) => BUILT_PATHS.has(i.path))
        .slice(0, 6)
        .map(({ key, label, path }) => ({ key, label, path }))
    : [];
  return (
    <ComingSoon
      title={parent ? `${parent.label}: ${item.label}` : item.label}
      description={MENU_DESCRIPTIONS[item.key] ?? ""}
      icon={<Icon size={28} stroke={1.6} />}
      available={available}
    />
  );
}
