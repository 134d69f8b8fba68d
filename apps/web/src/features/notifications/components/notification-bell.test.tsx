import type { InboxItem } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { type MockRequest, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { UNREAD_POLL_MS } from "../api/unread";
import { parseUnread, retryDelay } from "../api/unread-stream";
import { NotificationBell } from "./notification-bell";
import { NotificationBellSlot } from "./notification-bell-slot";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set(demoUser);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const UNREAD = "GET /api/notifications/unread";
const EVENTS = "GET /api/notifications/events";
const INBOX = "POST /api/notifications/inbox";
const READ = "POST /api/notifications/read";

/** A server-sent events answer the test writes to as it goes. */
function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

/** The bell in a header above the screens, as the app's frame draws it. */
const renderBell = (props: { twice?: boolean } = {}) =>
  renderRoutes(
    [
      {
        path: "/",
        element: (
          <>
            <header>
              <NotificationBell streamDelayMs={0} />
              {props.twice ? <NotificationBell streamDelayMs={0} /> : null}
            </header>
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>Home screen</h1> },
          { path: "inbox", element: <h1>Inbox screen</h1> },
          { path: "labor/schedules", element: <h1>Schedules screen</h1> },
        ],
      },
    ],
    "/",
  );

const headersOf = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).startsWith(path))
    .map(([, init]) => (init as RequestInit).headers as Record<string, string>);

/** Makes the window a phone's (the bell then goes to the inbox rather than opening its list). */
function phoneScreen() {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

const item = (id: number, change: Partial<InboxItem> = {}): InboxItem => ({
  id,
  organizationId: 7,
  organizationName: "Summit Home East",
  kind: "message",
  title: `Notice ${id}`,
  body: `First line of ${id}\nSecond line`,
  link: null,
  senderName: "Ann Manager",
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...change,
});

describe("parseUnread and retryDelay", () => {
  it("reads an unread event's count and nothing else", () => {
    expect(parseUnread('{"unread":4}')).toBe(4);
    expect(parseUnread('{"unread":-1}')).toBeNull();
    expect(parseUnread('{"count":4}')).toBeNull();
    expect(parseUnread("not json")).toBeNull();
  });

  it("waits longer after each failure, from about a second up to a minute", () => {
    expect(retryDelay(0, () => 1)).toBe(1_000);
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(3, () => 1)).toBe(8_000);
    expect(retryDelay(20, () => 1)).toBe(60_000);
  });
});

