import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoutes } from "../../../test/render";
import { LeadActions, legalNextStatuses } from "./lead-actions";
import { detail } from "./test-leads";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

function renderActions(lead: ReturnType<typeof detail>) {
  return renderRoutes(
    [
      {
        path: "/leads",
        element: <LeadActions lead={lead} canRestoreDeleted={false} onEdit={() => {}} onDeleted={() => {}} />,
      },
    ],
    "/leads",
  );
}

const optionNames = async () =>
  (await screen.findAllByRole("option", { hidden: true })).map((o) => o.textContent);

describe("lead status changes", () => {
  it("offers only the legal next statuses of the transition table, Rejected behind its own button", async () => {
    const user = userEvent.setup();
    // Contacted may go to Appointment Set, Sent, Cancelled or Rejected; a stray "Sold" from anywhere is ignored.
    renderActions(detail({ statusId: 2, statusName: "Contacted", nextStatusIds: [3, 4, 7, 10, 11] }));

    await user.click(screen.getByRole("combobox", { name: "Change status" }));

    expect(await optionNames()).toEqual(["Appointment Set", "Sent", "Cancelled"]);
    expect(screen.getByRole("button", { name: "Reject" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Restore" })).toBeNull();
  });

  it("sends the chosen status of the lead", async () => {
    const user = userEvent.setup();
    const lead = detail({ statusId: 6, statusName: "Ran", nextStatusIds: [7, 8] });
    fetchMock.mockResolvedValue(
      jsonResponse({
        saved: true,
        lead: { ...lead, statusId: 7 },
        isDuplicate: false,
        duplicateOf: null,
        possibleDuplicates: [],
      }),
    );
    renderActions(lead);

    await user.click(screen.getByRole("combobox", { name: "Change status" }));
    expect(await optionNames()).toEqual(["Sold", "Not Sold"]);
    await user.click(screen.getByRole("option", { name: "Sold", hidden: true }));

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/leads/internal/upsert");
    expect(JSON.parse(String(init?.body))).toEqual({ id: 164, statusId: 7 });
  });

  it("offers a rejected lead only its restore, and a lead generator never a rejection", () => {
    renderActions(
      detail({ statusId: 11, statusName: "Rejected", rejectionReason: "duplicate", nextStatusIds: [1] }),
    );
    expect(screen.queryByRole("combobox", { name: "Change status" })).toBeNull();
    expect(screen.getByRole("button", { name: "Restore" })).toBeTruthy();

    // What the server allows narrows the table further (a lead generator's New lead: no Rejected).
    expect(legalNextStatuses({ statusId: 1, nextStatusIds: [2, 3, 4, 10] })).toEqual([2, 3, 4, 10]);
    expect(legalNextStatuses({ statusId: 7, nextStatusIds: [8, 1] })).toEqual([8]);
  });

  it("offers an analyst nothing to change: the server's flags on the lead say they only read", () => {
    // What the server sends a caller without leads.edit (docs/decisions/0026): no edit, delete or next status.
    renderActions(
      detail({ statusId: 2, statusName: "Contacted", nextStatusIds: [], canEdit: false, canDelete: false }),
    );
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Change status" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reject" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });
});

describe("the order of the lead's actions", () => {
  it("puts the primary action (Edit) first and Delete apart at the end, behind its confirmation", async () => {
    const user = userEvent.setup();
    renderActions(detail({ statusId: 2, statusName: "Contacted", nextStatusIds: [3, 4, 10, 11] }));
    const buttons = screen.getAllByRole("button").map((b) => b.textContent);
    expect(buttons[0]).toBe("Edit");
    expect(buttons.at(-1)).toBe("Delete");
    // Two groups: working the lead, and deleting it.
    const work = screen.getByRole("group", { name: "Work this lead" });
    const apart = screen.getByRole("group", { name: "Delete this lead" });
    expect(within(work).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(work).getByRole("button", { name: "Reject" })).toBeTruthy();
    expect(
      within(apart)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Delete"]);

    await user.click(within(apart).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("dialog", { name: "Delete lead" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("leaves out the delete group for a role that may not delete", () => {
    renderActions(detail({ statusId: 1, statusName: "New", nextStatusIds: [2, 3], canDelete: false }));
    expect(screen.queryByRole("group", { name: "Delete this lead" })).toBeNull();
    expect(screen.getAllByRole("button")[0].textContent).toBe("Edit");
  });
});
