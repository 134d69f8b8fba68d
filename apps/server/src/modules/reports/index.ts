export { funnelRoutes } from "./analytics/funnel.routes";
export { type FunnelService, funnelService } from "./analytics/funnel.service";
export { seriesRoutes } from "./analytics/series.routes";
export { type SeriesService, seriesService } from "./analytics/series.service";
export { reportsRoutes } from "./reports.routes";
export { smartCircleRepository } from "./smart-circle.repository";
export { type SmartCircleService, smartCircleService } from "./smart-circle.service";
