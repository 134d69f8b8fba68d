/** Labor: activities (docs/decisions/0040-labor.md). */
export const activitiesApi = {} as const;
