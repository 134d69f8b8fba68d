import type { HoursPostResponse, HoursRow, HoursSearchResponse } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../lib/session";
import { demoUser } from "../../../../test/fixtures";
import { lookupListOf, type MockRequest, mockApi, optionSearch, problem } from "../../../../test/mock-api";
import { renderRoutes } from "../../../../test/render";
import { HOURS_TEXT_MESSAGE } from "../components/hours-entry-form";
import { HoursPage } from "./hours-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 2 });
  URL.createObjectURL = vi.fn(() => "blob:x");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const SEARCH = "POST /api/users/hours/search";
const UPSERT = "POST /api/users/hours/upsert";
const POST = "POST /api/users/hours/post-hours";
const EXPORT = "GET /api/users/hours/payroll-export";
const PERIOD = { startDate: "2025-10-06", endDate: "2025-10-12" };

const row = (key: string, change: Partial<HoursRow> = {}): HoursRow => ({
  key,
  id: null,
  userId: 101,
  userName: "Jo Park",
  workDate: "2025-10-06",
  hoursTypeId: 1,
  hoursTypeName: "Hourly",
  storeId: 12,
  storeName: "Costco Wayne",
  minutes: 450,
  hours: 7.5,
  timeLogMinutes: 450,
  manualMinutes: 0,
  source: "timeLogs",
  logCount: 1,
  lineCount: 1,
  notes: null,
  posted: false,
  postedMinutes: 0,
  postingId: null,
  canEdit: false,
  ...change,
});

const rows = [
  row("t101:2025-10-06:1:12"),
  row("e7", {
    id: 7,
    workDate: "2025-10-07",
    source: "manual",
    minutes: 60,
    hours: 1,
    timeLogMinutes: 0,
    manualMinutes: 60,
    notes: "Training",
    canEdit: true,
  }),
  row("e8", {
    id: 8,
    userId: 102,
    userName: "Sam Rivera",
    workDate: "2025-09-29",
    source: "manual",
    minutes: 120,
    posted: true,
    postedMinutes: 120,
    postingId: 3,
  }),
];

const searchOf =
  (items: HoursRow[]) =>
  ({ body }: MockRequest): HoursSearchResponse => {
    const b = body as { page?: number; pageSize?: number; groupBy?: "entry" };
    return {
      items,
      total: items.length,
      page: b.page ?? 1,
      pageSize: b.pageSize ?? 25,
      period: PERIOD,
      groupBy: b.groupBy ?? "entry",
      totals: {
        minutes: 630,
        timeLogMinutes: 450,
        manualMinutes: 180,
        postedMinutes: 120,
        unpostedMinutes: 510,
        people: 2,
      },
      attention: { logs: 0, people: 0 },
      canEdit: true,
    };
  };

const plan = (change: Partial<HoursPostResponse> = {}): HoursPostResponse => ({
  dryRun: true,
  posting: null,
  period: PERIOD,
  peopleCount: 2,
  people: [
    { userId: 101, userName: "Jo Park", minutes: 510, timeLogMinutes: 450, manualMinutes: 60 },
    { userId: 102, userName: "Sam Rivera", minutes: 240, timeLogMinutes: 240, manualMinutes: 0 },
  ],
  totalMinutes: 750,
  blockers: { attention: [], alreadyPosted: [] },
  ...change,
});

function serve(extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fetchMock, {
    [SEARCH]: searchOf(rows),
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        userHoursTypes: [
          { id: 1, name: "Hourly" },
          { id: 4, name: "Training" },
        ],
      }),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => [
      { id: 101, name: "Jo Park", isActive: true, organizationsTerritoryIds: [] },
      { id: 102, name: "Sam Rivera", isActive: true, organizationsTerritoryIds: [] },
    ]),
    "POST /api/app/lookup-list/stores/search": optionSearch(() => [
      {
        id: 12,
        name: "Costco Wayne",
        address: null,
        city: null,
        organizationTerritoryId: null,
        organizationId: 7,
      },
    ]),
    ...extra,
  });
}

const renderPage = (path = "/labor/hours") =>
  renderRoutes(
    [
      { path: "/labor/hours", Component: HoursPage },
      { path: "/labor/missing-punches", element: <h1>Missing punches screen</h1> },
    ],
    path,
  );

async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute("aria-controls") ?? "");
    if (!el || within(el).queryAllByRole("option", { hidden: true }).length === 0)
      throw new Error("The options did not open");
    return el;
  });
  await user.click(within(list).getByRole("option", { name: option, hidden: true }));
}

