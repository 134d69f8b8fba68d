import type { LaborHistoryRow, TimeLogItem } from "@fieldlead/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../lib/session";
import { demoUser } from "../../../../test/fixtures";
import { lookupListOf, mockApi, optionSearch, problem } from "../../../../test/mock-api";
import { jsonResponse, renderRoutes } from "../../../../test/render";
import { LaborHistoryPage } from "./labor-history-page";
import { historyRow, PERIOD, pageOf, storeOptions, timeLog } from "./test-time-logs";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  // A Manager (labor.edit).
  session.set({ ...demoUser, roleId: 3 });
  URL.createObjectURL = vi.fn(() => "blob:x");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const SEARCH = "POST /api/laborHistory/search";
const LOGS = "POST /api/laborHistory/101/time-logs/search";
const CREATE = "POST /api/laborHistory/101/time-logs";
const UPDATE = "PUT /api/laborHistory/101/time-logs/1";
const DELETE = "DELETE /api/laborHistory/101/time-logs/1";
const HISTORY = "GET /api/laborHistory/101/time-logs/1/history";

function serve(
  rows: LaborHistoryRow[] = [historyRow(1)],
  logs: TimeLogItem[] = [timeLog(1)],
  extra: Parameters<typeof mockApi>[1] = {},
) {
  return mockApi(fetchMock, {
    [SEARCH]: (req) => {
      const format = (req.body as { format?: string }).format;
      if (format)
        return new Response("a,b", {
          headers: {
            "content-type": "text/csv",
            "content-disposition": `attachment; filename="Labor history.${format.toUpperCase()}"`,
          },
        });
      return pageOf(
        () => rows,
        () => ({ period: PERIOD, totalMinutes: 2400 }),
      )(req);
    },
    [LOGS]: pageOf(
      () => logs,
      () => ({ period: { startDate: "2025-03-03", endDate: "2025-03-03" }, totalMinutes: 480 }),
    ),
    [UPDATE]: ({ body }) => ({ timeLog: { ...logs[0], ...(body as object) }, warnings: [] }),
    [CREATE]: () => jsonResponse({ timeLog: timeLog(2), warnings: [] }, 201),
    [DELETE]: () => ({ ok: true }),
    [HISTORY]: () => ({
      items: [
        {
          id: 1,
          timeLogId: 1,
          action: "punchIn",
          at: "2025-03-03T14:00:00.000Z",
          userId: 101,
          userName: "Jo Park",
          before: null,
          after: { punchInAt: "2025-03-03T14:00:00.000Z", storeId: 12, storeName: "Costco Wayne" },
          reason: null,
        },
        {
          id: 2,
          timeLogId: 1,
          action: "edit",
          at: "2025-03-04T15:00:00.000Z",
          userId: 3,
          userName: "Mia Manager",
          before: { punchOutAt: null, state: "missing" },
          after: { punchOutAt: "2025-03-03T22:30:00.000Z", state: "closed" },
          reason: "Forgot to punch out",
        },
        {
          id: 3,
          timeLogId: 1,
          action: "propose",
          at: "2025-03-04T16:00:00.000Z",
          userId: 101,
          userName: "Jo Park",
          before: { proposedPunchOut: null },
          after: { proposedPunchOut: "2025-03-03 17:45" },
          reason: "Stayed for a delivery",
        },
      ],
    }),
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        organizationTerritories: [{ id: 4, name: "North Jersey", organizationId: 7, isActive: true }],
        userHoursTypes: [
          { id: 1, name: "Regular" },
          { id: 2, name: "Training" },
        ],
      }),
    "POST /api/app/lookup-list/stores/search": optionSearch(() => storeOptions),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => [
      { id: 101, name: "Jo Park", isActive: true, organizationsTerritoryIds: [] },
    ]),
    ...extra,
  });
}

const renderPage = (path = "/labor/history") =>
  renderRoutes([{ path: "/labor/history", Component: LaborHistoryPage }], path);

/** Opens the first row's time logs and answers the drawer. */
async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Time logs of Person 01, 2025-03-03" }));
  return screen.findByRole("dialog", { name: /Person 01/ });
}

