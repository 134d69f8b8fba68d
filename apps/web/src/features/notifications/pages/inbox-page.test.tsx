import type { InboxItem, LoggedInUser } from "@fieldlead/contracts";
import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { type MockRequest, mockApi } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { InboxPage } from "./inbox-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set(demoUser);
});
afterEach(() => vi.unstubAllGlobals());

const INBOX = "POST /api/notifications/inbox";
const READ = "POST /api/notifications/read";
const UNREAD = "GET /api/notifications/unread";
const PREFS = "GET /api/notifications/preferences";
const PREFS_PUT = "PUT /api/notifications/preferences";
const SWITCH = "PUT /api/account/8/update-organization";

const twoOrganizations: LoggedInUser = {
  ...demoUser,
  organizations: [
    ...demoUser.organizations,
    {
      ...demoUser.organizations[0],
      id: 8,
      name: "Summit Home West",
    } as LoggedInUser["organizations"][number],
  ],
};

const item = (id: number, change: Partial<InboxItem> = {}): InboxItem => ({
  id,
  organizationId: 7,
  organizationName: "Summit Home East",
  kind: "message",
  title: `Notice ${id}`,
  body: `Body of notice ${id}`,
  link: null,
  senderName: "Ann Manager",
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  readAt: null,
  ...change,
});

/** The inbox as the server answers it: a page of `rows()`, unread only when asked. */
function serve(rows: () => InboxItem[], extra: Parameters<typeof mockApi>[1] = {}) {
  let email = true;
  return mockApi(fetchMock, {
    [INBOX]: ({ body }: MockRequest) => {
      const b = body as { page: number; pageSize: number; unreadOnly: boolean };
      const all = rows().filter((n) => !b.unreadOnly || n.readAt === null);
      return {
        items: all.slice((b.page - 1) * b.pageSize, b.page * b.pageSize),
        total: all.length,
        page: b.page,
        pageSize: b.pageSize,
        unread: rows().filter((n) => n.readAt === null).length,
      };
    },
    [UNREAD]: () => ({ unread: rows().filter((n) => n.readAt === null).length }),
    [PREFS]: () => ({ email }),
    [PREFS_PUT]: ({ body }: MockRequest) => {
      email = (body as { email: boolean }).email;
      return { email };
    },
    ...extra,
  });
}

const renderPage = (path = "/inbox") =>
  renderRoutes(
    [
      { path: "/inbox", Component: InboxPage },
      { path: "/labor/missing-punches", element: <h1>Missing punches screen</h1> },
      { path: "/labor/schedules", element: <h1>Schedules screen</h1> },
    ],
    path,
  );

describe("InboxPage", { timeout: 30_000 }, () => {
  it("lists read and unread notifications newest first, with their sender, and the product's own as FieldLead", async () => {
    serve(() => [
      item(3, { kind: "missingPunch", title: "You forgot to punch out", senderName: null }),
      item(2, { body: "Line one\nLine two" }),
      item(1, { readAt: "2026-11-20T10:00:00.000Z" }),
    ]);
    renderPage();

    const list = await screen.findByRole("list", { name: "Notifications" });
    const entries = within(list).getAllByRole("listitem");
    expect(entries).toHaveLength(3);
    expect(
      within(entries[0] as HTMLElement).getByRole("button", { name: /^You forgot to punch out ?, unread$/ }),
    );
    expect(within(entries[0] as HTMLElement).getByText("From FieldLead")).toBeTruthy();
    expect(within(entries[0] as HTMLElement).getByRole("img", { name: "Missing punch" })).toBeTruthy();
    expect(within(entries[1] as HTMLElement).getByText("From Ann Manager")).toBeTruthy();
    expect(within(entries[1] as HTMLElement).getByText(/Line one\s+Line two/)).toBeTruthy();
    // A read one is not announced as unread; one organization: no organization names.
    expect(within(entries[2] as HTMLElement).getByRole("button", { name: "Notice 1" })).toBeTruthy();
    expect(screen.queryByText(/Summit Home East/)).toBeNull();
    expect(within(entries[2] as HTMLElement).getByText("2 h ago")).toBeTruthy();
    expect(await screen.findByText("2 unread")).toBeTruthy();
  });

  it("marks one read when it is opened and goes to its link", async () => {
    let rows = [item(5, { kind: "missingPunch", senderName: null, link: "/labor/missing-punches" }), item(4)];
    const api = serve(() => rows, {
      [READ]: ({ body }: MockRequest) => {
        const ids = (body as { ids: number[] }).ids;
        rows = rows.map((n) => (ids.includes(n.id) ? { ...n, readAt: new Date().toISOString() } : n));
        return { unread: rows.filter((n) => n.readAt === null).length };
      },
    });
    const user = userEvent.setup();
    const { router } = renderPage();

    // One without a link is marked read and stays.
    await user.click(await screen.findByRole("button", { name: /^Notice 4 ?, unread$/ }));
    await waitFor(() => expect(api.bodies(READ)).toEqual([{ ids: [4] }]));
    expect(await screen.findByRole("button", { name: "Notice 4" })).toBeTruthy();
    expect(await screen.findByText("1 unread")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/inbox");

    await user.click(screen.getByRole("button", { name: /^Notice 5 ?, unread$/ }));
    expect(await screen.findByRole("heading", { name: "Missing punches screen" })).toBeTruthy();
    expect(api.bodies(READ)[1]).toEqual({ ids: [5] });
  });

  it("names the organization of each when the person works in several, and switches to it to open a link", async () => {
    session.set(twoOrganizations);
    const api = serve(
      () => [item(9, { organizationId: 8, organizationName: "Summit Home West", link: "/labor/schedules" })],
      {
        [READ]: () => ({ unread: 0 }),
        [SWITCH]: () => ({ ...twoOrganizations, currentOrganizationId: 8 }),
      },
    );
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText("From Ann Manager · Summit Home West")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /^Notice 9/ }));
    expect(await screen.findByRole("heading", { name: "Schedules screen" })).toBeTruthy();
    expect(api.calls.some((c) => `${c.method} ${c.path}` === SWITCH)).toBe(true);
    expect(session.get()?.currentOrganizationId).toBe(8);
    expect(api.bodies(READ)).toEqual([{ ids: [9] }]);
  });

  it("marks every one read, and shows unread only on demand", async () => {
    let rows = [item(2), item(1, { readAt: "2026-11-20T10:00:00.000Z" })];
    const api = serve(() => rows, {
      [READ]: () => {
        rows = rows.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() }));
        return { unread: 0 };
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole("switch", { name: "Unread only" }));
    await waitFor(() =>
      expect(api.bodies(INBOX).at(-1)).toEqual({ page: 1, pageSize: 20, unreadOnly: true }),
    );
    expect(await screen.findByRole("button", { name: /^Notice 2/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Notice 1/ })).toBeNull());

    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(api.bodies(READ)).toEqual([{ all: true }]));
    expect(await screen.findByText("No unread notifications")).toBeTruthy();
    expect(screen.getByText("Nothing unread")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("says when there is nothing yet", async () => {
    serve(() => []);
    renderPage();
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Notifications" })).toBeNull();
  });

  it("turns the notification emails off and on, with a toast", async () => {
    const shown = vi.spyOn(notifications, "show").mockReturnValue("id");
    const api = serve(() => []);
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole("switch", { name: /Also email me my notifications/ });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    await user.click(toggle);
    await waitFor(() => expect(api.bodies(PREFS_PUT)).toEqual([{ email: false }]));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ message: "Your notifications will come in the app only, not by email." }),
    );
  });
});
