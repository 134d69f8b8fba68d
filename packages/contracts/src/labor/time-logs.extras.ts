/** The time logs' calls outside the spec's catalogue (endpoints.ts `extraEndpoints`). No imports: plain data. */
export const timeLogsExtraEndpoints = [
  {
    name: "laborHistory.byUserIdTimeLogsByLogIdHistory",
    group: "laborHistory",
    method: "GET",
    path: "/api/laborHistory/{userId}/time-logs/{logId}/history",
    meaning: "a time log's audit trail: who changed what, when, and why",
  },
  {
    name: "laborHistory.today",
    group: "laborHistory",
    method: "GET",
    path: "/api/laborHistory/today",
    meaning: "the caller's day for the punch screen: open log, today's shifts, missing punches to propose",
  },
] as const;
