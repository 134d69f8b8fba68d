import type { RouteObject } from "react-router";
import type { RouteHandle } from "../../app/router";

/** The Reports area's screens (app/router.tsx adds them to its built screens). */
export const reportsRoutes: RouteObject[] = [
  {
    path: "/reports/funnel",
    handle: { title: "Funnel reports" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("./pages/reports-page")).ReportsPage }),
  },
  {
    path: "/reports/funnel/:slug",
    handle: { title: "Report" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("./pages/report-page")).ReportPage }),
  },
];