describe("HoursPage", { timeout: 30_000 }, () => {
  it("lists hours with their totals; posted rows carry a lock and no buttons, open manual entries can be changed", async () => {
    const api = serve();
    renderPage();
    const table = await screen.findByRole("table", { name: "Hours" });
    await within(table).findAllByText("Jo Park");
    expect(api.bodies(SEARCH)[0]).toEqual({
      page: 1,
      pageSize: 25,
      sortBy: "userName",
      sortDirection: "asc",
      groupBy: "entry",
      dateRange: 3,
    });
    const posted = within(table).getByText("Sam Rivera").closest("tr") as HTMLElement;
    expect(within(posted).getAllByText("Posted").length).toBeGreaterThan(0);
    expect(within(posted).queryByRole("button", { name: /Edit|Delete/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Edit Jo Park, 2025-10-07, Hourly" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Jo Park, 2025-10-07, Hourly" })).toBeTruthy();
    // Hours from time logs are never edited here.
    expect(screen.queryByRole("button", { name: "Edit Jo Park, 2025-10-06, Hourly" })).toBeNull();
    expect(screen.getByText("10:30")).toBeTruthy();
  });

  it("checks the entry form: person, date and hours as h:mm or a decimal; a posted period's refusal shows beside the date", async () => {
    const api = serve({
      [UPSERT]: () =>
        problem(
          409,
          "Hours for 2025-09-29 to 2025-10-05 are posted for payroll; nothing in that period can change.",
          {
            workDate: ["Hours for 2025-09-29 to 2025-10-05 are posted for payroll."],
          },
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Add hours" }));
    const form = await screen.findByRole("form", { name: "Add hours" });
    const submit = within(form).getByRole("button", { name: "Add hours" });
    await user.click(submit);
    expect(await within(form).findByText("Choose the person")).toBeTruthy();
    expect(within(form).getByText("Enter the date")).toBeTruthy();
    expect(within(form).getByText("Enter the hours")).toBeTruthy();

    const hours = within(form).getByRole("textbox", { name: /Hours/ });
    await user.type(hours, "7h30");
    await user.click(submit);
    expect(await within(form).findByText(HOURS_TEXT_MESSAGE)).toBeTruthy();
    await user.clear(hours);
    await user.type(hours, "25:00");
    await user.click(submit);
    expect(await within(form).findByText("Enter between 0:01 and 24:00 hours")).toBeTruthy();
    expect(api.bodies(UPSERT)).toHaveLength(0);

    await user.clear(hours);
    await user.type(hours, "7,25");
    expect(within(form).getByText("7:15 (7.25 h)")).toBeTruthy();
    await choose(user, within(form).getByRole("combobox", { name: /Person/ }), "Jo Park");
    const date = within(form).getByLabelText(/^Date/) as HTMLInputElement;
    await user.type(date, "2025-10-01");
    await user.click(submit);
    // The posted period's refusal names the period beside the date.
    await waitFor(() => expect(date.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getByText("Hours for 2025-09-29 to 2025-10-05 are posted for payroll.")).toBeTruthy();
    expect(api.bodies(UPSERT)).toEqual([
      { userId: 101, workDate: "2025-10-01", hoursTypeId: null, storeId: null, minutes: 435, notes: null },
    ]);
  });

  it("posts a period: shows what it would hold and what it locks, asks to confirm, then offers the payroll file", async () => {
    const api = serve({
      [POST]: ({ body }) =>
        (body as { dryRun?: boolean }).dryRun
          ? plan()
          : plan({
              dryRun: false,
              posting: {
                id: 9,
                ...PERIOD,
                postedAt: "2025-10-13T15:00:00.000Z",
                postedByUserId: 42,
                postedByName: "Alex Admin",
                note: null,
                peopleCount: 2,
                totalMinutes: 750,
              },
            }),
      [EXPORT]: () =>
        new Response("Person\r\n", {
          headers: {
            "content-type": "text/csv",
            "content-disposition": "attachment; filename=payroll-2025-10-06-2025-10-12-2025-10-13.csv",
          },
        }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Post hours" }));
    const dialog = await screen.findByRole("dialog", { name: "Post hours for payroll" });
    expect((within(dialog).getByLabelText(/^First day/) as HTMLInputElement).value).toBe("2025-10-06");
    expect((within(dialog).getByLabelText(/^Last day/) as HTMLInputElement).value).toBe("2025-10-12");
    expect(
      await within(dialog).findByText("2 people, 12:30 (12.5 h) in 2025-10-06 to 2025-10-12"),
    ).toBeTruthy();
    expect(api.bodies(POST)[0]).toEqual({ ...PERIOD, dryRun: true });
    expect(within(dialog).getByText(/can no longer be added, changed or deleted/)).toBeTruthy();

    const confirm = within(dialog).getByRole("button", { name: "Post hours for 2 people" });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(
      within(dialog).getByRole("checkbox", { name: "Lock 2025-10-06 to 2025-10-12 for 2 people" }),
    );
    await user.click(confirm);
    expect((await within(dialog).findByRole("status")).textContent).toContain(
      "Posting 9: 2025-10-06 to 2025-10-12 is locked for 2 people",
    );
    expect(api.bodies(POST).at(-1)).toEqual({ ...PERIOD, dryRun: false });

    await user.click(within(dialog).getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(api.calls.some((c) => `${c.method} ${c.path}` === EXPORT)).toBe(true));
    const exported = api.calls.find((c) => `${c.method} ${c.path}` === EXPORT);
    expect(exported?.query.get("postingId")).toBe("9");
    expect(exported?.query.get("format")).toBe("csv");
  });

  it("will not post while something stops it: names the people already posted and the time logs to fix", async () => {
    const api = serve({
      [POST]: () =>
        plan({
          blockers: {
            attention: [{ userId: 101, userName: "Jo Park", logs: 2 }],
            alreadyPosted: [
              {
                userId: 102,
                userName: "Sam Rivera",
                postingId: 3,
                startDate: "2025-10-01",
                endDate: "2025-10-07",
              },
            ],
          },
        }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Post hours" }));
    const dialog = await screen.findByRole("dialog", { name: "Post hours for payroll" });
    expect(await within(dialog).findByText("Sam Rivera: 2025-10-01 to 2025-10-07 (posting 3)")).toBeTruthy();
    expect(within(dialog).getByText("Jo Park: 2 time logs")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Missing punches" }).getAttribute("href")).toBe(
      "/labor/missing-punches",
    );
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    expect((within(dialog).getByRole("button", { name: "Post hours" }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // Choosing the people instead asks again with them.
    await user.click(within(dialog).getByRole("radio", { name: "The people I choose" }));
    await choose(user, within(dialog).getByRole("combobox", { name: /Chosen people/ }), "Jo Park");
    await waitFor(() => expect(api.bodies(POST).at(-1)).toEqual({ ...PERIOD, userIds: [101], dryRun: true }));
    expect(api.bodies(POST).every((b) => b.dryRun === true)).toBe(true);
  });

  it("changes and deletes an open manual entry", async () => {
    const api = serve({
      [UPSERT]: ({ body }) => ({ ...rows[1], ...(body as object) }),
      "DELETE /api/users/hours/7": () => ({ ok: true }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit Jo Park, 2025-10-07, Hourly" }));
    const form = await screen.findByRole("form", { name: "Edit hours" });
    const hours = within(form).getByRole("textbox", { name: /Hours/ }) as HTMLInputElement;
    expect(hours.value).toBe("1:00");
    await user.clear(hours);
    await user.type(hours, "1.5");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit hours" })).toBeNull());
    expect(api.bodies(UPSERT)).toEqual([
      {
        id: 7,
        userId: 101,
        workDate: "2025-10-07",
        hoursTypeId: 1,
        storeId: 12,
        minutes: 90,
        notes: "Training",
      },
    ]);

    await user.click(screen.getByRole("button", { name: "Delete Jo Park, 2025-10-07, Hourly" }));
    const ask = await screen.findByRole("dialog", { name: "Delete these hours?" });
    await user.click(within(ask).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE")).toBe(true));
  });

  it("lists the postings with their payroll files", async () => {
    const api = serve({
      "GET /api/users/hours/postings": () => ({
        items: [
          {
            id: 9,
            ...PERIOD,
            postedAt: "2025-10-13T15:00:00.000Z",
            postedByUserId: 42,
            postedByName: "Alex Admin",
            note: "Week 41",
            peopleCount: 2,
            totalMinutes: 750,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 10,
      }),
      [EXPORT]: () =>
        new Response("x", {
          headers: {
            "content-type": "application/octet-stream",
            "content-disposition": "attachment; filename=payroll.xlsx",
          },
        }),
    });
    const user = userEvent.setup();
    renderPage("/labor/hours?tab=postings");
    const table = await screen.findByRole("table", { name: "Postings" });
    expect(await within(table).findByText("2025-10-06 to 2025-10-12")).toBeTruthy();
    expect(within(table).getByText("Posting 9 · Week 41")).toBeTruthy();
    const files = within(table).getByRole("group", { name: "Payroll file of posting 9" });
    await user.click(within(files).getByRole("button", { name: "Export Excel (.xlsx)" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "/api/users/hours/payroll-export")?.query.get("format")).toBe(
        "xlsx",
      ),
    );
  });
});
