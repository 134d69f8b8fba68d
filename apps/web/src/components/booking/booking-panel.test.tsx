import type { AvailableWindows, FreeWindow } from "@fieldlead/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../lib/session";
import { demoUser } from "../../test/fixtures";
import { lookupListOf, mockApi } from "../../test/mock-api";
import { jsonResponse, renderWithQueries } from "../../test/render";
import { BookingPanel } from "./booking-panel";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 7 });
});
afterEach(() => vi.unstubAllGlobals());

const win = (id: number, localDate: string, start: string, left = 1): FreeWindow => ({
  id,
  localDate,
  startTime: start,
  endTime: `${String(Number(start.slice(0, 2)) + 2).padStart(2, "0")}:00`,
  timeZone: "America/New_York",
  startsAt: `${localDate}T${start}:00-05:00`,
  endsAt: `${localDate}T${start}:00-05:00`,
  left,
});

const answer = (windows: FreeWindow[], crm: AvailableWindows["crm"] = "checked"): AvailableWindows => {
  const days: AvailableWindows["days"] = [];
  for (const w of windows) {
    const d = days.find((x) => x.localDate === w.localDate);
    if (d) d.windows.push(w);
    else days.push({ localDate: w.localDate, windows: [w] });
  }
  return {
    appointmentTypeId: 5,
    appointmentTypeName: "In-home estimate",
    storeId: 12,
    timeZone: "America/New_York",
    from: "2026-12-01T00:00:00Z",
    to: "2027-01-30T00:00:00Z",
    crm,
    crmMessage: crm === "unavailable" ? "The CRM did not answer: showing our own capacity." : null,
    days,
  };
};

const types = lookupListOf({
  scheduleAppointmentTypes: [
    { id: 5, name: "In-home estimate", territory: null, organizationId: 7, organizationTerritoryId: null },
  ],
});

describe("BookingPanel", { timeout: 30_000 }, () => {
  it("shows free windows by day in their zone with the places left, and books with an Idempotency-Key", async () => {
    const onDone = vi.fn();
    const api = mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => types,
      "POST /api/appointments/available": () =>
        answer([
          win(1, "2026-12-08", "09:00", 2),
          win(2, "2026-12-08", "13:00"),
          win(3, "2026-12-09", "09:00"),
        ]),
      "POST /api/appointments/book": () =>
        jsonResponse({ id: 77, localDate: "2026-12-08", startTime: "13:00" }, 201),
    });
    renderWithQueries(<BookingPanel leadId={42} onDone={onDone} />);
    expect(await screen.findByRole("heading", { name: /Tuesday, December 8/ })).toBeTruthy();
    expect(screen.getByRole("heading", { name: /Wednesday, December 9/ })).toBeTruthy();
    const day = screen.getByRole("group", { name: /Tuesday, December 8/ });
    expect(within(day).getByText("2 left")).toBeTruthy();
    expect(within(day).getByLabelText(/9:00 AM – 11:00 AM EST/)).toBeTruthy();
    expect(api.bodies("POST /api/appointments/available")[0]).toEqual({ appointmentTypeId: 5, leadId: 42 });
    expect(screen.queryByTestId("crm-fallback")).toBeNull();
    const book = screen.getByRole("button", { name: "Book the appointment" });
    expect((book as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText(/1:00 PM – 3:00 PM EST/));
    await userEvent.click(book);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.bodies("POST /api/appointments/book")[0]).toMatchObject({ leadId: 42, windowId: 2 });
    const sent = fetchMock.mock.calls.find(([u]) => String(u).endsWith("/api/appointments/book"));
    const headers = (sent?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("on a 409 shows the server's message and the next free windows it names, to pick from", async () => {
    let taken = false;
    mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => types,
      "POST /api/appointments/available": () =>
        answer(
          taken
            ? [win(2, "2026-12-08", "13:00"), win(3, "2026-12-09", "09:00"), win(4, "2026-12-09", "13:00")]
            : [win(1, "2026-12-08", "09:00"), win(2, "2026-12-08", "13:00")],
        ),
      "POST /api/appointments/book": () => {
        taken = true;
        return jsonResponse(
          {
            type: "https://httpstatuses.io/409",
            title: "Conflict",
            status: 409,
            code: "window_taken",
            message: "That window was just taken; choose another.",
            // The server's own next windows (the refreshed list below has one more, earlier).
            nextWindows: [win(3, "2026-12-09", "09:00"), win(4, "2026-12-09", "13:00")],
          },
          409,
          "application/problem+json",
        );
      },
    });
    renderWithQueries(<BookingPanel leadId={42} onDone={vi.fn()} />);
    await userEvent.click(await screen.findByLabelText(/9:00 AM – 11:00 AM EST/));
    await userEvent.click(screen.getByRole("button", { name: "Book the appointment" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/That window was just taken/);
    const next = await within(alert).findAllByRole("button");
    expect(next.map((b) => b.textContent)).toEqual([
      "Wednesday, December 9, 9:00 AM – 11:00 AM EST",
      "Wednesday, December 9, 1:00 PM – 3:00 PM EST",
    ]);
    fireEvent.click(next[0]);
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    const day = screen.getByRole("group", { name: /Wednesday, December 9/ });
    expect((within(day).getByLabelText(/9:00 AM – 11:00 AM EST/) as HTMLInputElement).checked).toBe(true);
  });

  it("says the windows are our own capacity when the CRM did not answer", async () => {
    mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => types,
      "POST /api/appointments/available": () => answer([win(1, "2026-12-08", "09:00")], "unavailable"),
    });
    renderWithQueries(<BookingPanel leadId={42} onDone={vi.fn()} />);
    expect((await screen.findByTestId("crm-fallback")).textContent).toMatch(
      /The CRM did not answer: showing our own capacity/,
    );
  });
});
