import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../lib/session";
import { demoUser } from "../../../../test/fixtures";
import { lookupListOf, mockApi, problem } from "../../../../test/mock-api";
import { jsonResponse, renderRoutes } from "../../../../test/render";
import type { LaborToday } from "../api/time-logs";
import { MyTimePage } from "./my-time-page";
import { missingLog, PERIOD, pageOf, timeLog, todayOf } from "./test-time-logs";

const fetchMock = vi.fn<typeof fetch>();
const getCurrentPosition = vi.fn<Geolocation["getCurrentPosition"]>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  getCurrentPosition.mockReset();
  // The phone allows its location: a position at once.
  getCurrentPosition.mockImplementation((ok) =>
    ok({
      coords: { latitude: 40.9, longitude: -74.25, accuracy: 12.4 },
      timestamp: Date.now(),
    } as GeolocationPosition),
  );
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: { getCurrentPosition },
  });
  // A lead generator (user 42 of the demo user).
  session.set({ ...demoUser, roleId: 14 });
});
afterEach(() => vi.unstubAllGlobals());

const TODAY = "GET /api/laborHistory/today";
const MY_LOGS = "POST /api/laborHistory/42/time-logs/search";
const PUNCH = "POST /api/laborHistory/42/time-logs";

/** The open log a punch in makes (started a minute ago, so the timer shows it running). */
const openLog = () =>
  timeLog(90, {
    userId: 42,
    userName: "Demo User",
    punchInAt: new Date(Date.now() - 61_000).toISOString(),
    punchOutAt: null,
    localPunchIn: "2025-03-03 09:02",
    localPunchOut: null,
    minutes: null,
    state: "open",
    canEdit: false,
  });

function serve(initial: Partial<LaborToday> = {}, extra: Parameters<typeof mockApi>[1] = {}) {
  let today = todayOf(initial);
  const api = mockApi(fetchMock, {
    [TODAY]: () => today,
    [MY_LOGS]: pageOf(
      () => [timeLog(1, { userId: 42 })],
      () => ({ period: PERIOD, totalMinutes: 480 }),
    ),
    "GET /api/app/lookup-list": () => lookupListOf({}),
    [PUNCH]: ({ body }) => {
      const action = (body as { action: string }).action;
      if (action === "punchIn") {
        const open = openLog();
        today = { ...today, open };
        return jsonResponse({ timeLog: open, warnings: ["You are 2.3 km from Costco Wayne."] }, 201);
      }
      const closed = { ...openLog(), state: "closed" as const, localPunchOut: "2025-03-03 17:01" };
      today = { ...today, open: null, minutesToday: 479 };
      return jsonResponse({ timeLog: closed, warnings: [] }, 201);
    },
    ...extra,
  });
  return api;
}

/** The Idempotency-Key each punch was sent with, oldest first. */
const punchKeys = () =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) => String(url).endsWith("/api/laborHistory/42/time-logs") && init?.method === "POST",
    )
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.["idempotency-key"]);

/** The input of a select (its options list carries the same label). */
const findInput = (label: string) =>
  waitFor(
    () =>
      screen
        .getAllByLabelText(label, { exact: false })
        .find((el) => el.tagName === "INPUT") as HTMLInputElement,
  );

const renderPage = () =>
  renderRoutes([{ path: "/labor/time-logs", Component: MyTimePage }], "/labor/time-logs");

