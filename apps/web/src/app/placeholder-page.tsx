import { useLocation } from "react-router";
import { ComingSoon } from "../components/coming-soon";
import { menuIcon } from "./layout/side-menu";
import { allMenuItems } from "./menu";

/** The "coming soon" page of a menu entry whose screens are not built yet. */
export function PlaceholderPage() {
  const { pathname } = useLocation();
  const item = allMenuItems()
    .filter((i) => pathname === i.path || pathname.startsWith(`${i.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (!item) return null;
  const parent = allMenuItems().find((p) => p.children?.some((c) => c.key === item.key));
  const Icon = menuIcon(item.icon ?? parent?.icon);
  return (
    <ComingSoon
      title={parent ? `${parent.label}: ${item.label}` : item.label}
      description={item.description}
      icon={<Icon size={28} stroke={1.6} />}
    />
  );
}
