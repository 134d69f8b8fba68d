export {
  type LaborHistoryFilters,
  laborHistoryPageSql,
  laborHistoryRepository,
  laborHistoryTotalsSql,
} from "./labor-history.repository";
export { MISSING_PUNCH_CRON, timeLogsJobs } from "./time-logs.jobs";
export { timeLogsRepository } from "./time-logs.repository";
export { timeLogsRoutes } from "./time-logs.routes";
export {
  DASHBOARD_MAX_LOGS,
  LABOR_HISTORY_EXPORT_MAX,
  MISSING_REASON,
  SWEEP_BATCH,
  type TimeLogsService,
  timeLogsService,
} from "./time-logs.service";
