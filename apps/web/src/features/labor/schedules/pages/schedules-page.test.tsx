import type {
  AvailableHoursResponse,
  ScheduleCopyResponse,
  SchedulePerson,
  ScheduleShift,
  SchedulesResponse,
  StoreOption,
} from "@fieldlead/contracts";
import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../lib/session";
import { demoUser } from "../../../../test/fixtures";
import { lookupListOf, mockApi, optionSearch, problem } from "../../../../test/mock-api";
import { renderRoutes } from "../../../../test/render";
import { SchedulesPage } from "./schedules-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 3 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GRID = "POST /api/users/schedules";
const UPSERT = "POST /api/users/schedules/shifts/upsert";
const COPY = "POST /api/users/schedules/copy";
const AVAILABLE = "POST /api/users/hours/available/schedules";
const STORES = "POST /api/app/lookup-list/stores/search";
const LOOKUPS = "GET /api/app/lookup-list";

const DAYS = [
  "2030-06-03",
  "2030-06-04",
  "2030-06-05",
  "2030-06-06",
  "2030-06-07",
  "2030-06-08",
  "2030-06-09",
];
const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const stores: StoreOption[] = [
  {
    id: 11,
    name: "Costco Wayne",
    address: null,
    city: "Wayne",
    organizationTerritoryId: 1,
    organizationId: 7,
    isActive: true,
    brandId: 1,
  },
  {
    id: 12,
    name: "The Home Depot Paramus",
    address: null,
    city: "Paramus",
    organizationTerritoryId: 1,
    organizationId: 7,
    isActive: true,
    brandId: 2,
  },
];

/** A shift in New York in June (EDT, UTC-4). */
function shift(id: number, userId: number, date: string, change: Partial<ScheduleShift> = {}): ScheduleShift {
  const startTime = change.startTime ?? "10:00";
  const endTime = change.endTime ?? "18:00";
  const at = (t: string) => new Date(`${date}T${t}:00-04:00`).toISOString();
  return {
    id,
    userId,
    userName: userId === 5 ? "Luis Generator" : "Lena Lead",
    storeId: 11,
    storeName: "Costco Wayne",
    workDate: date,
    startTime,
    endTime,
    timeZone: "America/New_York",
    startsAt: at(startTime),
    endsAt: at(endTime),
    minutes: 480,
    endsNextDay: false,
    notes: null,
    conflicts: [],
    ...change,
  };
}

function person(
  userId: number,
  userName: string,
  shifts: ScheduleShift[],
  change: Partial<SchedulePerson> = {},
) {
  return {
    userId,
    userName,
    email: `${userName.split(" ")[0].toLowerCase()}@demo.local`,
    isActive: true,
    availableHours: [1, 2, 3, 4, 5, 6].map((d) => ({
      id: userId * 10 + d,
      dayOfWeek: d,
      startTime: "09:00",
      endTime: "19:00",
    })),
    days: DAYS.map((date) => ({ date, shifts: shifts.filter((s) => s.workDate === date) })),
    minutes: shifts.reduce((n, s) => n + s.minutes, 0),
    overWeeklyLimit: false,
    conflictCount: shifts.filter((s) => s.conflicts.length).length,
    ...change,
  } satisfies SchedulePerson;
}

const monday = shift(101, 5, "2030-06-03", {
  conflicts: [
    {
      kind: "overlap",
      message: "Also at The Home Depot Paramus 16:00–20:00 on 2030-06-03",
      otherShiftId: 102,
    },
  ],
});
const evening = shift(102, 5, "2030-06-03", {
  storeId: 12,
  storeName: "The Home Depot Paramus",
  startTime: "16:00",
  endTime: "20:00",
  minutes: 240,
  conflicts: [
    { kind: "overlap", message: "Also at Costco Wayne 10:00–18:00 on 2030-06-03", otherShiftId: 101 },
    {
      kind: "outsideAvailability",
      message: "Outside available hours: available Monday 09:00–19:00",
      otherShiftId: null,
    },
  ],
});
const tuesday = shift(103, 5, "2030-06-04");

