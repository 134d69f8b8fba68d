import type { ActivityItem, ActivityRecentResponse, ActivityType } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../lib/session";
import { demoUser } from "../../../../test/fixtures";
import { lookupListOf, mockApi, optionSearch, problem } from "../../../../test/mock-api";
import { renderWithQueries } from "../../../../test/render";
import { ActivityForm, validateActivity } from "./activity-form";
import { QuickActivityCard } from "./quick-activity-card";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 14 });
});
afterEach(() => vi.unstubAllGlobals());

const LOG = "POST /api/users/activity";
const RECENT = "GET /api/users/activity/recent";

const TYPES: ActivityType[] = [
  { id: 1, name: "Approaches", isApproaches: true },
  { id: 2, name: "Break", isApproaches: false },
  { id: 4, name: "Training", isApproaches: false },
];

const saved = (change: Partial<ActivityItem> = {}): ActivityItem => ({
  id: 501,
  userId: 42,
  userName: "Luis Generator",
  storeId: 3,
  storeName: "Costco Wayne",
  activityTypeId: 1,
  activityTypeName: "Approaches",
  isApproaches: true,
  reasonId: null,
  reasonName: null,
  workDate: "2026-11-24",
  occurredAt: "2026-11-24T15:00:00.000Z",
  timeZone: "America/New_York",
  count: 3,
  minutes: null,
  notes: null,
  timeLogId: 9,
  recordedByUserId: 42,
  recordedByName: "Luis Generator",
  createdAt: "2026-11-24T15:00:00.000Z",
  updatedAt: "2026-11-24T15:00:00.000Z",
  canEdit: true,
  ...change,
});

const lookups = () =>
  lookupListOf({
    userReasons: [
      { id: 1, name: "Sick" },
      { id: 5, name: "Weather" },
    ],
  } as never);

/** Picks an option of a Mantine Select: its list is the one the input controls. */
async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute("aria-controls") ?? "");
    if (!el || within(el).queryAllByRole("option", { hidden: true }).length === 0)
      throw new Error("The options did not open");
    return el;
  });
  await user.click(within(list).getByRole("option", { name: option, hidden: true }));
}

