import { useEffect } from "react";
import { Outlet, ScrollRestoration, useMatches } from "react-router";
import type { RouteHandle } from "./router";

/** Names the browser tab after the current screen. */
function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useEffect(() => {
    document.title = title?.title ? `${title.title} · FieldLead` : "FieldLead";
  }, [title?.title]);
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
