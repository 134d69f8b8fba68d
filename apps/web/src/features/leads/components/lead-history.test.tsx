import type { LeadHistoryEntry, LeadTypeLookup, LookupList } from "@fieldlead/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { LeadHistory, noteText } from "./lead-history";
import { historyIds, leadNames } from "./lead-names";

const types = {
  serviceTypes: [
    {
      id: 3,
      name: "Windows",
      description: "",
      isActive: true,
      sortOrder: 0,
      questions: [
        {
          id: 7,
          text: "Interested in",
          dataTypeId: 7,
          dataTypeCode: "multiChoice",
          fieldTypeId: 5,
          fieldTypeCode: "checkbox",
          isRequired: false,
          isActive: true,
          sortOrder: 0,
          responses: [
            { id: 9, text: "Replacement windows", sortOrder: 0 },
            { id: 10, text: "Patio doors", sortOrder: 1 },
          ],
        },
      ],
    },
  ],
  languageTypes: [{ id: 1, name: "English" }],
} as unknown as LeadTypeLookup;

const lookups = {
  organizationTerritories: [],
  allOrganizationTerritories: [],
  languageTypes: [],
  hdsfiGroup: [],
  hdJobType: [],
  centahServiceId: [],
  centahAdCode: [],
} as unknown as LookupList;
// The stores the history names, as the store search answers them by id (an inactive one too).
const storeNames = [
  { id: 1, name: "Costco Wayne" },
  { id: 5, name: "BJ's Wholesale Hicksville" },
];

const history: LeadHistoryEntry[] = [
  {
    id: 3,
    action: "unrejected",
    at: "2026-11-21T15:30:00.000Z",
    userId: 3,
    userName: "Morgan Manager",
    before: { status: "Rejected", statusId: 11, rejectionReason: "duplicate" },
    after: { status: "New", statusId: 1 },
  },
  {
    id: 2,
    action: "updated",
    at: "2026-11-21T15:20:00.000Z",
    userId: 3,
    userName: "Morgan Manager",
    before: { firstName: "Isaac", storeId: 1, answers: { "7": [10] } },
    after: { firstName: "Isaac2", storeId: 5, answers: { "7": [9, 10] } },
  },
  {
    id: 1,
    action: "created",
    at: "2026-07-04T13:00:00.000Z",
    userId: null,
    userName: null,
    before: null,
    after: { statusId: 1, firstName: "Isaac" },
  },
];

describe("LeadHistory", () => {
  it("shows who did what and when, on the store's clock, newest first, before -> after in words", () => {
    renderWithMantine(
      <LeadHistory
        history={history}
        timeZone="America/New_York"
        names={leadNames(lookups, types, { storeNames })}
      />,
    );
    const entries = screen.getAllByTestId("history-entry");
    expect(entries).toHaveLength(3);

    const [restored, edited, created] = entries;
    expect(within(restored).getByText("Restored from Rejected")).toBeTruthy();
    expect(restored.textContent).toContain("Morgan Manager · 2026-11-21 10:30 EST");
    expect(restored.textContent).toMatch(/Status:\s*Rejected\s*→\s*New/);
    expect(restored.textContent).toMatch(/Reason:\s*Duplicate\s*→\s*\(empty\)/);
    // The status id repeats the status name; it is not listed again.
    expect(restored.textContent).not.toContain("statusId");

    expect(within(edited).getByText("Edited")).toBeTruthy();
    expect(edited.textContent).toMatch(/First name:\s*Isaac\s*→\s*Isaac2/);
    expect(edited.textContent).toMatch(/Store:\s*Costco Wayne\s*→\s*BJ's Wholesale Hicksville/);
    // Answers read as the question and the choices' texts.
    expect(edited.textContent).toMatch(/Interested in:\s*Patio doors\s*→\s*Replacement windows, Patio doors/);

    expect(within(created).getByText("Lead captured")).toBeTruthy();
    // Summer time in New York reads EDT; a change made by no one reads "System".
    expect(created.textContent).toContain("System · 2026-07-04 09:00 EDT");
  });

  it("names the stores and lead generators its changes hold, not the capture's", () => {
    const withGenerator: LeadHistoryEntry[] = [
      {
        ...history[1],
        before: { leadGeneratorId: 8, storeId: 1 },
        after: { leadGeneratorId: 9, storeId: 5 },
      },
      { ...history[2], after: { storeId: 3, leadGeneratorId: 4 } },
    ];
    expect(historyIds(withGenerator)).toEqual({ storeIds: [1, 5], leadGeneratorIds: [8, 9] });
  });

  it("shows a note with its author, time and words (line breaks kept), not as a change", () => {
    const withNote: LeadHistoryEntry[] = [
      {
        id: 4,
        action: "note",
        at: "2026-11-22T14:05:00.000Z",
        userId: 9,
        userName: "Luis Generator",
        before: null,
        after: { text: "Called, no answer.\nTry after 5 pm." },
        reason: null,
      },
      ...history,
    ];
    renderWithMantine(
      <LeadHistory
        history={withNote}
        timeZone="America/New_York"
        names={leadNames(lookups, types, { storeNames })}
      />,
    );
    const [note] = screen.getAllByTestId("history-entry");
    expect(within(note).getByText("Note")).toBeTruthy();
    expect(note.textContent).toContain("Luis Generator · 2026-11-22 09:05 EST");
    const words = within(note).getByText(/Called, no answer/);
    expect(words.textContent).toBe("Called, no answer.\nTry after 5 pm.");
    expect(words.style.whiteSpace).toBe("pre-wrap");
    expect(note.textContent).not.toContain("→");
    expect(noteText(withNote[0])).toBe("Called, no answer.\nTry after 5 pm.");
    expect(noteText(history[0])).toBeNull();
  });

  it("says so when nothing was recorded yet", () => {
    renderWithMantine(
      <LeadHistory history={[]} timeZone="America/New_York" names={leadNames(undefined, undefined)} />,
    );
    expect(screen.getByText("No changes recorded yet.")).toBeTruthy();
  });
});