const keyOf = (call: unknown[]) =>
  ((call[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.["idempotency-key"];
const logCalls = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith("/api/users/activity") && (init as RequestInit)?.method === "POST",
  );

describe("validateActivity", () => {
  const base = {
    userId: null,
    activityTypeId: "1",
    count: "" as number | string,
    minutes: "" as number | string,
    reasonId: null,
    notes: "",
    storeId: null,
    workDate: "",
  };
  it("asks for a type, a count or minutes, whole numbers in range and a day that has come", () => {
    expect(validateActivity({ ...base, activityTypeId: null, count: 1 })).toEqual({
      activityTypeId: "Choose an activity type",
    });
    expect(validateActivity(base)).toEqual({ count: "Give a count or minutes" });
    expect(validateActivity({ ...base, count: 0 })).toEqual({ count: "Give a count or minutes" });
    expect(validateActivity({ ...base, minutes: 30 })).toEqual({});
    expect(validateActivity({ ...base, count: 2.5 }).count).toMatch(/whole number/);
    expect(validateActivity({ ...base, count: 20_000 }).count).toMatch(/0 to 10,000/);
    expect(validateActivity({ ...base, minutes: 0 }).minutes).toMatch(/1 to 1440/);
    expect(validateActivity({ ...base, count: 1, workDate: "2026-11-25" }, "2026-11-24")).toEqual({
      workDate: "Choose today or an earlier day",
    });
    expect(validateActivity({ ...base, count: 1, workDate: "2026-11-23" }, "2026-11-24")).toEqual({});
  });
});

describe("ActivityForm", { timeout: 30_000 }, () => {
  it("checks the fields, then logs with an Idempotency-Key that a retry after a lost answer sends again", async () => {
    let fail = true;
    const api = mockApi(fetchMock, {
      "GET /api/app/lookup-list": lookups,
      "POST /api/app/lookup-list/stores/search": optionSearch(() => [{ id: 3, name: "Costco Wayne" }]),
      [LOG]: () => {
        if (fail) {
          fail = false;
          throw new TypeError("Failed to fetch");
        }
        return saved();
      },
    });
    // A lost answer: fetch itself fails the first time.
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithQueries(
      <ActivityForm activity={null} types={TYPES} forOthers={false} onSaved={onSaved} onCancel={() => {}} />,
    );
    const form = screen.getByRole("form", { name: "Log an activity" });
    // A lead generator logs their own: no person field.
    expect(within(form).queryByRole("combobox", { name: /Person/ })).toBeNull();

    await user.click(within(form).getByRole("button", { name: "Log activity" }));
    expect(await within(form).findByText("Choose an activity type")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === "/api/users/activity")).toHaveLength(0);

    await choose(user, within(form).getByRole("combobox", { name: /^Activity/ }), "Approaches");
    await user.click(within(form).getByRole("button", { name: "Log activity" }));
    expect(await within(form).findByText("Give a count or minutes")).toBeTruthy();

    await user.type(within(form).getByRole("textbox", { name: /^Count/ }), "3");
    await choose(user, within(form).getByRole("combobox", { name: /^Reason/ }), "Weather");
    await user.type(within(form).getByRole("textbox", { name: "Notes" }), "  Slow morning ");
    await user.click(within(form).getByRole("button", { name: "Log activity" }));
    expect(await within(form).findByText(/Could not reach the server/)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();

    // Sent again unchanged: the same key.
    await user.click(within(form).getByRole("button", { name: "Log activity" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const calls = logCalls();
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    expect(JSON.parse(String((calls[1][1] as RequestInit).body))).toEqual({
      activityTypeId: 1,
      count: 3,
      minutes: null,
      reasonId: 5,
      notes: "Slow morning",
    });
  });

  it("shows the server's field errors beside their fields, and a manager names the person", async () => {
    mockApi(fetchMock, {
      "GET /api/app/lookup-list": lookups,
      "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => [
        { id: 77, name: "Jo Park" },
        { id: 78, name: "Sam Lee" },
      ]),
      "POST /api/app/lookup-list/stores/search": optionSearch(() => [{ id: 3, name: "Costco Wayne" }]),
      [LOG]: () =>
        problem(400, "The day is wrong", {
          "body.workDate": ["Log an activity for today (2026-11-24) or an earlier day."],
        }),
    });
    const user = userEvent.setup();
    renderWithQueries(
      <ActivityForm activity={null} types={TYPES} forOthers onSaved={() => {}} onCancel={() => {}} />,
    );
    const form = screen.getByRole("form", { name: "Log an activity" });
    await choose(user, within(form).getByRole("combobox", { name: /Person/ }), "Jo Park");
    await choose(user, within(form).getByRole("combobox", { name: /^Activity/ }), "Training");
    await user.type(within(form).getByRole("textbox", { name: /^Minutes/ }), "45");
    await user.click(within(form).getByRole("button", { name: "Log activity" }));
    expect(
      await within(form).findByText("Log an activity for today (2026-11-24) or an earlier day."),
    ).toBeTruthy();
    const [call] = logCalls();
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({
      userId: 77,
      activityTypeId: 4,
      count: 0,
      minutes: 45,
      reasonId: null,
      notes: null,
    });
  });
});

describe("QuickActivityCard", { timeout: 30_000 }, () => {
  const recent = (approaches: number): ActivityRecentResponse => ({
    items: [],
    types: TYPES,
    showApproaches: true,
    mine: {
      workDate: "2026-11-24",
      approaches,
      entries: approaches,
      storeId: 3,
      storeName: "Costco Wayne",
      timeLogId: 9,
    },
  });

  it("counts a tap at once, and sends a tap whose answer was lost again with its own key", async () => {
    let stored = 4;
    let down = false;
    mockApi(fetchMock, {
      [RECENT]: () => recent(stored),
      [LOG]: () => {
        if (down) throw new TypeError("Failed to fetch");
        stored++;
        return saved({ count: 1 });
      },
    });
    const user = userEvent.setup();
    renderWithQueries(<QuickActivityCard />);
    const card = await screen.findByRole("region", { name: "Today's approaches" });
    expect(await within(card).findByText("4 approaches")).toBeTruthy();
    expect(within(card).getByText("Costco Wayne · on shift")).toBeTruthy();

    await user.click(within(card).getByRole("button", { name: "+1 Approach" }));
    expect(await within(card).findByText("5 approaches")).toBeTruthy();
    expect(JSON.parse(String((logCalls()[0][1] as RequestInit).body))).toEqual({
      activityTypeId: 1,
      count: 1,
    });

    down = true;
    await user.click(within(card).getByRole("button", { name: "+1 Approach" }));
    expect(await within(card).findByText(/1 tap was not saved/)).toBeTruthy();
    const lostKey = keyOf(logCalls()[1]);
    expect(lostKey).not.toBe(keyOf(logCalls()[0]));

    down = false;
    await user.click(within(card).getByRole("button", { name: "Send again" }));
    await waitFor(() => expect(within(card).queryByText(/not saved/)).toBeNull());
    expect(keyOf(logCalls()[2])).toBe(lostKey);
    expect(await within(card).findByText("6 approaches")).toBeTruthy();
  });

  it("shows nothing to someone who does not log their own activity", async () => {
    mockApi(fetchMock, { [RECENT]: () => ({ ...recent(0), mine: null }) });
    const view = renderWithQueries(<QuickActivityCard />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(view.container.querySelector("section")).toBeNull());
    expect(screen.queryByRole("button", { name: "+1 Approach" })).toBeNull();
  });
});
