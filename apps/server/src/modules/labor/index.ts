/**
 * Labor (docs/decisions/0040-labor.md): time logs and missing punches, hours and payroll, schedules and available
 * hours, activities and no activity. Each slice has its own folder; this is the module's only way in.
 */

export * from "./activities/index";
export * from "./hours/index";
export * from "./schedules/index";
export * from "./time-logs/index";