describe("LaborHistoryPage", { timeout: 30_000 }, () => {
  it("asks the server for a sorted page of the period, and the next page, sort and grouping", async () => {
    const api = serve(Array.from({ length: 30 }, (_, i) => historyRow(i + 1)));
    const user = userEvent.setup();
    const { router } = renderPage("/labor/history?pageSize=10");

    const table = await screen.findByRole("table", { name: "Labor history" });
    expect(await within(table).findByText("Person 01")).toBeTruthy();
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    expect(screen.getByText("1–10 of 30")).toBeTruthy();
    expect(api.bodies(SEARCH)[0]).toEqual({
      page: 1,
      pageSize: 10,
      sortBy: "periodStart",
      sortDirection: "desc",
      groupBy: "day",
      dateRange: 3,
    });
    // Hours as h:mm, and the period's total.
    const row = within(table).getByText("Person 01").closest("tr") as HTMLElement;
    expect(within(row).getByText("8:01")).toBeTruthy();
    expect(screen.getByText("40:00 h in all")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await within(table).findByText("Person 11")).toBeTruthy();
    expect(api.bodies(SEARCH).at(-1)).toMatchObject({ page: 2 });

    await user.click(within(table).getByRole("button", { name: /^Hours/ }));
    await waitFor(() =>
      expect(api.bodies(SEARCH).at(-1)).toMatchObject({ page: 1, sortBy: "minutes", sortDirection: "asc" }),
    );
    expect(router.state.location.search).toContain("sortBy=minutes");

    await user.click(screen.getByRole("radio", { name: "By week" }));
    await waitFor(() => expect(api.bodies(SEARCH).at(-1)).toMatchObject({ groupBy: "week" }));
    await user.click(screen.getByRole("switch", { name: "Flagged only" }));
    await waitFor(() => expect(api.bodies(SEARCH).at(-1)).toMatchObject({ flaggedOnly: true }));
    expect(router.state.location.search).toContain("flagged=1");
  });

  it("sends the filters from the address and exports what they select", async () => {
    const api = serve([historyRow(1, { attentionCount: 2, leadsNotPunchedIn: 1 })]);
    const user = userEvent.setup();
    renderPage(
      "/labor/history?range=custom&startDate=2025-02-01&endDate=2025-02-28&stores=12&territories=4&search=jo",
    );
    await screen.findByText("Person 01");
    expect(api.bodies(SEARCH)[0]).toMatchObject({
      startDate: "2025-02-01",
      endDate: "2025-02-28",
      storeIds: [12],
      territoryIds: [4],
      text: "jo",
    });
    expect(api.bodies(SEARCH)[0].dateRange).toBeUndefined();
    // The flags as badges.
    expect((await screen.findAllByText("2 to fix")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("1 lead not punched in").length).toBeGreaterThan(0);

    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    // (A download is a few awaits more than a page; a busy machine needs more than the default second.)
    await waitFor(() => expect(api.bodies(SEARCH).some((b) => b.format === "csv")).toBe(true), {
      timeout: 5_000,
    });
    expect(api.bodies(SEARCH).find((b) => b.format === "csv")).toMatchObject({
      page: 1,
      startDate: "2025-02-01",
      storeIds: [12],
      format: "csv",
    });
  });

  it("opens a person's logs of the period, and asks a reason before saving a correction", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage();
    const drawer = await openDrawer(user);
    const card = await within(drawer).findByRole("article", { name: "Time log 2025-03-03 at Costco Wayne" });
    expect(api.bodies(LOGS)[0]).toEqual({
      startDate: "2025-03-03",
      endDate: "2025-03-03",
      page: 1,
      pageSize: 20,
      sortBy: "punchInAt",
      sortDirection: "asc",
    });
    // Times in the store's zone, the length as hours and minutes.
    expect(card.textContent).toMatch(/09:00 – 17:00 EST/);
    expect(within(card).getByText("8:00")).toBeTruthy();

    await user.click(within(card).getByRole("button", { name: "Correct 2025-03-03 at Costco Wayne" }));
    const form = await screen.findByRole("form", { name: "Correct the time log of Jo Park" });
    expect((within(form).getByLabelText(/^Date/) as HTMLInputElement).value).toBe("2025-03-03");
    expect((within(form).getByLabelText(/^Start/) as HTMLInputElement).value).toBe("09:00");
    const end = within(form).getByLabelText(/^End/) as HTMLInputElement;
    expect(end.value).toBe("17:00");
    fireEvent.change(end, { target: { value: "17:30" } });

    await user.click(within(form).getByRole("button", { name: "Save correction" }));
    expect(
      await within(form).findByText("Say why (at least 3 characters): the audit trail keeps it"),
    ).toBeTruthy();
    expect(api.bodies(UPDATE)).toHaveLength(0);

    await user.type(within(form).getByRole("textbox", { name: /^Reason/ }), "Forgot to punch out");
    await user.click(within(form).getByRole("button", { name: "Save correction" }));
    await waitFor(() =>
      expect(api.bodies(UPDATE)).toEqual([
        {
          kind: "edit",
          storeId: 12,
          hoursTypeId: null,
          workDate: "2025-03-03",
          startTime: "09:00",
          endTime: "17:30",
          notes: null,
          reason: "Forgot to punch out",
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("form", { name: /Correct the time log/ })).toBeNull());
    // The person's logs are read again.
    await waitFor(() => expect(api.bodies(LOGS).length).toBeGreaterThan(1));
  });

  it("shows the server's refusal of a posted period above the form", async () => {
    serve([historyRow(1)], [timeLog(1)], {
      [UPDATE]: () => problem(409, "This time log is in the pay period 2025-03-01 – 2025-03-15, posted."),
    });
    const user = userEvent.setup();
    renderPage();
    const drawer = await openDrawer(user);
    await user.click(await within(drawer).findByRole("button", { name: /^Correct / }));
    const form = await screen.findByRole("form", { name: /Correct the time log/ });
    await user.type(within(form).getByRole("textbox", { name: /^Reason/ }), "Wrong store");
    await user.click(within(form).getByRole("button", { name: "Save correction" }));
    expect((await within(form).findByRole("alert")).textContent).toContain(
      "in the pay period 2025-03-01 – 2025-03-15, posted",
    );
  });

  it("deletes a log with a reason, and shows its audit trail", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage();
    const drawer = await openDrawer(user);

    await user.click(
      await within(drawer).findByRole("button", { name: "History of 2025-03-03 at Costco Wayne" }),
    );
    const history = await screen.findByRole("dialog", { name: "History of the time log" });
    const entries = await within(history).findAllByTestId("audit-entry");
    expect(entries).toHaveLength(3);
    expect(entries[2].textContent).toMatch(
      /Time proposed.*Proposed punch out:\s*\(empty\)\s*→\s*2025-03-03 17:45 EST/,
    );
    expect(entries[0].textContent).toContain("Punched in");
    expect(entries[0].textContent).toMatch(/Punch in:\s*\(empty\)\s*→\s*2025-03-03 09:00 EST/);
    expect(entries[0].textContent).toMatch(/Store:\s*\(empty\)\s*→\s*Costco Wayne/);
    expect(entries[1].textContent).toContain("Mia Manager · 2025-03-04 10:00 EST");
    expect(entries[1].textContent).toMatch(/Punch out:\s*\(empty\)\s*→\s*2025-03-03 17:30 EST/);
    expect(entries[1].textContent).toMatch(/State:\s*Missing punch\s*→\s*Closed/);
    expect(entries[1].textContent).toContain("Reason: Forgot to punch out");
    await user.click(within(history).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "History of the time log" })).toBeNull());

    await user.click(within(drawer).getByRole("button", { name: "Delete 2025-03-03 at Costco Wayne" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this time log?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await within(confirm).findByText(/Say why/)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
    await user.type(within(confirm).getByRole("textbox", { name: /Reason/ }), "Punched twice");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === "DELETE")).toHaveLength(1));
    expect(api.calls.find((c) => c.method === "DELETE")?.query.get("reason")).toBe("Punched twice");
  });

  it("lets a manager add a whole shift, and offers a reader neither adding nor correcting", async () => {
    const api = serve([historyRow(1)], [timeLog(1)]);
    const user = userEvent.setup();
    const { unmount } = renderPage();
    let drawer = await openDrawer(user);
    await user.click(await within(drawer).findByRole("button", { name: "Add a shift" }));
    const form = await screen.findByRole("form", { name: "Add a shift for Person 01" });
    expect((within(form).getByLabelText(/^Date/) as HTMLInputElement).value).toBe("2025-03-03");
    await user.click(within(form).getByRole("button", { name: "Add shift" }));
    expect(await within(form).findByText("Choose the store")).toBeTruthy();
    expect(within(form).getByText("Enter the start time")).toBeTruthy();
    expect(api.bodies(CREATE)).toHaveLength(0);
    unmount();

    // An analyst reads the history; the server's flags say the logs are not theirs to change.
    session.set({ ...demoUser, roleId: 8 });
    serve([historyRow(1)], [timeLog(1, { canEdit: false })]);
    renderPage();
    drawer = await openDrawer(user);
    await within(drawer).findByRole("article", { name: /Time log/ });
    expect(within(drawer).queryByRole("button", { name: "Add a shift" })).toBeNull();
    expect(within(drawer).queryByRole("button", { name: /^Correct/ })).toBeNull();
    expect(within(drawer).queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(within(drawer).getByRole("button", { name: /^History of/ })).toBeTruthy();
  });
});
