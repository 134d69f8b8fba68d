import { flattenMenu, MENU, type MenuEntry, menuEntriesFor, type Who } from "@fieldlead/contracts";

export type { MenuIcon } from "@fieldlead/contracts";

/**
 * One entry of the side menu as the screens use it: the contracts' entry (packages/contracts/src/menu.ts, with
 * the capability that opens it) without its first call, which only the server's permissions walk reads.
 */
export type MenuItem = Omit<MenuEntry, "firstCall" | "children"> & { children?: MenuItem[] };

function toItem({ firstCall: _firstCall, children, ...entry }: MenuEntry): MenuItem {
  return children ? { ...entry, children: children.map(toItem) } : entry;
}

/** The side menu of the user: only the entries whose capability they have, in the domain's order. */
export function menuFor(who: Who): MenuItem[] {
  return menuEntriesFor(who).map(toItem);
}

/** Every entry of the menu, flattened (for routes and the "coming soon" pages). */
export function allMenuItems(): MenuItem[] {
  return flattenMenu(MENU).map(toItem);
}

/** Every entry the user may use, flattened (the sections and their children). */
export function menuItemsFor(who: Who): MenuItem[] {
  return flattenMenu(menuEntriesFor(who)).map(toItem);
}

const covers = (item: MenuItem, path: string) => path === item.path || path.startsWith(`${item.path}/`);

/** Whether the user may open a path: the most specific menu entry covering it is one of theirs. */
export function canOpen(path: string, who: Who): boolean {
  const target = allMenuItems()
    .filter((i) => covers(i, path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (!target) return true;
  return menuItemsFor(who).some((i) => i.key === target.key);
}
