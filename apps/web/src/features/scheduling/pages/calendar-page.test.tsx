import type { AppointmentWindow, WindowBooking } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi, optionSearch } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { CalendarPage } from "./calendar-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  // Wednesday 10 March 2027, 15:00 in New York: only the clock is faked, timers run.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2027-03-10T20:00:00Z"));
  session.set({ ...demoUser, intFirstDayOfWeek: 1 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const win = (over: Partial<AppointmentWindow>): AppointmentWindow => ({
  id: 1,
  appointmentTypeId: 5,
  appointmentTypeName: "In-home consultation",
  territoryId: null,
  territoryName: null,
  storeId: null,
  storeName: null,
  templateId: 3,
  localDate: "2027-03-08",
  startTime: "08:00",
  endTime: "10:00",
  timeZone: "America/New_York",
  startsAt: "2027-03-08T13:00:00.000Z",
  endsAt: "2027-03-08T15:00:00.000Z",
  capacity: 3,
  booked: 2,
  left: 1,
  isClosed: false,
  ...over,
});

const windows = [
  win({ id: 1 }),
  // The spring-forward night: two wall-clock hours, one real hour.
  win({
    id: 2,
    localDate: "2027-03-14",
    startTime: "01:00",
    endTime: "03:00",
    startsAt: "2027-03-14T06:00:00.000Z",
    endsAt: "2027-03-14T07:00:00.000Z",
    capacity: 2,
    booked: 2,
    left: 0,
  }),
  win({
    id: 3,
    localDate: "2027-03-15",
    startsAt: "2027-03-15T12:00:00.000Z",
    endsAt: "2027-03-15T14:00:00.000Z",
    booked: 0,
    left: 3,
  }),
  win({
    id: 4,
    localDate: "2027-03-09",
    booked: 0,
    left: 0,
    isClosed: true,
    startsAt: "2027-03-09T13:00:00.000Z",
  }),
];

const booking: WindowBooking = {
  id: 77,
  leadId: 500,
  leadName: "Ava Garcia",
  phone: "9085550101",
  status: "booked",
  source: "app",
  bookedByUserId: 3,
  bookedByName: "Morgan Manager",
  bookedAt: "2027-03-01T15:00:00.000Z",
};

function serve(items: AppointmentWindow[] = windows) {
  return mockApi(fetchMock, {
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        scheduleAppointmentTypes: [
          {
            id: 5,
            name: "In-home consultation",
            territory: null,
            organizationId: 7,
            organizationTerritoryId: null,
          },
        ],
      }),
    "POST /api/app/lookup-list/stores/search": optionSearch(() => []),
    "POST /api/appointments/scheduled-appointments": ({ body }) => {
      const b = body as { from: string; to: string };
      const inRange = items.filter((w) => w.localDate >= b.from && w.localDate <= b.to);
      return { items: inRange, total: inRange.length, page: 1, pageSize: 1000 };
    },
    "GET /api/appointments/scheduled-appointments/1/appointments": () => [booking],
    "POST /api/appointments/scheduled-appointments/default": () => ({
      created: 12,
      alreadyThere: 3,
      skippedInPast: 0,
      skippedInGap: 0,
    }),
    "POST /api/appointments/scheduled-appointments/upsert": ({ body }) => ({
      ...windows[0],
      isClosed: (body as { isClosed: boolean }).isClosed,
      left: 0,
    }),
  });
}

const renderCalendar = () =>
  renderRoutes([{ path: "/appointments/calendar", Component: CalendarPage }], "/appointments/calendar");

