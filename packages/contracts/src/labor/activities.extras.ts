/** The activities' calls outside the spec's catalogue (endpoints.ts `extraEndpoints`). No imports: plain data. */
export const activitiesExtraEndpoints = [] as const;