function gridOf(items: SchedulePerson[], change: Partial<SchedulesResponse> = {}): SchedulesResponse {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 50,
    week: {
      startDate: DAYS[0],
      endDate: DAYS[6],
      description: "Jun 3, 2030 - Jun 9, 2030",
      isCurrentWeek: true,
      firstDayOfWeek: 1,
      days: DAYS.map((date, i) => ({ date, dayOfWeek: (i + 1) % 7, dayName: DAY_NAMES[i] })),
    },
    weeks: [
      {
        description: "May 27, 2030 - Jun 2, 2030",
        startDate: "2030-05-27",
        endDate: "2030-06-02",
        dayName: "Monday",
        isCurrentWeek: false,
      },
      {
        description: "Jun 3, 2030 - Jun 9, 2030",
        startDate: DAYS[0],
        endDate: DAYS[6],
        dayName: "Monday",
        isCurrentWeek: true,
      },
      {
        description: "Jun 10, 2030 - Jun 16, 2030",
        startDate: "2030-06-10",
        endDate: "2030-06-16",
        dayName: "Monday",
        isCurrentWeek: false,
      },
    ],
    timeZone: "America/New_York",
    weeklyHoursLimit: 40,
    shiftCount: items.flatMap((p) => p.days.flatMap((d) => d.shifts)).length,
    conflictCount: items.flatMap((p) => p.days.flatMap((d) => d.shifts)).filter((s) => s.conflicts.length)
      .length,
    canEdit: true,
    ...change,
  };
}

const people = () => [
  person(5, "Luis Generator", [monday, evening, tuesday]),
  person(6, "Lena Lead", [], { availableHours: [], isActive: false }),
];

function serve(
  grid: () => SchedulesResponse = () => gridOf(people()),
  extra: Parameters<typeof mockApi>[1] = {},
) {
  return mockApi(fetchMock, {
    [GRID]: grid,
    [STORES]: optionSearch(() => stores),
    [LOOKUPS]: () => lookupListOf({ organizationTerritories: [{ id: 1, name: "North Jersey" }] as never }),
    ...extra,
  });
}

const renderPage = (path = "/labor/schedules") =>
  renderRoutes([{ path: "/labor/schedules", Component: SchedulesPage }], path);

const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: "p" })).closest("tr") as HTMLElement;

