export { type GenerationTemplate, type NewWindow, planWindows, weeksAhead } from "./generation";
export { schedulingJobs } from "./scheduling.jobs";
export { type SchedulingRepository, schedulingRepository } from "./scheduling.repository";
export { schedulingRoutes } from "./scheduling.routes";
export {
  DEFAULT_SCHEDULING_SETTINGS,
  keepWindowsGenerated,
  type SchedulingService,
  schedulingService,
} from "./scheduling.service";
export { todayIn, wallClockInstant, windowInstants } from "./wall-clock";
