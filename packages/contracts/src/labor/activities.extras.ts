/** The activities' calls outside the spec's catalogue (endpoints.ts `extraEndpoints`). No imports: plain data. */
export const activitiesExtraEndpoints = [
  {
    name: "users.activityById.put",
    group: "users",
    method: "PUT",
    path: "/api/users/activity/{id}",
    meaning: "change a logged activity (one's own, or a manager's correction)",
  },
  {
    name: "users.activityById.delete",
    group: "users",
    method: "DELETE",
    path: "/api/users/activity/{id}",
    meaning: "delete a logged activity (a mistaken tap)",
  },
] as const;
