/** Support's calls outside the spec's catalogue (endpoints.ts `extraEndpoints`). No imports: plain data. */
export const supportExtraEndpoints = [
  {
    name: "support.tutorialById.delete",
    group: "support",
    method: "DELETE",
    path: "/api/support/tutorial/{id}",
    meaning: "delete a tutorial and its uploaded video",
  },
  {
    name: "support.files",
    group: "support",
    method: "GET",
    path: "/api/support/files/{token}",
    meaning: "a document's or tutorial's file through a signed link that expires",
  },
] as const;
