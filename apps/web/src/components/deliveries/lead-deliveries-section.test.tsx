import type { DeliveryItem, LeadRevenue } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../lib/session";
import { demoUser } from "../../test/fixtures";
import { mockApi, problem } from "../../test/mock-api";
import { renderWithQueries } from "../../test/render";
import { LeadDeliveriesSection } from "./lead-deliveries-section";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const DELIVERIES = "GET /api/leads/42/deliveries";
const REVENUE = "GET /api/leads/42/revenue/false";
const RESEND = "POST /api/deliveries/resend";
const SEND_ALL = "POST /api/leads/42/crm";

const delivery = (id: number, change: Partial<DeliveryItem>): DeliveryItem => ({
  id,
  leadId: 42,
  leadName: "Pat Shopper",
  destination: "crm",
  state: "sent",
  attempts: 0,
  lastError: null,
  externalId: null,
  idempotencyKey: "fieldlead-7-42-crm",
  appointmentId: 9,
  appointmentStartsAt: "2026-12-08T14:00:00.000Z",
  appointmentStatus: "booked",
  nextAttemptAt: null,
  failingSince: null,
  firstSentAt: null,
  lastSentAt: null,
  updatedAt: "2026-11-24T10:05:00.000Z",
  ...change,
});

const sentToCrm = delivery(1, {
  externalId: "ST-88213",
  firstSentAt: "2026-11-24T10:12:00.000Z",
  lastSentAt: "2026-11-24T10:12:00.000Z",
});
const failingAtRetailer = delivery(2, {
  destination: "retailer",
  state: "failed",
  attempts: 4,
  lastError: "The retailer answered 503: try again later.",
});

const revenue = (change: Partial<LeadRevenue> = {}): LeadRevenue => ({
  leadId: 42,
  outcome: "sold",
  revenue: 12480.5,
  jobId: "991",
  jobNumber: "J-1042",
  readAt: "2026-11-25T08:00:00.000Z",
  capturedAt: "2026-11-24T10:00:00.000Z",
  firstDeliveredAt: "2026-11-24T10:12:00.000Z",
  firstContactedAt: null,
  ...change,
});

const renderSection = () => renderWithQueries(<LeadDeliveriesSection leadId={42} isExternal={false} />);

describe("LeadDeliveriesSection", { timeout: 30_000 }, () => {
  it("shows each destination's state, tries, error and id, the CRM's outcome, and sends one again", async () => {
    session.set({ ...demoUser, roleId: 7 });
    const api = mockApi(fetchMock, {
      [DELIVERIES]: () => ({ items: [sentToCrm, failingAtRetailer] }),
      [REVENUE]: () => revenue(),
      [RESEND]: () => ({ resent: 1 }),
    });
    const user = userEvent.setup();
    renderSection();

    const section = await screen.findByRole("region", { name: "Destinations" });
    const crm = await within(section).findByTestId("delivery-crm");
    expect(within(crm).getByText("Field-service CRM")).toBeTruthy();
    expect(within(crm).getByText("Sent")).toBeTruthy();
    expect(within(crm).getByText("ST-88213")).toBeTruthy();
    const retailer = within(section).getByTestId("delivery-retailer");
    expect(within(retailer).getByText("Failing")).toBeTruthy();
    expect(within(retailer).getByText("4")).toBeTruthy();
    expect(retailer.textContent).toContain("Last error: The retailer answered 503: try again later.");
    expect(within(retailer).getByText("Never")).toBeTruthy();

    // The CRM's outcome, its invoiced revenue, and 12 minutes from capture to the first delivery.
    const outcome = await within(section).findByTestId("lead-outcome");
    expect(outcome.textContent).toContain("Sold (job J-1042)");
    expect(outcome.textContent).toContain("$12,480.50");
    expect(outcome.textContent).toContain("12 min");

    const reads = api.bodies(DELIVERIES).length;
    await user.click(within(retailer).getByRole("button", { name: "Send again to Retailer" }));
    await waitFor(() => expect(api.bodies(RESEND)).toEqual([{ ids: [2] }]));
    // The lead's deliveries are read again to show the new state.
    await waitFor(() => expect(api.bodies(DELIVERIES).length).toBeGreaterThan(reads));
  });

  it("sends the lead to every destination now, and shows why when none applies", async () => {
    session.set({ ...demoUser, roleId: 3 });
    let refuse = true;
    let sent: DeliveryItem[] = [];
    const api = mockApi(fetchMock, {
      [DELIVERIES]: () => ({ items: sent }),
      [REVENUE]: () => revenue({ outcome: null, revenue: null, firstDeliveredAt: null }),
      [SEND_ALL]: () => {
        if (refuse)
          return problem(
            409,
            "No destination is turned on for this organization. An Admin turns them on in Settings > Destinations.",
          );
        sent = [sentToCrm];
        return { items: sent };
      },
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText("Not sent to any destination yet.")).toBeTruthy();
    // Nothing from the CRM yet: no outcome.
    expect(screen.queryByText("CRM outcome")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Send to destinations now" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No destination is turned on for this organization.");
    expect(api.bodies(SEND_ALL)).toHaveLength(1);

    refuse = false;
    await user.click(screen.getByRole("button", { name: "Send to destinations now" }));
    expect(await screen.findByTestId("delivery-crm")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks nothing and shows nothing to someone who may not manage deliveries", async () => {
    session.set({ ...demoUser, roleId: 14 });
    const api = mockApi(fetchMock, {});
    renderSection();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("region", { name: "Destinations" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Send to destinations now" })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
