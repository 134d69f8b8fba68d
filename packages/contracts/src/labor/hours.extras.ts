/** The hours' calls outside the spec's catalogue (endpoints.ts `extraEndpoints`). No imports: plain data. */
export const hoursExtraEndpoints = [
  {
    name: "users.hoursPostings",
    group: "users",
    method: "GET",
    path: "/api/users/hours/postings",
    meaning: "the posted pay periods: who posted which dates for how many people, and their hours",
  },
  {
    name: "users.hoursPayrollExport",
    group: "users",
    method: "GET",
    path: "/api/users/hours/payroll-export",
    meaning:
      "the payroll file (CSV or XLSX) of posted hours: one posting's, or every posted hour of a period",
  },
] as const;
