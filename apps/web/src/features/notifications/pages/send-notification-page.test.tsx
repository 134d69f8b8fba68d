import {
  AUDIENCE_EMPTY_MESSAGE,
  type NotificationLookupList,
  type SentNotificationItem,
} from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { type MockRequest, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { type SendFormValues, sendFieldOf, validateSend } from "../components/send-values";
import { SendNotificationPage } from "./send-notification-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 3 });
});
afterEach(() => vi.unstubAllGlobals());

const LOOKUPS = "GET /api/notifications/lookup-list";
const COUNT = "POST /api/notifications/audience-count";
const SEND = "POST /api/notifications/send-notification";
const SENT = "POST /api/notifications/sent";

const lookups: NotificationLookupList = {
  users: [
    {
      id: 11,
      name: "Ann Lee",
      email: "ann@summit.test",
      roleId: 4,
      roleName: "Lead Generator",
      territoryIds: [1],
    },
    {
      id: 12,
      name: "Bo Chen",
      email: "bo@summit.test",
      roleId: 4,
      roleName: "Lead Generator",
      territoryIds: [2],
    },
    { id: 13, name: "Cy Diaz", email: "cy@summit.test", roleId: 6, roleName: "Scheduler", territoryIds: [1] },
  ],
  roles: [
    { id: 4, name: "Lead Generator" },
    { id: 6, name: "Scheduler" },
  ],
  territories: [
    { id: 1, name: "West" },
    { id: 2, name: "East" },
  ],
  stores: [{ id: 30, name: "Costco Wayne", territoryId: 1 }],
  channels: [
    { id: "inApp", name: "In the app" },
    { id: "email", name: "Email" },
  ],
};

const sent = (id: number, change: Partial<SentNotificationItem> = {}): SentNotificationItem => ({
  id,
  kind: "message",
  title: `Notice ${id}`,
  body: "Bring the new flyers.",
  link: null,
  senderUserId: 42,
  senderName: "Max Manager",
  audienceSummary: "Everyone",
  sendEmail: true,
  status: "sent",
  recipientCount: 120,
  processedCount: 120,
  emailedCount: 100,
  readCount: 42,
  createdAt: "2026-11-24T15:00:00.000Z",
  completedAt: "2026-11-24T15:00:09.000Z",
  ...change,
});

const renderPage = (path = "/notifications") =>
  renderRoutes([{ path: "/notifications", Component: SendNotificationPage }], path);

/** Picks an option of a Mantine select: its list is the one the input controls. */
async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute("aria-controls") ?? "");
    if (!el || within(el).queryAllByRole("option", { hidden: true }).length === 0)
      throw new Error("The options did not open");
    return el;
  });
  await user.click(within(list).getByRole("option", { name: new RegExp(option), hidden: true }));
}

const base: SendFormValues = {
  title: "Flyers",
  body: "Bring the new flyers.",
  link: "",
  everyone: true,
  roleIds: [],
  territoryIds: [],
  storeIds: [],
  userIds: [],
  sendEmail: true,
};

