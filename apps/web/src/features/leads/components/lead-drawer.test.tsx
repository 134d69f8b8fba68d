import type { DeliveryItem, LeadHistoryEntry } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, type MockRequest, mockApi, problem } from "../../../test/mock-api";
import { renderWithQueries } from "../../../test/render";
import { LeadDrawer } from "./lead-drawer";
import { detail } from "./test-leads";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const created: LeadHistoryEntry = {
  id: 1,
  action: "created",
  at: "2026-11-20T23:04:56.000Z",
  userId: 9,
  userName: "Luis Generator",
  before: null,
  after: { statusId: 1 },
};

const noteEntry = (id: number, text: string): LeadHistoryEntry => ({
  id,
  action: "note",
  at: "2026-11-21T15:30:00.000Z",
  userId: 3,
  userName: "Morgan Manager",
  before: null,
  after: { text },
  reason: null,
});

type NoteHandler = (req: MockRequest) => unknown;

function renderDrawer(
  lead = detail({ history: [created] }),
  onNote?: NoteHandler,
  extra: Parameters<typeof mockApi>[1] = {},
) {
  const api = mockApi(fetchMock, {
    "GET /api/app/lookup-list": () => lookupListOf({}),
    "POST /api/leads/lookup-list/lead-type": () => ({ serviceTypes: [], languageTypes: [] }),
    [`GET /api/leads/${lead.id}/internal`]: () => lead,
    [`POST /api/leads/${lead.id}/notes`]: onNote ?? (() => problem(500, "No note handler")),
    ...extra,
  });
  const view = renderWithQueries(
    <LeadDrawer
      leadId={lead.id}
      kind="internal"
      canRestoreDeleted={false}
      onClose={() => {}}
      onOpenLead={() => {}}
    />,
  );
  return { ...view, api };
}

const noteRequests = (api: ReturnType<typeof mockApi>, leadId = 164) =>
  api.calls.filter((c) => c.method === "POST" && c.path === `/api/leads/${leadId}/notes`);
const detailReads = (api: ReturnType<typeof mockApi>, leadId = 164) =>
  api.calls.filter((c) => c.method === "GET" && c.path === `/api/leads/${leadId}/internal`).length;
/** The Idempotency-Key of each note sent, oldest first. */
const noteKeys = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === "/api/leads/164/notes")
    .map(([, init]) => new Headers(init?.headers).get("idempotency-key"));
const historyTexts = () => screen.getAllByTestId("history-entry").map((e) => e.textContent ?? "");

describe("the lead drawer's contact links", () => {
  it("calls the phone and emails the address, each link named for what it does", async () => {
    renderDrawer(detail({ phone: "2015550142", email: "mia.garcia@example.com" }));
    const call = await screen.findByRole("link", { name: "Call (201) 555-0142" });
    expect(call.getAttribute("href")).toBe("tel:+12015550142");
    // The visible text is part of the name (WCAG 2.5.3).
    expect(call.textContent).toBe("(201) 555-0142");
    const email = screen.getByRole("link", { name: "Email mia.garcia@example.com" });
    expect(email.getAttribute("href")).toBe("mailto:mia.garcia@example.com");
  });

  it("shows no link for a lead without a phone or an email", async () => {
    renderDrawer(detail({ phone: null, email: "only@example.com" }));
    await screen.findByRole("link", { name: "Email only@example.com" });
    expect(screen.queryByRole("link", { name: /^Call/ })).toBeNull();
  });
});