describe("NotificationBell", { timeout: 30_000 }, () => {
  it("shows the unread count and follows the live stream without a reload, one stream per tab", async () => {
    const stream = eventStream();
    const api = mockApi(fetchMock, { [UNREAD]: () => ({ unread: 3 }), [EVENTS]: () => stream.response() });
    renderBell({ twice: true });

    const bells = await screen.findAllByRole("button", { name: "Notifications, 3 unread" });
    expect(within(bells[0] as HTMLElement).getByTestId("notification-count").textContent).toBe("3");
    await waitFor(() => expect(api.calls.filter((c) => `${c.method} ${c.path}` === EVENTS)).toHaveLength(1));

    // The stream sends the count at once and whenever it changes.
    stream.send('event: unread\ndata: {"unread":5}\n\n');
    expect(await screen.findAllByRole("button", { name: "Notifications, 5 unread" })).toHaveLength(2);
    // A keep-alive comment and other events change nothing; a chunk may end mid-line.
    stream.send(': keep-alive\n\nevent: other\ndata: {"unread":99}\n\nevent: unr');
    stream.send('ead\ndata: {"unread":0}\n\n');
    await waitFor(() =>
      expect(screen.getAllByRole("button", { name: "Notifications" }).length).toBeGreaterThanOrEqual(2),
    );
    expect(screen.queryByTestId("notification-count")).toBeNull();

    // It sends the session's bearer token, as every call does, and asks for an event stream.
    const [headers] = headersOf("/api/notifications/events");
    expect(headers?.Authorization).toBe("Bearer tok-123");
    expect(headers?.Accept).toBe("text/event-stream");
    expect(api.calls.filter((c) => `${c.method} ${c.path}` === EVENTS)).toHaveLength(1);
  });

  it("falls back to polling every 30 s while the stream fails, and retries the stream", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 2;
    const api = mockApi(fetchMock, {
      [UNREAD]: () => ({ unread }),
      [EVENTS]: () => problem(503, "Unavailable"),
    });
    renderBell();
    expect(await screen.findByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
    const count = (route: string) => api.calls.filter((c) => `${c.method} ${c.path}` === route).length;
    expect(count(UNREAD)).toBe(1);

    unread = 7;
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS + 100);
    expect(await screen.findByRole("button", { name: "Notifications, 7 unread" })).toBeTruthy();
    expect(count(UNREAD)).toBe(2);
    // The stream was tried again after growing waits (about 1, 2, 4, 8 and 16 s): a few times, not a storm.
    expect(count(EVENTS)).toBeGreaterThanOrEqual(3);
    expect(count(EVENTS)).toBeLessThanOrEqual(7);
  });

  it("stops polling while the stream is live", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stream = eventStream();
    const api = mockApi(fetchMock, { [UNREAD]: () => ({ unread: 1 }), [EVENTS]: () => stream.response() });
    renderBell();
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();
    stream.send('event: unread\ndata: {"unread":1}\n\n');
    await waitFor(() => expect(api.calls.some((c) => `${c.method} ${c.path}` === EVENTS)).toBe(true));
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2 + 100);
    expect(api.calls.filter((c) => `${c.method} ${c.path}` === UNREAD)).toHaveLength(1);
  });

  it("opens no stream and asks nothing when nobody is signed in", async () => {
    session.clear();
    mockApi(fetchMock, {});
    renderBell();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("button", { name: /Notifications/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("comes into the header once the screen's reads are over", async () => {
    let answer: (() => void) | undefined;
    mockApi(fetchMock, {
      [UNREAD]: () => ({ unread: 4 }),
      [EVENTS]: () => eventStream().response(),
      "GET /api/slow": () => new Promise((resolve) => (answer = () => resolve({}))),
    });
    const { queryClient } = renderRoutes([{ path: "/", element: <NotificationBellSlot /> }], "/");
    void queryClient.fetchQuery({
      queryKey: ["slow"],
      queryFn: () => fetch("/api/slow").then((r) => r.json()),
    });
    await new Promise((r) => setTimeout(r, 1_300));
    // Still loading the screen: no bell, and no call of its own yet.
    expect(screen.queryByRole("button", { name: /Notifications/ })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/slow"]);
    answer?.();
    expect(
      await screen.findByRole("button", { name: "Notifications, 4 unread" }, { timeout: 3_000 }),
    ).toBeTruthy();
  });

  it("goes to the inbox on a phone", async () => {
    phoneScreen();
    mockApi(fetchMock, { [UNREAD]: () => ({ unread: 0 }), [EVENTS]: () => eventStream().response() });
    const user = userEvent.setup();
    const { router } = renderBell();
    await user.click(await screen.findByRole("link", { name: "Notifications" }));
    expect(router.state.location.pathname).toBe("/inbox");
  });

  it("on a wide screen lists the latest, opens one (marked read, its link) and marks all read", async () => {
    let unread = 2;
    const items = [
      item(1, { link: "/labor/schedules" }),
      item(2),
      item(3, { readAt: "2026-11-20T10:00:00Z" }),
    ];
    const api = mockApi(fetchMock, {
      [UNREAD]: () => ({ unread }),
      [EVENTS]: () => eventStream().response(),
      [INBOX]: ({ body }: MockRequest) => ({
        items,
        total: 3,
        page: 1,
        pageSize: (body as { pageSize: number }).pageSize,
        unread,
      }),
      [READ]: ({ body }: MockRequest) => {
        const b = body as { ids?: number[]; all?: boolean };
        unread = b.all ? 0 : unread - (b.ids?.length ?? 0);
        return { unread };
      },
    });
    const user = userEvent.setup();
    const { router } = renderBell();

    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    await user.click(bell);
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    const list = await within(dialog).findByRole("list", { name: "Latest notifications" });
    expect(within(list).getAllByRole("button")).toHaveLength(3);
    // Unread ones say so; the first line of the message and the time show.
    expect(within(list).getByRole("button", { name: /^Notice 2 ?, unread/ })).toBeTruthy();
    expect(within(list).getByRole("button", { name: /^Notice 3 / })).toBeTruthy();
    expect(within(list).getByText("First line of 2")).toBeTruthy();
    expect(within(list).getAllByText("5 min ago").length).toBe(3);
    expect(api.bodies(INBOX)[0]).toEqual({ page: 1, pageSize: 5, unreadOnly: false });

    await user.click(within(list).getByRole("button", { name: /^Notice 1 ?, unread/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/labor/schedules"));
    await waitFor(() => expect(api.bodies(READ)).toEqual([{ ids: [1] }]));
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    const again = await screen.findByRole("dialog", { name: "Notifications" });
    await user.click(within(again).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(api.bodies(READ)[1]).toEqual({ all: true }));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();

    await user.click(within(again).getByRole("link", { name: "See all" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/inbox"));
  });
});
