import { activitiesApi } from "./activities";
import { hoursApi } from "./hours";
import { schedulesApi } from "./schedules";
import { timeLogsApi } from "./time-logs";

export * from "./activities";
export * from "./common";
export * from "./hours";
export * from "./schedules";
export * from "./time-logs";

/** Labor's calls (docs/decisions/0040-labor.md): one area of the API, whatever URL group each call sits in. */
export const laborApi = { ...timeLogsApi, ...hoursApi, ...schedulesApi, ...activitiesApi } as const;