describe("MyTimePage", { timeout: 30_000 }, () => {
  it("punches in at the scheduled store with the phone's location, shows the warning, then punches out", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage();

    // The store comes preselected from today's schedule; today's shift and the week's minutes show.
    const store = await findInput("Store");
    expect((store as HTMLInputElement).value).toBe("Costco Wayne");
    expect(screen.getByText("From today's schedule.")).toBeTruthy();
    expect(screen.getByText(/Costco Wayne · 09:00 – 17:00 E[SD]T/)).toBeTruthy();
    expect(screen.getByText("10 h 05 min")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Punch in" }));
    await waitFor(() => expect(api.bodies(PUNCH)).toHaveLength(1));
    expect(api.bodies(PUNCH)[0]).toEqual({
      action: "punchIn",
      storeId: 12,
      latitude: 40.9,
      longitude: -74.25,
      accuracyMeters: 12,
    });
    // The server's warning, and the running shift once the day is read again.
    expect((await screen.findByRole("status")).textContent).toContain("You are 2.3 km from Costco Wayne.");
    const out = await screen.findByRole("button", { name: "Punch out" });
    expect(screen.getByText(/since 09:02/)).toBeTruthy();
    expect(screen.getByLabelText(/On the clock for 0:01:0\d/)).toBeTruthy();

    await user.click(out);
    await waitFor(() => expect(api.bodies(PUNCH)).toHaveLength(2));
    expect(api.bodies(PUNCH)[1]).toEqual({
      action: "punchOut",
      latitude: 40.9,
      longitude: -74.25,
      accuracyMeters: 12,
    });
    expect(await screen.findByRole("button", { name: "Punch in" })).toBeTruthy();
    // Each punch its own key.
    const keys = punchKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("punches without a location when the phone refuses it, into the store chosen instead", async () => {
    getCurrentPosition.mockImplementation((_ok, fail) => fail?.({ code: 1 } as GeolocationPositionError));
    const api = serve({ suggestedStoreId: null });
    const user = userEvent.setup();
    renderPage();

    // Two stores and no plan: the person chooses first.
    const store = await findInput("Store");
    expect((store as HTMLInputElement).value).toBe("");
    await user.click(screen.getByRole("button", { name: "Punch in" }));
    expect(await screen.findByText("Choose the store you are at")).toBeTruthy();
    expect(api.bodies(PUNCH)).toHaveLength(0);

    await user.click(store);
    await user.click(await screen.findByRole("option", { name: "Costco Paramus", hidden: true }));
    await user.click(screen.getByRole("button", { name: "Punch in" }));
    await waitFor(() => expect(api.bodies(PUNCH)).toEqual([{ action: "punchIn", storeId: 13 }]));
  });

  it("punches out with no punch in at the chosen store, once the person confirms it", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Forgot to punch in? Punch out only" }));
    const dialog = await screen.findByRole("dialog", { name: "Punch out without a punch in?" });
    expect(api.bodies(PUNCH)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Punch out" }));
    await waitFor(() =>
      expect(api.bodies(PUNCH)).toEqual([
        { action: "punchOut", storeId: 12, latitude: 40.9, longitude: -74.25, accuracyMeters: 12 },
      ]),
    );
  });

  it("sends a retried punch with the same key, and a refused one as a new punch", async () => {
    let attempts = 0;
    const api = serve(
      {},
      {
        [PUNCH]: ({ body }) => {
          attempts += 1;
          if (attempts === 1) throw new TypeError("Failed to fetch");
          if (attempts === 2)
            return problem(409, "You are already punched in at Costco Paramus since 08:10.");
          return jsonResponse({ timeLog: { ...openLog(), ...(body as object) }, warnings: [] }, 201);
        },
      },
    );
    const user = userEvent.setup();
    renderPage();
    const punchIn = await screen.findByRole("button", { name: "Punch in" });

    await user.click(punchIn);
    expect((await screen.findByRole("alert")).textContent).toContain("Could not reach the server");
    await user.click(screen.getByRole("button", { name: "Punch in" }));
    expect((await screen.findByText(/already punched in at Costco Paramus/)).textContent).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Punch in" }));
    await waitFor(() => expect(api.bodies(PUNCH)).toHaveLength(3));

    const keys = punchKeys();
    // The lost punch and its retry: one key, one body. After the refusal, a new punch.
    expect(keys[1]).toBe(keys[0]);
    expect(api.bodies(PUNCH)[1]).toEqual(api.bodies(PUNCH)[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("checks the proposal for a missing punch before sending it", async () => {
    const log = missingLog(7, { userId: 42, userName: "Demo User", canEdit: false, canPropose: true });
    const api = serve(
      { missing: [log] },
      {
        "PUT /api/laborHistory/42/time-logs/7": ({ body }) => ({
          timeLog: { ...log, state: "proposed" },
          warnings: [],
          body,
        }),
      },
    );
    const user = userEvent.setup();
    renderPage();

    const card = await screen.findByRole("article", { name: "Missing punch 2025-03-03" });
    expect(card.textContent).toMatch(/No punch out: 09:00 – no punch out E[SD]T/);
    await user.click(within(card).getByRole("button", { name: "Propose the time" }));
    const form = await screen.findByRole("form", { name: "Propose the time of 2025-03-03 at Costco Wayne" });
    const date = within(form).getByLabelText(/^Date/) as HTMLInputElement;
    const start = within(form).getByLabelText(/^Start/) as HTMLInputElement;
    const end = within(form).getByLabelText(/^End/) as HTMLInputElement;
    // The punch it has is filled in; the missing one is asked.
    expect(date.value).toBe("2025-03-03");
    expect(start.value).toBe("09:00");
    expect(end.value).toBe("");

    fireEvent.change(date, { target: { value: "" } });
    await user.type(within(form).getByRole("textbox", { name: /Reason/ }), "no");
    await user.click(within(form).getByRole("button", { name: "Send proposal" }));
    expect(await within(form).findByText("Enter the date")).toBeTruthy();
    expect(within(form).getByText("Enter the end time")).toBeTruthy();
    expect(within(form).getByText("Say why (at least 3 characters): the audit trail keeps it")).toBeTruthy();
    expect(api.bodies("PUT /api/laborHistory/42/time-logs/7")).toHaveLength(0);

    fireEvent.change(date, { target: { value: "2025-03-03" } });
    fireEvent.change(end, { target: { value: "17:30" } });
    await user.type(within(form).getByRole("textbox", { name: /Reason/ }), "t home: my phone died");
    await user.click(within(form).getByRole("button", { name: "Send proposal" }));
    await waitFor(() =>
      expect(api.bodies("PUT /api/laborHistory/42/time-logs/7")).toEqual([
        {
          kind: "propose",
          workDate: "2025-03-03",
          startTime: "09:00",
          endTime: "17:30",
          reason: "not home: my phone died",
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("form", { name: /Propose the time/ })).toBeNull());
  });

  it("shows the server's field error on the proposal form", async () => {
    const log = missingLog(7, { userId: 42, canEdit: false, canPropose: true });
    serve(
      { missing: [log] },
      {
        "PUT /api/laborHistory/42/time-logs/7": () =>
          problem(400, "body.endTime: The shift is longer than 16 hours", {
            "body.endTime": ["The shift is longer than 16 hours"],
          }),
      },
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Propose the time" }));
    const form = await screen.findByRole("form", { name: /Propose the time/ });
    fireEvent.change(within(form).getByLabelText(/^End/), { target: { value: "08:00" } });
    await user.type(within(form).getByRole("textbox", { name: /Reason/ }), "Forgot");
    await user.click(within(form).getByRole("button", { name: "Send proposal" }));
    expect(await within(form).findByText("The shift is longer than 16 hours")).toBeTruthy();
  });

  it("lists the week's logs and tells a role that does not log time where to look", async () => {
    serve();
    const { unmount } = renderPage();
    const week = await screen.findByRole("region", { name: "My week" });
    expect(
      await within(week).findByRole("article", { name: "Time log 2025-03-03 at Costco Wayne" }),
    ).toBeTruthy();
    expect(within(week).getByText("1 shift · 8 h 00 min")).toBeTruthy();
    unmount();

    // An analyst reads the team's labor but logs no time.
    session.set({ ...demoUser, roleId: 8 });
    renderPage();
    expect(await screen.findByText("Your role does not log time")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Labor history" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Punch in" })).toBeNull();
  });
});