describe("validateSend", () => {
  it("checks what the contract checks, in its words, on the form's fields", () => {
    expect(validateSend(base)).toEqual({});
    expect(validateSend({ ...base, title: "  ", body: "" })).toEqual({
      title: "Give the notification a title",
      body: "Write the message",
    });
    expect(validateSend({ ...base, everyone: false })).toEqual({ audience: AUDIENCE_EMPTY_MESSAGE });
    expect(validateSend({ ...base, title: "x".repeat(121) }).title).toBe("Use at most 120 characters");
    expect(validateSend({ ...base, body: "x".repeat(2001) }).body).toBe("Use at most 2,000 characters");
    expect(validateSend({ ...base, link: "https://evil.test" }).link).toMatch(/starts with a single \//);
    expect(validateSend({ ...base, link: "//evil.test" }).link).toMatch(/starts with a single \//);
    expect(validateSend({ ...base, link: "/labor/schedules" })).toEqual({});
  });

  it("puts a server error on its field", () => {
    expect(sendFieldOf("audience.storeIds.3")).toBe("storeIds");
    expect(sendFieldOf("audience.everyone")).toBe("audience");
    expect(sendFieldOf("audience")).toBe("audience");
    expect(sendFieldOf("title")).toBe("title");
    expect(sendFieldOf("somethingElse")).toBeNull();
  });
});

describe("SendNotificationPage", { timeout: 30_000 }, () => {
  it("says what is missing before sending anything", async () => {
    const api = mockApi(fetchMock, { [LOOKUPS]: () => lookups });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByText("Give the notification a title")).toBeTruthy();
    expect(screen.getByText("Write the message")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(AUDIENCE_EMPTY_MESSAGE);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.bodies(SEND)).toEqual([]);
    expect(api.bodies(COUNT)).toEqual([]);
  });

  it("counts the audience once it has settled for 300 ms, with a few names", async () => {
    const api = mockApi(fetchMock, {
      [LOOKUPS]: () => lookups,
      [COUNT]: ({ body }: MockRequest) => {
        const a = (body as { audience: { roleIds: number[]; territoryIds: number[] } }).audience;
        return a.territoryIds.length
          ? { count: 1, emailOff: 0, sample: ["Ann Lee"] }
          : { count: 1234, emailOff: 12, sample: ["Ann Lee", "Bo Chen"] };
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/Pick who gets it to see how many/)).toBeTruthy();

    // Three quick changes: one count, of the last audience.
    await choose(user, await screen.findByRole("combobox", { name: "Roles" }), "Lead Generator");
    await choose(user, screen.getByRole("combobox", { name: "Roles" }), "Scheduler");
    await user.click(screen.getByRole("switch", { name: /Everyone in the organization/ }));
    expect((await screen.findByTestId("audience-reach")).textContent).toBe(
      "Reaches 1,234 people (12 get it in the app only)",
    );
    expect(screen.getByText("Including Ann Lee, Bo Chen and 1,232 more.")).toBeTruthy();
    expect(api.bodies(COUNT)).toEqual([
      { audience: { everyone: true, userIds: [], roleIds: [4, 6], territoryIds: [], storeIds: [] } },
    ]);

    // Everyone covers the places: territories and stores are off while it is on.
    expect((screen.getByRole("combobox", { name: "Territories" }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole("switch", { name: /Everyone in the organization/ }));
    await choose(user, screen.getByRole("combobox", { name: "Territories" }), "West");
    await waitFor(() =>
      expect(screen.getByTestId("audience-reach").textContent).toBe(
        "Reaches 1 person (in the app and by email)",
      ),
    );
    expect(api.bodies(COUNT)).toHaveLength(2);
  });

  it("asks first, then sends with an Idempotency-Key, shows the progress until it is sent, and clears the form", async () => {
    let polls = 0;
    const api = mockApi(fetchMock, {
      [LOOKUPS]: () => lookups,
      [COUNT]: () => ({ count: 1234, emailOff: 0, sample: ["Ann Lee", "Bo Chen", "Cy Diaz"] }),
      [SEND]: () =>
        new Response(
          JSON.stringify(
            sent(77, {
              title: "Flyers",
              status: "sending",
              recipientCount: 1234,
              processedCount: 0,
              emailedCount: 0,
              readCount: 0,
            }),
          ),
          { status: 201, headers: { "content-type": "application/json" } },
        ),
      "GET /api/notifications/sent/77": () => {
        polls += 1;
        return polls < 2
          ? sent(77, {
              title: "Flyers",
              status: "sending",
              recipientCount: 1234,
              processedCount: 600,
              emailedCount: 500,
            })
          : sent(77, {
              title: "Flyers",
              status: "sent",
              recipientCount: 1234,
              processedCount: 1234,
              emailedCount: 1200,
            });
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.type(await screen.findByRole("textbox", { name: "Title" }), "Flyers");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Bring the new flyers.");
    expect(screen.getByText("21 of 2,000 characters")).toBeTruthy();
    await user.type(screen.getByRole("combobox", { name: "Link in the app" }), "/labor/schedules");
    await user.click(screen.getByRole("switch", { name: /Everyone in the organization/ }));
    await screen.findByText("Reaches 1,234 people (in the app and by email)");

    await user.click(screen.getByRole("button", { name: "Send" }));
    const dialog = await screen.findByRole("dialog", { name: "Send to 1,234 people?" });
    expect(api.bodies(SEND)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Send" }));

    await waitFor(() => expect(api.bodies(SEND)).toHaveLength(1));
    expect(api.bodies(SEND)[0]).toEqual({
      title: "Flyers",
      body: "Bring the new flyers.",
      link: "/labor/schedules",
      audience: { everyone: true, userIds: [], roleIds: [], territoryIds: [], storeIds: [] },
      sendEmail: true,
    });
    const sendCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/send-notification"));
    const headers = (sendCall?.[1] as RequestInit | undefined)?.headers as Record<string, string>;
    expect(headers["idempotency-key"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    // Its progress, asked every second while it is on its way.
    const progress = await screen.findByRole("region", { name: "Sending progress" });
    expect(await within(progress).findByText(/600 of 1,234 people done/)).toBeTruthy();
    expect(
      within(progress).getByRole("progressbar", { name: "Progress of Flyers" }).getAttribute("aria-valuenow"),
    ).toBe("49");
    expect(
      await within(progress).findByText(/Sent to 1,234 people · 1,200 emailed/, {}, { timeout: 4_000 }),
    ).toBeTruthy();
    const asked = polls;
    await new Promise((r) => setTimeout(r, 1_300));
    expect(polls).toBe(asked);

    // The form is ready for the next one.
    expect((screen.getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe("");
    expect(
      (screen.getByRole("switch", { name: /Everyone in the organization/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it("shows the server's refusal on its field, and a retry of the same send keeps its key", async () => {
    let answer = 0;
    const api = mockApi(fetchMock, {
      [LOOKUPS]: () => lookups,
      [COUNT]: () => ({ count: 2, emailOff: 1, sample: ["Ann Lee", "Bo Chen"] }),
      [SEND]: () => {
        answer += 1;
        if (answer === 1) throw new TypeError("Failed to fetch");
        return problem(400, "Check the fields", { "body.audience.userIds": ["Name at most 1,000 people"] });
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.type(await screen.findByRole("textbox", { name: "Title" }), "Flyers");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Bring them.");
    await choose(user, screen.getByRole("combobox", { name: "People" }), "Ann Lee");
    await choose(user, screen.getByRole("combobox", { name: "People" }), "Bo Chen");
    await screen.findByText("Reaches 2 people (1 get it in the app only)");

    await user.click(screen.getByRole("button", { name: "Send" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Send to 2 people?" })).getByRole("button", {
        name: "Send",
      }),
    );
    expect(await screen.findByText(/Could not reach the server/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Send" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Send to 2 people?" })).getByRole("button", {
        name: "Send",
      }),
    );
    expect(await screen.findByText("Name at most 1,000 people")).toBeTruthy();
    const keys = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith("/send-notification"))
      .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(api.bodies(SEND)[0]).toMatchObject({ audience: { userIds: [11, 12] } });
  });

  it("lists what was sent with its reach, progress, reads and status, a page at a time", async () => {
    const api = mockApi(fetchMock, {
      [LOOKUPS]: () => lookups,
      [SENT]: ({ body }: MockRequest) => {
        const b = body as { page: number; pageSize: number };
        return {
          items: [
            sent(2, {
              status: "sending",
              processedCount: 30,
              readCount: 0,
              audienceSummary: "Lead Generator in West",
            }),
            sent(1),
          ],
          total: 2,
          page: b.page,
          pageSize: b.pageSize,
        };
      },
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.click(await screen.findByRole("tab", { name: "Sent" }));
    expect(router.state.location.search).toBe("?tab=sent");

    const table = await screen.findByRole("table", { name: "Sent notifications" });
    const row1 = (await within(table).findByText("Notice 1")).closest("tr") as HTMLElement;
    expect(within(row1).getAllByText("42 of 120 read").length).toBeGreaterThan(0);
    expect(within(row1).getAllByText("Sent").length).toBeGreaterThan(0);
    expect(within(row1).getByText("Done")).toBeTruthy();
    const row2 = within(table).getByText("Notice 2").closest("tr") as HTMLElement;
    expect(within(row2).getAllByText("Sending").length).toBeGreaterThan(0);
    expect(
      within(row2).getByRole("progressbar", { name: "Progress of Notice 2" }).getAttribute("aria-valuenow"),
    ).toBe("25");
    expect(within(row2).getByText("Lead Generator in West")).toBeTruthy();
    expect(api.bodies(SENT)[0]).toEqual({ page: 1, pageSize: 25 });

    await choose(user, screen.getByRole("combobox", { name: "Kind" }), "Missing punch");
    await waitFor(() =>
      expect(api.bodies(SENT).at(-1)).toEqual({ page: 1, pageSize: 25, kind: "missingPunch" }),
    );
  });
});
