import type {
  ActivityRecentResponse,
  ActivitySearchResponse,
  NoActivityRow,
  NoActivitySearchResponse,
} from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../lib/session";
import { demoUser } from "../../../../test/fixtures";
import { lookupListOf, type MockRequest, mockApi, optionSearch } from "../../../../test/mock-api";
import { renderRoutes } from "../../../../test/render";
import { ActivitiesPage } from "./activities-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const RECENT = "GET /api/users/activity/recent";
const SEARCH = "POST /api/users/activity/search";
const NONE = "POST /api/users/no-activity/search";
const UPDATE = "PUT /api/users/no-activity/update";

const TYPES = [
  { id: 1, name: "Approaches", isApproaches: true },
  { id: 2, name: "Break", isApproaches: false },
];

const recent = (mine: ActivityRecentResponse["mine"] = null): ActivityRecentResponse => ({
  items: [],
  types: TYPES,
  showApproaches: true,
  mine,
});

const row = (change: Partial<NoActivityRow>): NoActivityRow => ({
  userId: 77,
  userName: "Jo Park",
  kind: "day",
  workDate: "2026-11-20",
  worked: false,
  scheduled: true,
  storeNames: ["Costco Wayne"],
  reasonId: null,
  reasonName: null,
  notes: null,
  reasonDate: null,
  recordedByName: null,
  recordedAt: null,
  ...change,
});

const ROWS = [
  row({}),
  row({ userId: 78, userName: "Sam Lee", workDate: "2026-11-19", worked: true, scheduled: false }),
  row({
    userId: 79,
    userName: "Ana Ruiz",
    kind: "period",
    workDate: "2026-11-16",
    scheduled: false,
    storeNames: [],
    reasonId: 2,
    reasonName: "Vacation",
    reasonDate: "2026-11-18",
    recordedByName: "Morgan Manager",
  }),
];

const noActivity =
  (canEdit: boolean) =>
  ({ body }: MockRequest): NoActivitySearchResponse => {
    const b = body as { page?: number; pageSize?: number };
    return {
      items: ROWS,
      total: ROWS.length,
      page: b.page ?? 1,
      pageSize: b.pageSize ?? 25,
      period: { startDate: "2026-11-16", endDate: "2026-11-22" },
      counts: { days: 2, people: 1, withReason: 1, withoutReason: 2 },
      canEdit,
    };
  };

const emptySearch = (): ActivitySearchResponse => ({
  items: [],
  total: 0,
  page: 1,
  pageSize: 25,
  period: { startDate: "2026-11-23", endDate: "2026-11-29" },
  totals: TYPES.map((t) => ({ ...t, entries: 0, count: 0, minutes: 0 })),
});

function serve(canEdit: boolean, extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fetchMock, {
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        userReasons: [
          { id: 1, name: "Sick" },
          { id: 2, name: "Vacation" },
          { id: 5, name: "Weather" },
        ],
      } as never),
    "POST /api/app/lookup-list/stores/search": optionSearch(() => [{ id: 3, name: "Costco Wayne" }]),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => [{ id: 77, name: "Jo Park" }]),
    [RECENT]: () => recent(),
    [SEARCH]: emptySearch,
    [NONE]: noActivity(canEdit),
    [UPDATE]: () => ({ saved: 3, cleared: 0 }),
    ...extra,
  });
}

const renderPage = (path: string) =>
  renderRoutes([{ path: "/labor/activities", Component: ActivitiesPage }], path);

/** Picks an option of a Mantine Select: its list is the one the input controls. */
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

