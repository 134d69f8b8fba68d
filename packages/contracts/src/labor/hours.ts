/** Labor: hours (docs/decisions/0040-labor.md). */
export const hoursApi = {} as const;
