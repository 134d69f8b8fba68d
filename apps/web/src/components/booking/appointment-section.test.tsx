import type { LeadAppointments } from "@fieldlead/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../lib/session";
import { demoUser } from "../../test/fixtures";
import { mockApi } from "../../test/mock-api";
import { renderWithQueries } from "../../test/render";
import { AppointmentSection } from "./appointment-section";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const appointments = (status: "booked" | "cancelled"): LeadAppointments => ({
  items: [
    {
      id: 9,
      leadId: 42,
      leadName: "Pat Shopper",
      windowId: 3,
      appointmentTypeId: 5,
      appointmentTypeName: "In-home estimate",
      storeId: 12,
      storeName: "Costco Wayne",
      territoryId: null,
      status,
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
      history: [
        {
          id: 1,
          action: "booked",
          at: "2026-11-24T10:00:00.000Z",
          userId: 3,
          userName: "Sam Scheduler",
          before: null,
          after: {},
          reason: null,
        },
      ],
    },
  ],
});

describe("AppointmentSection", { timeout: 30_000 }, () => {
  it("shows the booked appointment with Move and a destructive Cancel that needs a reason", async () => {
    session.set({ ...demoUser, roleId: 7 });
    const api = mockApi(fetchMock, {
      "GET /api/leads/42/appointments": () => appointments("booked"),
      "POST /api/appointments/9/cancel": () => ({ ...appointments("cancelled").items[0] }),
    });
    renderWithQueries(<AppointmentSection leadId={42} leadName="Pat Shopper" />);
    expect(await screen.findByText("Tuesday, December 8, 9:00 AM – 11:00 AM EST")).toBeTruthy();
    expect(screen.getByText("Booked", { selector: "span" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Move" })).toBeTruthy();
    expect(screen.getByTestId("appointment-history").textContent).toMatch(/Sam Scheduler/);
    await userEvent.click(screen.getByRole("button", { name: "Cancel appointment" }));
    const confirm = await screen.findByRole("button", { name: "Cancel the appointment" });
    await userEvent.click(confirm);
    expect(await screen.findByText("Say why the appointment is cancelled")).toBeTruthy();
    expect(api.bodies("POST /api/appointments/9/cancel")).toHaveLength(0);
    await userEvent.type(screen.getByRole("textbox", { name: /Reason/ }), "The shopper changed their mind");
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(api.bodies("POST /api/appointments/9/cancel")).toEqual([
        { reason: "The shopper changed their mind" },
      ]),
    );
  });

  it("shows an analyst the appointment without Move, Cancel or Book", async () => {
    session.set({ ...demoUser, roleId: 8 });
    mockApi(fetchMock, { "GET /api/leads/42/appointments": () => appointments("booked") });
    renderWithQueries(<AppointmentSection leadId={42} leadName="Pat Shopper" />);
    await screen.findByTestId("current-appointment");
    expect(screen.queryByRole("button", { name: "Move" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel appointment" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Book an appointment" })).toBeNull();
  });
});
