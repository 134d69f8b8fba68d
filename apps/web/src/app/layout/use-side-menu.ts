import { useCallback, useState } from "react";
import { session } from "../../lib/session";

export const SIDE_MENU_KEY = "sideMenuOpen";

/** The side menu's remembered state: this device's last choice, else the user's saved web config, else open. */
export function initialSideMenuOpen(): boolean {
  try {
    const local = localStorage.getItem(SIDE_MENU_KEY);
    if (local === "true" || local === "false") return local === "true";
  } catch {
    // Storage unavailable: fall through to the saved config.
  }
  const saved = session.get()?.wingenWebConfig?.sideMenuOpen;
  return typeof saved === "boolean" ? saved : true;
}

/** Open or closed on a wide screen (remembered via onPersist); on a phone it starts closed and is not remembered. */
export function useSideMenu(onPersist: (open: boolean) => void) {
  const [desktopOpen, setDesktopOpen] = useState(initialSideMenuOpen);
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggleDesktop = useCallback(() => {
    const next = !desktopOpen;
    setDesktopOpen(next);
    try {
      localStorage.setItem(SIDE_MENU_KEY, String(next));
    } catch {
      // Not remembered on this device; the server copy still is.
    }
    onPersist(next);
  }, [desktopOpen, onPersist]);

  return {
    desktopOpen,
    mobileOpen,
    toggleDesktop,
    toggleMobile: useCallback(() => setMobileOpen((o) => !o), []),
    closeMobile: useCallback(() => setMobileOpen(false), []),
  };
}
