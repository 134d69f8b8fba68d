import type { Routes } from "../../../platform/routes";
import type { FunnelService } from "./funnel.service";

/** The funnel reports' and the dashboard's panels, listings and export routes. */
export function funnelRoutes(_funnel: FunnelService): Routes {
  return () => {};
}
