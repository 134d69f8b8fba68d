import type { SchedulingSettings, TemplateChangeResponse, TemplateWindow } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi, optionSearch, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { WindowsPage } from "./windows-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set(demoUser);
});
afterEach(() => vi.unstubAllGlobals());

const monday: TemplateWindow = {
  id: 11,
  appointmentTypeId: 5,
  appointmentTypeName: "In-home consultation",
  territoryId: null,
  territoryName: null,
  storeId: null,
  storeName: null,
  dayOfWeek: 1,
  startTime: "08:00",
  endTime: "10:00",
  capacity: 3,
  isActive: true,
  timeZone: "America/New_York",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

const settings: SchedulingSettings = {
  generateWeeksAhead: 4,
  smsEnabled: false,
  reminderHoursBefore: 24,
  updatedAt: null,
  timeZone: "America/New_York",
  firstDayOfWeek: 0,
  today: "2026-11-24",
  generated: null,
};

function serve(over: Record<string, (req: { body: unknown }) => unknown> = {}) {
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
    "GET /api/appointments/settings": () => settings,
    "POST /api/appointments/default-scheduled-appointments": () => ({
      items: [monday],
      total: 1,
      page: 1,
      pageSize: 500,
    }),
    ...over,
  });
}

describe("WindowsPage", { timeout: 30_000 }, () => {
  it("shows the type's weekly template from the organization's first day and asks for the organization's own windows", async () => {
    const api = serve();
    renderRoutes([{ path: "/appointments/windows", Component: WindowsPage }], "/appointments/windows");
    const grid = await screen.findByLabelText("Weekly template");
    // Phone-first list (no wide screen in the test): Sunday first, as the organization's weeks start.
    expect(
      within(grid)
        .getAllByRole("heading")
        .map((h) => h.textContent)[0],
    ).toBe("Sunday");
    expect(within(screen.getByRole("region", { name: "Monday" })).getByText("3 places")).toBeTruthy();
    expect(api.bodies("POST /api/appointments/default-scheduled-appointments")[0]).toEqual({
      appointmentTypeId: 5,
      storeId: null,
      territoryId: null,
      pageSize: 500,
    });
    expect(screen.getByRole("button", { name: "Generate windows" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "Scheduling settings" })).toBeTruthy();
  });

  it("checks the form, saves a change and says which windows with bookings were left as they were", async () => {
    const change: TemplateChangeResponse = {
      template: { ...monday, startTime: "08:30", endTime: "10:30" },
      updatedWindows: 10,
      removedWindows: 0,
      closedWindows: 0,
      createdWindows: 0,
      leftAlone: [
        {
          windowId: 91,
          localDate: "2026-11-30",
          startTime: "08:00",
          endTime: "10:00",
          booked: 2,
          capacity: 3,
        },
        {
          windowId: 92,
          localDate: "2026-12-07",
          startTime: "08:00",
          endTime: "10:00",
          booked: 1,
          capacity: 3,
        },
      ],
    };
    const api = serve({ "POST /api/appointments/default-scheduled-appointments/upsert": () => change });
    const user = userEvent.setup();
    renderRoutes([{ path: "/appointments/windows", Component: WindowsPage }], "/appointments/windows");
    await user.click(await screen.findByRole("button", { name: "Edit Monday 08:00–10:00" }));
    const form = await screen.findByRole("form", { name: "Change the window" });
    const starts = within(form).getByLabelText(/Starts/);
    const ends = within(form).getByLabelText(/Ends/);
    await user.clear(ends);
    await user.type(ends, "07:00");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText(/End after the start/)).toBeTruthy();
    expect(api.bodies("POST /api/appointments/default-scheduled-appointments/upsert")).toEqual([]);
    await user.clear(starts);
    await user.type(starts, "08:30");
    await user.clear(ends);
    await user.type(ends, "10:30");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    const status = await screen.findByText(/2 windows with bookings were left as they were/);
    expect(status).toBeTruthy();
    expect(screen.getByText(/10 windows to come updated/)).toBeTruthy();
    expect(screen.getByText("Mon 30 Nov 08:00–10:00: 2 booked, 3 places")).toBeTruthy();
    expect(api.bodies("POST /api/appointments/default-scheduled-appointments/upsert")).toEqual([
      {
        id: 11,
        appointmentTypeId: 5,
        storeId: null,
        territoryId: null,
        dayOfWeek: 1,
        startTime: "08:30",
        endTime: "10:30",
        capacity: 3,
        isActive: true,
      },
    ]);
  });

  it("shows the server's overlap refusal on the form", async () => {
    serve({
      "POST /api/appointments/default-scheduled-appointments/upsert": () =>
        problem(409, "It overlaps the Monday 08:00-10:00 window (3 places) of In-home consultation here.", {
          "body.startTime": [
            "It overlaps the Monday 08:00-10:00 window (3 places) of In-home consultation here.",
          ],
        }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/appointments/windows", Component: WindowsPage }], "/appointments/windows");
    await user.click(await screen.findByRole("button", { name: "Add a window on Monday" }));
    const form = await screen.findByRole("form", { name: "Add a window" });
    await user.type(within(form).getByLabelText(/Starts/), "09:00");
    await user.type(within(form).getByLabelText(/Ends/), "11:00");
    await user.click(within(form).getByRole("button", { name: "Add window" }));
    expect(await within(form).findByText(/overlaps the Monday 08:00-10:00 window/)).toBeTruthy();
  });

  it("generates the next 4 weeks by default and says what it did", async () => {
    const api = serve({
      "POST /api/appointments/scheduled-appointments/default": () => ({
        created: 72,
        alreadyThere: 0,
        skippedInPast: 0,
        skippedInGap: 0,
      }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/appointments/windows", Component: WindowsPage }], "/appointments/windows");
    await user.click(await screen.findByRole("button", { name: "Generate windows" }));
    expect(await screen.findByText("Created 72 windows, 0 already there.")).toBeTruthy();
    await waitFor(() =>
      expect(api.bodies("POST /api/appointments/scheduled-appointments/default")).toEqual([
        { appointmentTypeId: 5, from: "2026-11-24", to: "2026-12-21" },
      ]),
    );
  });
});
