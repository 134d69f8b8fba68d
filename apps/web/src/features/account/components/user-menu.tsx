import { lazy, Suspense, useState } from "react";
import { useLoginEmail, useSession } from "../../../lib/session";
import { AccountButton } from "./account-button";

function initialsOf(email: string | null): string {
  if (!email) return "?";
  const name = email.split("@")[0] ?? "";
  const parts = name.split(/[._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || name.slice(0, 2).toUpperCase();
}

const loadDropdown = () => import("./user-menu-dropdown");
const UserMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).UserMenuDropdown }));

/**
 * The signed-in user's email and role, and signing out. The header draws only the button; the menu (Mantine's Menu,
 * with its positioning) loads when the button is pointed at, focused or pressed, and opens once it is in: every
 * screen's first load is lighter by it (docs/decisions/0029).
 */
export function UserMenu() {
  const user = useSession();
  const email = useLoginEmail();
  const [wanted, setWanted] = useState(false);
  if (!user) return null;
  const initials = initialsOf(email);
  const button = (
    <AccountButton
      initials={initials}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown email={email} initials={initials} />
    </Suspense>
  );
}