describe("SchedulesPage", { timeout: 30_000 }, () => {
  it("draws people by days with each conflict marked in words and available hours faintly", async () => {
    const api = serve();
    renderPage();
    const table = await screen.findByRole("table", { name: /Schedule, Mon 3 Jun to Sun 9 Jun/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.getAttribute("aria-label") ?? h.textContent);
    expect(headers).toEqual([
      "Person",
      ...DAYS.map((d, i) => `${DAY_NAMES[i]} ${Number(d.slice(8))} June 2030`),
    ]);
    const luis = await rowOf("Luis Generator");
    const cells = within(luis).getAllByRole("cell");
    // Monday: two shifts, both double-booked, the evening one also outside availability; named, not only coloured.
    const chips = within(cells[0]).getAllByRole("button", { name: /Costco Wayne|Paramus/ });
    expect(chips.map((c) => c.getAttribute("aria-label"))).toEqual([
      "Costco Wayne 10:00–18:00, Double-booked",
      "The Home Depot Paramus 16:00–20:00, Double-booked, Outside availability",
    ]);
    expect(within(cells[0]).getAllByText("Double-booked")).toHaveLength(2);
    expect(within(cells[0]).getByText("Outside availability")).toBeTruthy();
    expect(chips[1].getAttribute("title")).toContain("Outside available hours: available Monday 09:00–19:00");
    // Tuesday: a shift with no conflict; Sunday: not available.
    expect(within(cells[1]).getByRole("button", { name: "Costco Wayne 10:00–18:00" })).toBeTruthy();
    expect(within(cells[1]).queryByText("Double-booked")).toBeNull();
    expect(within(cells[0]).getByText("Available 09:00–19:00")).toBeTruthy();
    expect(within(cells[6]).getByText("Not available")).toBeTruthy();
    // Lena: inactive, no available hours set (nothing shown faintly), an add button in each cell.
    const lena = await rowOf("Lena Lead");
    expect(within(lena).getByText("Inactive")).toBeTruthy();
    expect(within(lena).queryByText(/Available 0/)).toBeNull();
    expect(within(lena).getAllByRole("button", { name: /Add a shift for Lena Lead on/ })).toHaveLength(7);
    expect(screen.getByText("2 people · 3 shifts · 2 shifts with conflicts")).toBeTruthy();
    // This week by default.
    expect(api.bodies(GRID)[0]).toEqual({ page: 1, pageSize: 50 });
  });

  it("adds a shift from a cell: checks the form, sends it, and says its conflicts", async () => {
    const show = vi.spyOn(notifications, "show");
    const api = serve(undefined, {
      [UPSERT]: ({ body }) => {
        const b = body as { startTime: string };
        if (b.startTime === "02:30")
          return problem(400, "02:30 does not exist", {
            "body.startTime": ["02:30 does not exist on 2030-06-05"],
          });
        return {
          shift: shift(200, 5, "2030-06-05", {
            startTime: "18:00",
            endTime: "22:00",
            conflicts: [
              {
                kind: "outsideAvailability",
                message: "Outside available hours: available Wednesday 09:00–19:00",
                otherShiftId: null,
              },
            ],
          }),
        };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const luis = await rowOf("Luis Generator");
    await user.click(
      within(luis).getByRole("button", { name: "Add a shift for Luis Generator on Wednesday 5 June 2030" }),
    );
    const form = await screen.findByRole("form", { name: "Add a shift" });
    // The person and the day come from the cell, the store from the person's week.
    expect((within(form).getByLabelText(/Date/) as HTMLInputElement).value).toBe("2030-06-05");
    await waitFor(() =>
      expect((within(form).getByLabelText(/Store/) as HTMLInputElement).value).toBe("Costco Wayne"),
    );
    await user.click(within(form).getByRole("button", { name: "Add shift" }));
    expect(await within(form).findByText("Enter the start time")).toBeTruthy();
    expect(within(form).getByText("Enter the end time")).toBeTruthy();
    expect(api.bodies(UPSERT)).toHaveLength(0);
    // The server's refusal lands on its field.
    await user.type(within(form).getByLabelText(/Starts/), "02:30");
    await user.type(within(form).getByLabelText(/Ends/), "22:00");
    await user.click(within(form).getByRole("button", { name: "Add shift" }));
    expect(await within(form).findByText("02:30 does not exist on 2030-06-05")).toBeTruthy();
    await user.clear(within(form).getByLabelText(/Starts/));
    await user.type(within(form).getByLabelText(/Starts/), "18:00");
    expect(within(form).getByText("4 h")).toBeTruthy();
    await user.type(within(form).getByLabelText(/Notes/), "Evening demo");
    await user.click(within(form).getByRole("button", { name: "Add shift" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Add a shift" })).toBeNull());
    expect(api.bodies(UPSERT)[1]).toEqual({
      userId: 5,
      storeId: 11,
      workDate: "2030-06-05",
      startTime: "18:00",
      endTime: "22:00",
      notes: "Evening demo",
    });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Saved, with conflicts",
        message: expect.stringContaining("Outside available hours"),
      }),
    );
    // The grid is read again.
    await waitFor(() => expect(api.bodies(GRID).length).toBeGreaterThan(1));
  });

  it("opens a shift to move it to another day and store, or to delete it", async () => {
    const api = serve(undefined, {
      [UPSERT]: ({ body }) => ({ shift: shift(103, 5, "2030-06-06", body as Partial<ScheduleShift>) }),
      "DELETE /api/users/schedules/shifts/101": () => ({ ok: true }),
    });
    const user = userEvent.setup();
    renderPage();
    const luis = await rowOf("Luis Generator");
    await user.click(within(luis).getByRole("button", { name: "Costco Wayne 10:00–18:00" }));
    let form = await screen.findByRole("form", { name: "Change the shift" });
    const date = within(form).getByLabelText(/Date/);
    await user.clear(date);
    await user.type(date, "2030-06-06");
    await user.click(within(form).getByLabelText(/Store/));
    // The store field's own options (the filters' store field has its own list too).
    const paramus = await screen.findAllByRole("option", { name: "The Home Depot Paramus", hidden: true });
    await user.click(paramus[paramus.length - 1]);
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.bodies(UPSERT)).toHaveLength(1));
    expect(api.bodies(UPSERT)[0]).toEqual({
      id: 103,
      userId: 5,
      storeId: 12,
      workDate: "2030-06-06",
      startTime: "10:00",
      endTime: "18:00",
      notes: null,
    });
    // The double-booked one shows its conflict in words, and is deleted after a confirmation.
    await waitFor(() => expect(screen.queryByRole("form", { name: "Change the shift" })).toBeNull());
    await user.click(
      within(await rowOf("Luis Generator")).getByRole("button", {
        name: "Costco Wayne 10:00–18:00, Double-booked",
      }),
    );
    form = await screen.findByRole("form", { name: "Change the shift" });
    expect(within(form).getByText(/Also at The Home Depot Paramus 16:00–20:00/)).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Delete shift" }));
    await user.click(within(form).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE")).toBe(true));
  });

  it("copies last week after a confirmation and says what it did", async () => {
    const show = vi.spyOn(notifications, "show");
    const copied: ScheduleCopyResponse = {
      fromStartDate: "2030-05-27",
      toStartDate: DAYS[0],
      copied: 12,
      skippedExisting: 3,
      skippedInactive: 0,
      skippedInGap: 0,
      message:
        "Copied 12 shifts from the week of May 27, 2030 into the week of Jun 3, 2030; skipped 3 shifts already there.",
    };
    const api = serve(undefined, { [COPY]: () => copied });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Copy last week" }));
    const dialog = await screen.findByRole("dialog", { name: "Copy last week into this week?" });
    expect(
      within(dialog).getByText(/The shifts of the week of Mon 27 May are added to the week of/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Copy" }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: copied.message })),
    );
    expect(api.bodies(COPY)).toEqual([{ toWeek: DAYS[0] }]);
  });

  it("edits a person's available hours: rows added and removed, checked, replaced", async () => {
    const saved: AvailableHoursResponse = { userId: 6, userName: "Lena Lead", slots: [] };
    const api = serve(undefined, { [AVAILABLE]: () => saved });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Available hours of Lena Lead" }));
    const form = await screen.findByRole("form", { name: "Available hours of Lena Lead" });
    expect(within(form).getByText("No rows: available any time.")).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Add a row" }));
    await user.click(within(form).getByRole("button", { name: "Add a row" }));
    const second = within(form).getByRole("group", { name: "Row 2" });
    const to = within(second).getByLabelText("To");
    await user.clear(to);
    await user.type(to, "08:00");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText(/End after the start/)).toBeTruthy();
    expect(api.bodies(AVAILABLE)).toHaveLength(0);
    await user.click(within(form).getByRole("button", { name: "Remove row 2" }));
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.bodies(AVAILABLE)).toHaveLength(1));
    expect(api.bodies(AVAILABLE)[0]).toEqual({
      userId: 6,
      slots: [{ dayOfWeek: 1, startTime: "09:00", endTime: "17:00" }],
    });
  });

  it("shows a lead generator their own week as a list of days on a phone, with nothing to plan", async () => {
    session.set({ ...demoUser, roleId: 14 });
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    try {
      serve(() => gridOf([person(5, "Luis Generator", [monday, evening, tuesday])], { canEdit: false }));
      const user = userEvent.setup();
      renderPage();
      const mon = await screen.findByRole("region", { name: "Monday 3 June 2030" });
      expect(within(mon).getAllByText("Double-booked")).toHaveLength(2);
      expect(screen.getByRole("region", { name: "Saturday 8 June 2030" })).toBeTruthy();
      expect(
        within(screen.getByRole("region", { name: "Saturday 8 June 2030" })).getByText("No shift"),
      ).toBeTruthy();
      expect(screen.queryByRole("table")).toBeNull();
      expect(screen.queryByRole("button", { name: "Copy last week" })).toBeNull();
      expect(screen.queryByLabelText("Person")).toBeNull();
      // A shift opens to be read, not changed.
      await user.click(within(mon).getByRole("button", { name: /Paramus/ }));
      const dialog = await screen.findByRole("dialog", { name: "Shift" });
      expect(within(dialog).getByText(/Outside available hours: available Monday 09:00–19:00/)).toBeTruthy();
      expect(within(dialog).queryByRole("button", { name: "Save" })).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it("moves between weeks, and shows an empty week and a failed load", async () => {
    let fail = false;
    const api = serve(() => (fail ? (problem(500, "The server is down") as never) : gridOf([])));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("No one to show for this week.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next week" }));
    await waitFor(() =>
      expect(api.bodies(GRID).at(-1)).toEqual({ week: "2030-06-10", page: 1, pageSize: 50 }),
    );
    fail = true;
    await user.click(screen.getByRole("button", { name: "Previous week" }));
    expect(await screen.findByText("The server is down")).toBeTruthy();
  });
});
