import type { AppointmentListItem } from "@fieldlead/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { UpcomingAppointmentsPage } from "./upcoming-appointments-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 7 });
});
afterEach(() => vi.unstubAllGlobals());

const item = (id: number, over: Partial<AppointmentListItem> = {}): AppointmentListItem => ({
  id,
  leadId: 100 + id,
  leadName: `Pat Shopper ${id}`,
  leadPhone: "9735550100",
  leadEmail: null,
  windowId: 1,
  appointmentTypeId: 5,
  appointmentTypeName: "In-home estimate",
  storeId: 12,
  storeName: "Costco Wayne",
  territoryId: null,
  status: "booked",
  startsAt: "2026-12-08T14:00:00.000Z",
  endsAt: "2026-12-08T16:00:00.000Z",
  timeZone: "America/New_York",
  localDate: "2026-12-08",
  startTime: "09:00",
  endTime: "11:00",
  source: "app",
  bookedByUserId: 3,
  bookedByName: "Sam Scheduler",
  bookedAt: "2026-11-24T10:00:00.000Z",
  cancelledAt: null,
  cancelReason: null,
  notes: null,
  ...over,
});

describe("UpcomingAppointmentsPage", { timeout: 30_000 }, () => {
  it("lists a server page of appointments, filters by status on the server, and exports", async () => {
    const api = mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => lookupListOf({}),
      "POST /api/appointments/search": ({ body }) => {
        const b = body as { format?: string; statuses?: string[] };
        if (b.format === "csv")
          return new Response("Date\n2026-12-08\n", {
            headers: {
              "content-type": "text/csv",
              "content-disposition": 'attachment; filename="Appointments.csv"',
            },
          });
        const items = b.statuses?.includes("cancelled") ? [item(2, { status: "cancelled" })] : [item(1)];
        return { items, total: items.length, page: 1, pageSize: 25 };
      },
    });
    renderRoutes(
      [{ path: "/appointments/upcoming", Component: UpcomingAppointmentsPage }],
      "/appointments/upcoming",
    );
    expect(await screen.findByRole("link", { name: "Pat Shopper 1" })).toBeTruthy();
    expect(screen.getByText("Tuesday, December 8, 9:00 AM – 11:00 AM EST")).toBeTruthy();
    expect(api.bodies("POST /api/appointments/search")[0]).toMatchObject({ page: 1, sortBy: "startsAt" });

    await userEvent.click(screen.getByPlaceholderText("Any status"));
    await userEvent.click(await screen.findByRole("option", { name: "Cancelled", hidden: true }));
    expect(await screen.findByRole("link", { name: "Pat Shopper 2" })).toBeTruthy();
    expect(api.bodies("POST /api/appointments/search").at(-1)).toMatchObject({ statuses: ["cancelled"] });

    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    await userEvent.click(screen.getByRole("button", { name: /Export CSV|CSV/ }));
    await waitFor(() =>
      expect(api.bodies("POST /api/appointments/search").some((b) => b.format === "csv")).toBe(true),
    );
  });
});