describe("ActivitiesPage: no activity", { timeout: 30_000 }, () => {
  it("records a reason per row and one for several selected rows, then saves every change in one call", async () => {
    session.set({ ...demoUser, roleId: 3 });
    const api = serve(true);
    const user = userEvent.setup();
    renderPage("/labor/activities?tab=none");

    await screen.findAllByText("Jo Park", undefined, { timeout: 5000 });
    const table = screen.getByRole("table", { name: "No activity" });
    expect(api.bodies(NONE)[0]).toEqual({
      page: 1,
      pageSize: 25,
      sortBy: "workDate",
      sortDirection: "desc",
      reasonState: "all",
    });
    expect(
      screen.getByText(/2 days worked or scheduled with nothing logged, 1 person with nothing at all/),
    ).toBeTruthy();
    const save = screen.getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);

    // One row's own reason.
    await choose(
      user,
      within(table).getByRole("combobox", { name: "Reason for Jo Park, 2026-11-20" }),
      "Sick",
    );
    // Two rows at once: select them, pick a reason, apply.
    await user.click(within(table).getByRole("checkbox", { name: "Select Sam Lee, 2026-11-19" }));
    await user.click(within(table).getByRole("checkbox", { name: "Select Ana Ruiz, the whole period" }));
    expect(screen.getByText("2 selected")).toBeTruthy();
    await choose(user, screen.getByRole("combobox", { name: /^Reason for the selected rows/ }), "Weather");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    await user.click(screen.getByRole("button", { name: "Save 3 changes" }));
    await waitFor(() => expect(api.bodies(UPDATE)).toHaveLength(1));
    expect(api.bodies(UPDATE)[0]).toEqual({
      items: [
        { userId: 77, workDate: "2026-11-20", reasonId: 1 },
        { userId: 78, workDate: "2026-11-19", reasonId: 5 },
        // A period row's reason is changed where it was recorded.
        { userId: 79, workDate: "2026-11-18", reasonId: 5 },
      ],
    });
    // The list is read again, and nothing waits to be saved.
    await waitFor(() => expect(api.bodies(NONE).length).toBeGreaterThan(1));
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
  });

  it("filters by whether a reason was recorded", async () => {
    session.set({ ...demoUser, roleId: 3 });
    const api = serve(true);
    const user = userEvent.setup();
    renderPage("/labor/activities?tab=none");
    await screen.findByRole("table", { name: "No activity" });
    await choose(user, screen.getByRole("combobox", { name: /^Reason$/ }), "No reason yet");
    await waitFor(() => expect(api.bodies(NONE).at(-1)?.reasonState).toBe("missing"));
  });

  it("shows the reasons without editors to those who may not record them", async () => {
    session.set({ ...demoUser, roleId: 8 });
    serve(false);
    renderPage("/labor/activities?tab=none");
    await screen.findAllByText("Ana Ruiz", undefined, { timeout: 5000 });
    const table = screen.getByRole("table", { name: "No activity" });
    expect(within(table).getByText("Vacation")).toBeTruthy();
    expect(within(table).queryAllByRole("checkbox")).toHaveLength(0);
    expect(within(table).queryAllByRole("combobox")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: /^Save/ })).toBeNull();
    // Analysts log nothing.
    expect(screen.queryByRole("button", { name: "Log activity" })).toBeNull();
  });
});

describe("ActivitiesPage: a lead generator", { timeout: 30_000 }, () => {
  it("has the quick card and logs their own from the form, with no person to choose", async () => {
    session.set({ ...demoUser, roleId: 14 });
    const api = serve(false, {
      [RECENT]: () =>
        recent({
          workDate: "2026-11-24",
          approaches: 7,
          entries: 7,
          storeId: 3,
          storeName: "Costco Wayne",
          timeLogId: 9,
        }),
    });
    const user = userEvent.setup();
    renderPage("/labor/activities");
    const card = await screen.findByRole("region", { name: "Today's approaches" });
    expect(await within(card).findByText("7 approaches")).toBeTruthy();
    expect(
      await screen.findByText("Nothing logged in this period", undefined, { timeout: 5000 }),
    ).toBeTruthy();
    // Their own list: no people or territory filters.
    expect(screen.queryByRole("combobox", { name: /^People/ })).toBeNull();
    expect(api.bodies(SEARCH)[0]).toEqual({
      page: 1,
      pageSize: 25,
      sortBy: "occurredAt",
      sortDirection: "desc",
    });

    await user.click(within(card).getByRole("button", { name: "Log another activity" }));
    const form = await screen.findByRole("form", { name: "Log an activity" });
    expect(within(form).queryByRole("combobox", { name: /Person/ })).toBeNull();
    expect(within(form).getByRole("combobox", { name: /^Activity/ })).toBeTruthy();
  });
});
