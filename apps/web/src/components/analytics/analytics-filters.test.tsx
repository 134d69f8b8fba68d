import type { StoreOption } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../lib/session";
import { demoUser } from "../../test/fixtures";
import { lookupListOf, mockApi, optionSearch } from "../../test/mock-api";
import { renderRoutes } from "../../test/render";
import {
  ANALYTICS_FILTER_PARAMS,
  AnalyticsFilterBar,
  type AnalyticsFilterField,
  type AnalyticsFilterParams,
  toAnalyticsFilter,
  useAnalyticsFilter,
} from "./analytics-filters";

const params = (over: Partial<AnalyticsFilterParams> = {}): AnalyticsFilterParams => ({
  ...(Object.fromEntries(
    Object.entries(ANALYTICS_FILTER_PARAMS).map(([k, c]) => [k, c.fallback]),
  ) as AnalyticsFilterParams),
  ...over,
});

describe("toAnalyticsFilter", () => {
  it("sends This Month by name when nothing is chosen", () => {
    expect(toAnalyticsFilter(params())).toEqual({ dateRange: 5 });
  });

  it("sends custom dates only when both are set", () => {
    expect(
      toAnalyticsFilter(params({ startDate: "2026-01-01", endDate: "2026-01-31", dateRange: 6 })),
    ).toEqual({
      startDate: "2026-01-01",
      endDate: "2026-01-31",
    });
    expect(toAnalyticsFilter(params({ startDate: "2026-01-01", dateRange: 6 }))).toEqual({ dateRange: 6 });
  });

  it("sends the lists in use of the screen's fields only", () => {
    const p = params({ territoryIds: [1], storeIds: [4], appointmentTypeIds: [] });
    expect(toAnalyticsFilter(p)).toEqual({ dateRange: 5, territoryIds: [1], storeIds: [4] });
    expect(toAnalyticsFilter(p, ["period", "territories"])).toEqual({ dateRange: 5, territoryIds: [1] });
  });
});

const store = (id: number, name: string, isActive = true): StoreOption => ({
  id,
  name,
  address: null,
  city: null,
  organizationTerritoryId: 1,
  organizationId: 7,
  isActive,
  brandId: null,
});
const STORES = "POST /api/app/lookup-list/stores/search";

const fetchMock = vi.fn<typeof fetch>();
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser });
  api = mockApi(fetchMock, {
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        organizationTerritories: [
          { id: 1, name: "North Jersey", organizationId: 7, isActive: true },
          { id: 2, name: "Long Island", organizationId: 7, isActive: true },
        ],
        scheduleAppointmentTypes: [
          {
            id: 5,
            name: "Roofing",
            territory: "North Jersey",
            organizationId: 7,
            organizationTerritoryId: 1,
          },
          { id: 6, name: "Windows", territory: "Long Island", organizationId: 7, organizationTerritoryId: 2 },
        ],
      }),
    [STORES]: optionSearch(() => [store(1, "Costco Wayne"), store(4, "Costco Closed", false)]),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => []),
  });
});
afterEach(() => vi.unstubAllGlobals());

function Screen({ fields }: { fields?: readonly AnalyticsFilterField[] }) {
  const { filter } = useAnalyticsFilter(fields);
  return (
    <>
      <AnalyticsFilterBar fields={fields} />
      <output aria-label="Filter">{JSON.stringify(filter)}</output>
    </>
  );
}
const sent = () => JSON.parse(screen.getByRole("status", { name: "Filter" }).textContent ?? "{}");
const renderBar = (path = "/", fields?: readonly AnalyticsFilterField[]) =>
  renderRoutes([{ path: "/", element: <Screen fields={fields} /> }], path);

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

