import type { DeliveryHealthResponse, DeliveryItem } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { type MockRequest, mockApi } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { DeliveriesPage } from "./deliveries-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 3 });
});
afterEach(() => vi.unstubAllGlobals());

const SEARCH = "POST /api/deliveries/search";
const RESEND = "POST /api/deliveries/resend";
const HEALTH = "GET /api/deliveries/health";

const delivery = (id: number, change: Partial<DeliveryItem> = {}): DeliveryItem => ({
  id,
  leadId: 40 + id,
  leadName: `Shopper ${id}`,
  destination: "retailer",
  state: "failed",
  attempts: 3,
  lastError: "The retailer did not answer in time (timeout after 15 s).",
  externalId: null,
  idempotencyKey: `fieldlead-7-${40 + id}-retailer`,
  appointmentId: 9,
  appointmentStartsAt: "2026-12-08T14:00:00.000Z",
  appointmentStatus: "booked",
  nextAttemptAt: new Date(Date.now() + 4 * 60_000 + 30_000).toISOString(),
  failingSince: "2026-11-24T10:00:00.000Z",
  firstSentAt: null,
  lastSentAt: null,
  updatedAt: "2026-11-24T10:05:00.000Z",
  ...change,
});

const health: DeliveryHealthResponse = {
  items: [
    {
      destination: "crm",
      name: "Field-service CRM",
      isEnabled: true,
      health: { sentLastHour: 12, pending: 2, failing: 0, dead: 0, oldestPendingAt: null },
    },
    {
      destination: "retailer",
      name: "Retailer",
      isEnabled: true,
      health: { sentLastHour: 0, pending: 0, failing: 1, dead: 1, oldestPendingAt: null },
    },
    {
      destination: "retailerProgram",
      name: "Retailer program",
      isEnabled: false,
      health: { sentLastHour: 0, pending: 0, failing: 0, dead: 0, oldestPendingAt: null },
    },
  ],
};

/** The search as the server answers it: a page of `rows` (all of them: the tests read one page). */
const searchOf =
  (rows: () => DeliveryItem[]) =>
  ({ body }: MockRequest) => {
    const b = body as { page?: number; pageSize?: number };
    return { items: rows(), total: rows().length, page: b.page ?? 1, pageSize: b.pageSize ?? 25 };
  };

function serve(rows: () => DeliveryItem[], extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fetchMock, { [SEARCH]: searchOf(rows), [HEALTH]: () => health, ...extra });
}

const renderPage = (path = "/deliveries") =>
  renderRoutes(
    [
      { path: "/deliveries", Component: DeliveriesPage },
      { path: "/leads", element: <h1>Leads screen</h1> },
    ],
    path,
  );

