import type { RouteObject } from "react-router";
import type { RouteHandle } from "../../app/router";

/** The dashboard's screen, for the router's built screens (app/router.tsx). */
export const dashboardRoutes: RouteObject[] = [
  {
    path: "/dashboard",
    handle: { title: "Dashboard" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("./pages/dashboard-page")).DashboardPage }),
  },
];
