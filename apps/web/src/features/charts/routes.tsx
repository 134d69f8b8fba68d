import type { RouteObject } from "react-router";
import type { RouteHandle } from "../../app/router";

/** The charts' screen, for the router's built screens (app/router.tsx). */
export const chartsRoutes: RouteObject[] = [
  {
    path: "/charts",
    handle: { title: "Charts" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("./pages/charts-page")).ChartsPage }),
  },
];