describe("DeliveriesPage", { timeout: 30_000 }, () => {
  it("lists what is not sent yet, with each row's state, error and next try, and the destinations' health", async () => {
    const api = serve(() => [
      delivery(1),
      delivery(2, {
        destination: "crm",
        state: "dead",
        lastError: "ServiceTitan refused the booking: the campaign 77 does not exist.",
        nextAttemptAt: null,
      }),
    ]);
    renderPage();

    const table = await screen.findByRole("table", { name: "Deliveries" });
    const row1 = (await within(table).findByRole("link", { name: "Shopper 1" })).closest("tr") as HTMLElement;
    expect(within(table).getByRole("link", { name: "Shopper 1" }).getAttribute("href")).toBe(
      "/leads?lead=41",
    );
    expect(within(row1).getAllByText("Failing").length).toBeGreaterThan(0);
    expect(within(row1).getAllByText("Retailer").length).toBeGreaterThan(0);
    expect(within(row1).getAllByText(/did not answer in time/).length).toBeGreaterThan(0);
    expect(within(row1).getByText("in 4 min")).toBeTruthy();
    const row2 = within(table).getByRole("link", { name: "Shopper 2" }).closest("tr") as HTMLElement;
    expect(within(row2).getAllByText("Dead").length).toBeGreaterThan(0);
    expect(within(row2).getAllByText(/campaign 77 does not exist/).length).toBeGreaterThan(0);

    // The default: everything not sent, the latest change first.
    expect(api.bodies(SEARCH)[0]).toEqual({
      page: 1,
      pageSize: 25,
      sortBy: "updatedAt",
      sortDirection: "desc",
      states: ["pending", "sending", "failed", "dead"],
    });

    // One card per destination that is on; the one with failing and dead deliveries is marked.
    const crm = await screen.findByTestId("health-crm");
    expect(crm.textContent).toContain("12");
    expect(crm.hasAttribute("data-unhealthy")).toBe(false);
    const retailer = screen.getByTestId("health-retailer");
    expect(retailer.getAttribute("data-unhealthy")).toBe("true");
    expect(within(retailer).getByText("Needs attention")).toBeTruthy();
    expect(screen.queryByTestId("health-retailerProgram")).toBeNull();
  });

  it("reads the states from the address (the dead-delivery email links to ?states=dead)", async () => {
    const api = serve(() => [delivery(5, { state: "dead", nextAttemptAt: null })]);
    renderPage("/deliveries?states=dead");
    await screen.findByRole("link", { name: "Shopper 5" });
    expect(api.bodies(SEARCH)[0]).toMatchObject({ states: ["dead"] });
  });

  it("sends the selected deliveries again after saying how many, then reads the list again", async () => {
    let rows = [delivery(1), delivery(2), delivery(3)];
    const api = serve(() => rows, {
      [RESEND]: ({ body }) => {
        const { ids } = body as { ids: number[] };
        rows = rows.map((d) => (ids.includes(d.id) ? { ...d, state: "pending", attempts: 0 } : d));
        return { resent: ids.length };
      },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("link", { name: "Shopper 3" });

    const sendAgain = screen.getByRole("button", { name: "Send again" });
    expect(sendAgain).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("checkbox", { name: "Select Shopper 1 to Retailer" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Shopper 3 to Retailer" }));
    expect(screen.getByText("2 deliveries selected")).toBeTruthy();
    await user.click(sendAgain);

    const dialog = await screen.findByRole("dialog", { name: "Send 2 deliveries again?" });
    const searches = api.bodies(SEARCH).length;
    await user.click(within(dialog).getByRole("button", { name: "Send again" }));
    await waitFor(() => expect(api.bodies(RESEND)).toEqual([{ ids: [1, 3] }]));
    // The list is read again, and the selection is gone.
    await waitFor(() => expect(api.bodies(SEARCH).length).toBeGreaterThan(searches));
    await waitFor(() => expect(screen.queryByText("2 deliveries selected")).toBeNull());
    expect(screen.getByRole("checkbox", { name: "Select Shopper 1 to Retailer" })).toHaveProperty(
      "checked",
      false,
    );
  });

  it("selects a whole page with the header's checkbox", async () => {
    const api = serve(() => [delivery(1), delivery(2)], { [RESEND]: () => ({ resent: 2 }) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("link", { name: "Shopper 2" });
    await user.click(screen.getByRole("checkbox", { name: "Select every delivery on this page" }));
    await user.click(screen.getByRole("button", { name: "Send again" }));
    const dialog = await screen.findByRole("dialog", { name: "Send 2 deliveries again?" });
    await user.click(within(dialog).getByRole("button", { name: "Send again" }));
    await waitFor(() => expect(api.bodies(RESEND)).toEqual([{ ids: [1, 2] }]));
  });

  it("says nothing waits when the default filter finds no delivery", async () => {
    serve(() => []);
    renderPage();
    expect(await screen.findByText("Nothing waiting: every delivery was sent.")).toBeTruthy();
  });

  it("says nothing matches when a filter finds no delivery", async () => {
    serve(() => []);
    renderPage("/deliveries?search=nobody");
    expect(await screen.findByText("No delivery matches these filters")).toBeTruthy();
    expect(screen.queryByText("Nothing waiting: every delivery was sent.")).toBeNull();
  });
});
