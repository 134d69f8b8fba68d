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
    // The handle comes with the page: its tab title is the report's own, from the catalogue in the page's module
    // (kept out of the first file, where these routes are).
    lazy: async () => {
      const { ReportPage, reportHandle } = await import("./pages/report-page");
      return { Component: ReportPage, handle: reportHandle };
    },
  },
];
