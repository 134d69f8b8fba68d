/** Labor: schedules (docs/decisions/0040-labor.md). */
export const schedulesApi = {} as const;
