import { useEffect } from "react";
import { Outlet, ScrollRestoration, useMatches } from "react-router";
import type { RouteHandle } from "./router";

/** Names the browser tab after the current screen: the deepest route's title, a function of its params or not. */
function useDocumentTitle() {
  const match = [...useMatches()].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const title = (match?.handle as RouteHandle | undefined)?.title;
  const text = typeof title === "function" ? title(match?.params ?? {}) : title;
  useEffect(() => {
    document.title = text ? `${text} · FieldLead` : "FieldLead";
  }, [text]);
}

export function RootRoute() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
