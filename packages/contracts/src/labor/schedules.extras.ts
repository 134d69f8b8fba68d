/** The schedules' calls outside the spec's catalogue (endpoints.ts `extraEndpoints`). No imports: plain data. */
export const schedulesExtraEndpoints = [
  {
    name: "users.schedulesShiftsUpsert",
    group: "users",
    method: "POST",
    path: "/api/users/schedules/shifts/upsert",
    meaning:
      "create a planned shift, or move or change one (person, store, date, times, notes); answers its conflicts",
  },
  {
    name: "users.schedulesShiftsById",
    group: "users",
    method: "DELETE",
    path: "/api/users/schedules/shifts/{id}",
    meaning: "delete a planned shift",
  },
  {
    name: "users.schedulesCopy",
    group: "users",
    method: "POST",
    path: "/api/users/schedules/copy",
    meaning:
      "copy a week's shifts into another week (last week into this one by default), skipping identical ones",
  },
] as const;
