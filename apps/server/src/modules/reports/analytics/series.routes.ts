import type { Routes } from "../../../platform/routes";
import type { SeriesService } from "./series.service";

/** The charts', the dashboard's bar chart, speed to lead's and appointment outcomes' routes. */
export function seriesRoutes(_series: SeriesService): Routes {
  return () => {};
}