describe("CalendarPage", { timeout: 30_000 }, () => {
  it("shows the week from the organization's first day, each window in its zone with what is booked and left", async () => {
    const api = serve();
    renderCalendar();
    const first = await screen.findByRole("button", {
      name: /Mon 8 Mar 08:00–10:00 EST: 2 of 3 booked, 1 left/,
    });
    expect(first).toBeTruthy();
    expect(api.bodies("POST /api/appointments/scheduled-appointments")[0]).toEqual({
      appointmentTypeId: 5,
      from: "2027-03-08",
      to: "2027-03-14",
      includeClosed: true,
      pageSize: 1000,
    });
    const days = screen.getAllByRole("region").map((r) => r.getAttribute("aria-label"));
    expect(days).toEqual([
      "Monday 8 March 2027",
      "Tuesday 9 March 2027",
      "Wednesday 10 March 2027",
      "Thursday 11 March 2027",
      "Friday 12 March 2027",
      "Saturday 13 March 2027",
      "Sunday 14 March 2027",
    ]);
    // The spring-forward window keeps its wall-clock labels, each end with its own abbreviation.
    const night = screen.getByRole("button", { name: /01:00 EST–03:00 EDT: 2 of 2 booked, Full/ });
    expect(within(night).getByText("Full")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: /Tue 9 Mar 08:00–10:00 EST: 0 of 3 booked, Closed/ }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: "Wednesday 10 March 2027" })).getByText("Today"),
    ).toBeTruthy();
  });

  it("moves by week, and back to today", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByRole("button", { name: /Mon 8 Mar 08:00–10:00/ });
    await user.click(screen.getByRole("button", { name: "Next week" }));
    expect(
      await screen.findByRole("button", { name: /Mon 15 Mar 08:00–10:00 EDT: 0 of 3 booked, Empty/ }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Previous week" }));
    await user.click(screen.getByRole("button", { name: "Previous week" }));
    expect(await screen.findByText("No windows this week: generate them from the template.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the weekly template" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Today" }));
    await screen.findByRole("button", { name: /Mon 8 Mar 08:00–10:00/ });
    expect(new Set(api.bodies("POST /api/appointments/scheduled-appointments").map((b) => b.from))).toEqual(
      new Set(["2027-03-08", "2027-03-15", "2027-03-01"]),
    );
  });

  it("shows one day in the day view", async () => {
    serve();
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByRole("button", { name: /Mon 8 Mar 08:00–10:00/ });
    await user.click(screen.getByRole("radio", { name: "Day" }));
    expect(await screen.findByText("No windows this day: generate them from the template.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Wednesday 10 March 2027" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Previous day" }));
    await user.click(screen.getByRole("button", { name: "Previous day" }));
    const monday = await screen.findByRole("region", { name: "Monday 8 March 2027" });
    expect(screen.getAllByRole("region")).toHaveLength(1);
    // The day view names the type (and the store when there is one).
    expect(within(monday).getByText("In-home consultation")).toBeTruthy();
  });

  it("opens on the day view on a phone, the days one under the other", async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes("max-width: 48em"),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    try {
      serve();
      renderCalendar();
      expect(await screen.findByText("No windows this day: generate them from the template.")).toBeTruthy();
      expect(screen.getByRole("radio", { name: "Day" })).toHaveProperty("checked", true);
      expect(screen.getByRole("button", { name: "Next day" })).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });

  it("opens a window's bookings and lets an Admin close it", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole("button", { name: /Mon 8 Mar 08:00–10:00/ }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Ava Garcia")).toBeTruthy();
    expect(within(drawer).getByText("Morgan Manager")).toBeTruthy();
    expect(within(drawer).getByRole("link", { name: "9085550101" })).toBeTruthy();
    await user.click(within(drawer).getByRole("button", { name: "Close window" }));
    await waitFor(() =>
      expect(api.bodies("POST /api/appointments/scheduled-appointments/upsert")).toEqual([
        expect.objectContaining({ id: 1, isClosed: true, capacity: 3, localDate: "2027-03-08" }),
      ]),
    );
    expect(await within(drawer).findByRole("button", { name: "Reopen window" })).toBeTruthy();
  });

  it("shows a scheduler the bookings without close or reopen", async () => {
    session.set({ ...demoUser, roleId: 7, intFirstDayOfWeek: 1 });
    serve();
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole("button", { name: /Mon 8 Mar 08:00–10:00/ }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Ava Garcia")).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: /Close window|Reopen window/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Open the weekly template" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Generate windows" })).toBeNull();
  });

  it("lets an Admin generate windows from the calendar, from the first day shown on", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByRole("button", { name: /Mon 8 Mar 08:00–10:00/ });
    await user.click(screen.getByRole("button", { name: "Generate windows" }));
    const dialog = await screen.findByRole("dialog", { name: "Generate windows" });
    await user.click(within(dialog).getByRole("button", { name: "Generate windows" }));
    expect(await within(dialog).findByText(/^Created 12 windows, 3 already there/)).toBeTruthy();
    const [body] = api.bodies("POST /api/appointments/scheduled-appointments/default") as {
      appointmentTypeId: number;
      from: string;
    }[];
    // Today (Wednesday 10 March) is after the week's first day: generating starts today.
    expect(body).toMatchObject({ appointmentTypeId: 5, from: "2027-03-10" });
  });
});
