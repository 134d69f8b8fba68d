import { Navigate, useLocation } from "react-router";
import { useSession } from "../lib/session";
import { landingPathFor } from "./landing";
import { menuFor } from "./menu";

/** `/`: the user's start page. */
export function LandingRedirect() {
  const user = useSession();
  return <Navigate to={user ? landingPathFor(user) : "/login"} replace />;
}

/** A menu group's own address (e.g. `/labor`): its first entry the user may open. */
export function SectionRedirect() {
  const user = useSession();
  const { pathname } = useLocation();
  const section = user ? menuFor(user).find((i) => i.path === pathname) : undefined;
  const first = section?.children?.[0];
  return <Navigate to={first ? first.path : user ? landingPathFor(user) : "/login"} replace />;
}