describe("the lead drawer's notes box", () => {
  it("adds the trimmed note with a key, disabled while saving, and shows it on top of the history without a reload", async () => {
    const user = userEvent.setup();
    let answer: (r: unknown) => void = () => {};
    const { api } = renderDrawer(undefined, () => new Promise((resolve) => (answer = resolve)));
    const box = await screen.findByRole("textbox", { name: "Add a note" });
    await user.type(box, "  Called, no answer.{Enter}Try after 5 pm.  ");
    await user.click(screen.getByRole("button", { name: "Add note" }));

    await waitFor(() => expect(noteRequests(api)).toHaveLength(1));
    const [sent] = noteRequests(api);
    expect(sent.body).toEqual({ text: "Called, no answer.\nTry after 5 pm." });
    const [key] = noteKeys();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Saving: the button cannot be pressed again.
    expect((screen.getByRole("button", { name: "Add note" }) as HTMLButtonElement).disabled).toBe(true);

    answer(noteEntry(2, "Called, no answer.\nTry after 5 pm."));
    await waitFor(() => expect(screen.getAllByTestId("history-entry")).toHaveLength(2));
    const [top, bottom] = screen.getAllByTestId("history-entry");
    expect(within(top).getByText("Note")).toBeTruthy();
    expect(top.textContent).toContain("Morgan Manager · 2026-11-21 10:30 EST");
    expect(top.textContent).toContain("Called, no answer.\nTry after 5 pm.");
    expect(bottom.textContent).toContain("Lead captured");
    expect(screen.getByRole("heading", { name: "History (2)" })).toBeTruthy();
    // The box is empty again and the button back; the lead was read once.
    expect((box as HTMLTextAreaElement).value).toBe("");
    expect((screen.getByRole("button", { name: "Add note" }) as HTMLButtonElement).disabled).toBe(false);
    expect(detailReads(api)).toBe(1);
  });

  it("shows the server's message in the form and retries the same note under the same key; new words get a new key", async () => {
    const user = userEvent.setup();
    let fail = true;
    const { api } = renderDrawer(undefined, (req) =>
      fail
        ? problem(400, "body.text: Keep the note to 2,000 characters", {
            "body.text": ["Keep the note to 2,000 characters"],
          })
        : noteEntry(3, (req.body as { text: string }).text),
    );
    const box = await screen.findByRole("textbox", { name: "Add a note" });
    await user.type(box, "Gate code 1234");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Keep the note to 2,000 characters")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    // The note stays in the box to try again.
    expect((box as HTMLTextAreaElement).value).toBe("Gate code 1234");

    fail = false;
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(historyTexts()[0]).toContain("Gate code 1234"));
    const keys = noteKeys();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    await user.type(box, "Another note");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(noteRequests(api)).toHaveLength(3));
    expect(noteKeys()[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(noteKeys()[2]).not.toBe(keys[0]);
  });

  it("asks for words before sending an empty note, and takes Ctrl+Enter from the keyboard", async () => {
    const user = userEvent.setup();
    const { api } = renderDrawer(undefined, (req) => noteEntry(4, (req.body as { text: string }).text));
    const box = await screen.findByRole("textbox", { name: "Add a note" });
    await user.type(box, "   ");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Write the note before adding it")).toBeTruthy();
    expect(noteRequests(api)).toHaveLength(0);

    await user.clear(box);
    await user.type(box, "Prefers texts{Control>}{Enter}{/Control}");
    await waitFor(() => expect(noteRequests(api)).toHaveLength(1));
    expect(noteRequests(api)[0].body).toEqual({ text: "Prefers texts" });
    expect(screen.queryByText("Write the note before adding it")).toBeNull();
  });

  it("offers no notes box to someone who may not edit the lead", async () => {
    renderDrawer(detail({ history: [created], canEdit: false, canDelete: false }));
    await screen.findByRole("heading", { name: "History (1)" });
    expect(screen.queryByRole("textbox", { name: "Add a note" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add note" })).toBeNull();
  });
});

describe("the lead drawer's destinations", () => {
  const dead: DeliveryItem = {
    id: 31,
    leadId: 164,
    leadName: "Shopper Number164",
    destination: "retailer",
    state: "dead",
    attempts: 9,
    lastError: "The retailer refused the lead: unknown store.",
    externalId: null,
    idempotencyKey: "fieldlead-7-164-retailer",
    appointmentId: null,
    appointmentStartsAt: null,
    appointmentStatus: null,
    nextAttemptAt: null,
    failingSince: "2026-11-20T23:10:00.000Z",
    firstSentAt: null,
    lastSentAt: null,
    updatedAt: "2026-11-21T23:10:00.000Z",
  };

  it("shows a manager where the lead was sent, and sends a delivery again", async () => {
    session.set({ ...demoUser, roleId: 3 });
    const user = userEvent.setup();
    const { api } = renderDrawer(undefined, undefined, {
      "GET /api/leads/164/appointments": () => ({ items: [] }),
      "GET /api/leads/164/deliveries": () => ({ items: [dead] }),
      "GET /api/leads/164/revenue/false": () => problem(404, "The lead was not found."),
      "POST /api/deliveries/resend": () => ({ resent: 1 }),
    });
    const section = await screen.findByRole("region", { name: "Destinations" });
    const row = await within(section).findByTestId("delivery-retailer");
    expect(within(row).getByText("Dead")).toBeTruthy();
    expect(row.textContent).toContain("The retailer refused the lead: unknown store.");
    await user.click(within(row).getByRole("button", { name: "Send again to Retailer" }));
    await waitFor(() => expect(api.bodies("POST /api/deliveries/resend")).toEqual([{ ids: [31] }]));
  });

  it("shows no destinations to someone who may not manage deliveries", async () => {
    const { api } = renderDrawer();
    await screen.findByRole("heading", { name: "History (1)" });
    expect(screen.queryByRole("region", { name: "Destinations" })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith("/deliveries"))).toBe(false);
  });
});
