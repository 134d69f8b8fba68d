import type { TimeLogItem } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../lib/session";
import { demoUser } from "../../../../test/fixtures";
import { lookupListOf, mockApi, optionSearch } from "../../../../test/mock-api";
import { renderRoutes } from "../../../../test/render";
import { MissingPunchesPage } from "./missing-punches-page";
import { missingLog, pageOf, proposedLog, storeOptions } from "./test-time-logs";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 3 });
});
afterEach(() => vi.unstubAllGlobals());

const SEARCH = "POST /api/laborHistory/missing-punches";

function serve(logs: TimeLogItem[], extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fetchMock, {
    [SEARCH]: pageOf(
      () => logs,
      () => ({
        period: null,
        counts: {
          missing: logs.filter((l) => l.state === "missing").length,
          proposed: logs.filter((l) => l.state === "proposed").length,
        },
      }),
    ),
    "PUT /api/laborHistory/101/time-logs/2": ({ body }) => ({
      timeLog: { ...logs[1], state: "closed" },
      warnings: [],
      body,
    }),
    "PUT /api/laborHistory/101/time-logs/1": ({ body }) => ({
      timeLog: { ...logs[0], state: "closed" },
      warnings: [],
      body,
    }),
    "GET /api/app/lookup-list": () => lookupListOf({}),
    "POST /api/app/lookup-list/stores/search": optionSearch(() => storeOptions),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => []),
    ...extra,
  });
}

const renderPage = (path = "/labor/missing-punches") =>
  renderRoutes([{ path: "/labor/missing-punches", Component: MissingPunchesPage }], path);

describe("MissingPunchesPage", { timeout: 30_000 }, () => {
  it("lists every outstanding punch with the counts, and filters by state", async () => {
    const api = serve([missingLog(1), proposedLog(2)]);
    const user = userEvent.setup();
    const { router } = renderPage();
    const table = await screen.findByRole("table", { name: "Missing punches" });
    await within(table).findAllByText("Jo Park");
    // No period: every outstanding one, oldest first.
    expect(api.bodies(SEARCH)[0]).toEqual({
      page: 1,
      pageSize: 25,
      sortBy: "workDate",
      sortDirection: "asc",
    });
    expect(screen.getByRole("radio", { name: "All (2)" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Missing (1)" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Proposed (1)" })).toBeTruthy();
    const proposed = within(table).getByRole("button", {
      name: "Accept the proposal of Jo Park, 2025-03-03 at Costco Wayne",
    });
    const row = proposed.closest("tr") as HTMLElement;
    expect(row.textContent).toMatch(/09:00 – 17:30 EST/);
    expect(row.textContent).toContain("Phone died");
    // Only the proposal can be accepted.
    expect(within(table).getAllByRole("button", { name: /^Accept/ })).toHaveLength(1);
    expect(within(table).getAllByRole("button", { name: /^Correct/ })).toHaveLength(2);

    await user.click(screen.getByRole("radio", { name: "Proposed (1)" }));
    await waitFor(() => expect(api.bodies(SEARCH).at(-1)).toMatchObject({ states: ["proposed"], page: 1 }));
    expect(router.state.location.search).toContain("state=proposed");
  });

  it("accepts a proposal as it is", async () => {
    const api = serve([missingLog(1), proposedLog(2)]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^Accept the proposal of Jo Park/ }));
    const dialog = await screen.findByRole("dialog", { name: "Accept the proposal?" });
    expect(dialog.textContent).toMatch(/says they worked 09:00 – 17:30 on 2025-03-03 at Costco Wayne/);
    await user.click(within(dialog).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(api.bodies("PUT /api/laborHistory/101/time-logs/2")).toEqual([{ kind: "accept", reason: null }]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Accept the proposal?" })).toBeNull());
    await waitFor(() => expect(api.bodies(SEARCH).length).toBeGreaterThan(1));
  });

  it("corrects a missing punch with a reason, starting from what the log has", async () => {
    const api = serve([missingLog(1), proposedLog(2)]);
    const user = userEvent.setup();
    renderPage();
    // The first row: the one missing its punch out (the second is a proposal).
    const [correct] = await screen.findAllByRole("button", {
      name: "Correct Jo Park, 2025-03-03 at Costco Wayne",
    });
    await user.click(correct);
    const form = await screen.findByRole("form", { name: "Correct the time log of Jo Park" });
    const end = within(form).getByLabelText(/^End/) as HTMLInputElement;
    expect(end.value).toBe("");
    await user.click(within(form).getByRole("button", { name: "Save correction" }));
    expect(await within(form).findByText(/Say why/)).toBeTruthy();
    expect(api.bodies("PUT /api/laborHistory/101/time-logs/1")).toHaveLength(0);

    await user.type(end, "17:15");
    await user.type(within(form).getByRole("textbox", { name: /^Reason/ }), "Called the store: left at 5:15");
    await user.click(within(form).getByRole("button", { name: "Save correction" }));
    await waitFor(() =>
      expect(api.bodies("PUT /api/laborHistory/101/time-logs/1")).toEqual([
        {
          kind: "edit",
          storeId: 12,
          hoursTypeId: null,
          workDate: "2025-03-03",
          startTime: "09:00",
          endTime: "17:15",
          notes: null,
          reason: "Called the store: left at 5:15",
        },
      ]),
    );
  });

  it("says there is nothing to fix when every punch is complete", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText("Nothing to fix: every punch is complete.")).toBeTruthy();
  });
});