describe("AnalyticsFilterBar", { timeout: 30_000 }, () => {
  it("reads the filter from the address and writes each change there, back to the first page", async () => {
    const user = userEvent.setup();
    const { router } = renderBar("/?page=3&range=6");
    expect(sent()).toEqual({ dateRange: 6 });
    expect((screen.getByRole("combobox", { name: "Period" }) as HTMLInputElement).value).toBe("Last Month");

    await choose(user, screen.getByRole("combobox", { name: "Territory" }), "North Jersey");
    await waitFor(() => expect(sent()).toEqual({ dateRange: 6, territoryIds: [1] }));
    expect(router.state.location.search).toBe("?range=6&territory=1");

    // The appointment types offered are those of the chosen territories.
    await user.click(screen.getByRole("combobox", { name: "Appointment type" }));
    await waitFor(() =>
      expect(screen.getByRole("option", { name: "Roofing (North Jersey)", hidden: true })).toBeTruthy(),
    );
    expect(screen.queryByRole("option", { name: "Windows (Long Island)", hidden: true })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(sent()).toEqual({ dateRange: 5 }));
    expect(router.state.location.search).toBe("");
  });

  it("switches to custom dates, starting from this month so far", async () => {
    const user = userEvent.setup();
    const { router } = renderBar();
    await choose(user, screen.getByRole("combobox", { name: "Period" }), "Custom dates");
    await waitFor(() => expect(sent()).toHaveProperty("startDate"));
    const { startDate, endDate } = sent();
    expect(startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(endDate.slice(0, 7)).toBe(startDate.slice(0, 7));
    expect(router.state.location.search).toContain(`from=${startDate}`);
    expect(await screen.findByText("From – to")).toBeTruthy();

    await choose(user, screen.getByRole("combobox", { name: "Period" }), "Year Before Last");
    await waitFor(() => expect(sent()).toEqual({ dateRange: 10 }));
    expect(router.state.location.search).toBe("?range=10");
  });

  it("searches stores on the server, inactive ones included and marked", async () => {
    const user = userEvent.setup();
    renderBar();
    await choose(user, screen.getByRole("combobox", { name: "Store" }), "Costco Closed (inactive)");
    await waitFor(() => expect(sent()).toEqual({ dateRange: 5, storeIds: [4] }));
    expect(api.bodies(STORES)[0]).toMatchObject({ includeInactive: true });
  });

  it("shows only the screen's fields, and sends only theirs whatever the address holds", () => {
    renderBar("/?territory=1&range=2", ["period"]);
    expect(screen.getByRole("combobox", { name: "Period" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Territory" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Store" })).toBeNull();
    expect(sent()).toEqual({ dateRange: 2 });
  });

  it("draws the screen's own fields first, counts them as filters in use, and clears them with the rest", async () => {
    const user = userEvent.setup();
    function WithLeading() {
      const { filter, params, set } = useAnalyticsFilter(["period"]);
      return (
        <>
          <AnalyticsFilterBar
            fields={["period"]}
            leadingDefaults={{ territoryIds: [] }}
            leading={
              <button type="button" onClick={() => set({ territoryIds: [2] })}>
                Territory {params.territoryIds.join(",") || "all"}
              </button>
            }
          />
          <output aria-label="Filter">{JSON.stringify(filter)}</output>
        </>
      );
    }
    const { router } = renderRoutes([{ path: "/", element: <WithLeading /> }], "/");
    const bar = screen.getByRole("region", { name: "Filters" });
    const first = within(bar).getByRole("button", { name: "Territory all" });
    expect(
      first.compareDocumentPosition(within(bar).getByRole("combobox", { name: "Period" })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // Nothing chosen, nothing to clear.
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();

    await user.click(first);
    await waitFor(() => expect(router.state.location.search).toBe("?territory=2"));
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));

    await user.click(screen.getByRole("button", { name: "Territory all" }));
    await choose(user, screen.getByRole("combobox", { name: "Period" }), "Last Month");
    await waitFor(() => expect(router.state.location.search).toBe("?territory=2&range=6"));
    // One change puts back the period and the leading field together.
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(sent()).toEqual({ dateRange: 5 });
  });
});
