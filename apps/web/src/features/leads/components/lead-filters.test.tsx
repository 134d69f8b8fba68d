import type { LeadGeneratorOption, StoreOption } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi, optionSearch } from "../../../test/mock-api";
import { renderWithQueries } from "../../../test/render";
import { LeadFilters } from "./lead-filters";
import { EMPTY_FILTERS, type LeadFilterValues } from "./search-state";

const STORES = "POST /api/app/lookup-list/stores/search";
const GENERATORS = "POST /api/app/lookup-list/lead-generators/search";

const store = (id: number, name: string, territory: number, isActive = true): StoreOption => ({
  id,
  name,
  address: null,
  city: null,
  organizationTerritoryId: territory,
  organizationId: 7,
  isActive,
  brandId: null,
});
const stores = [
  store(1, "Costco Wayne", 1),
  store(2, "Costco Paramus", 1),
  store(3, "BJ's Hicksville", 2),
  store(4, "Costco Closed", 1, false),
];
const generators: LeadGeneratorOption[] = [
  { id: 8, name: "Liam Lee", isActive: true, organizationsTerritoryIds: [1] },
  { id: 9, name: "Nia North", isActive: true, organizationsTerritoryIds: [2] },
];

const fetchMock = vi.fn<typeof fetch>();
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 3 });
  api = mockApi(fetchMock, {
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        organizationTerritories: [
          { id: 1, name: "North Jersey", organizationId: 7, isActive: true },
          { id: 2, name: "Long Island", organizationId: 7, isActive: true },
        ],
      }),
    "POST /api/leads/lookup-list/lead-type": () => ({ serviceTypes: [], sources: [], languageTypes: [] }),
    [STORES]: optionSearch(() => stores),
    [GENERATORS]: optionSearch(() => generators),
  });
});
afterEach(() => vi.unstubAllGlobals());

const optionTexts = (input: HTMLElement) => {
  const list = document.getElementById(input.getAttribute("aria-controls") ?? "");
  return list
    ? within(list)
        .queryAllByRole("option", { hidden: true })
        .map((o) => o.textContent)
    : [];
};

describe("LeadFilters", () => {
  it("names a saved filter's store by id, and narrows the stores and lead generators to the chosen territories on the server", async () => {
    const onChange = vi.fn();
    const filters: LeadFilterValues = { ...EMPTY_FILTERS, territoryIds: [1], storeIds: [4] };
    const user = userEvent.setup();
    renderWithQueries(
      <LeadFilters
        tab="internal"
        filters={filters}
        onChange={onChange}
        onClear={() => {}}
        canSeeDeleted={false}
        hideLeadGenerator={false}
      />,
    );
    // The saved store (inactive since) is named by one call with its id, before the list is opened.
    expect(await screen.findByText("Costco Closed")).toBeTruthy();
    expect(api.bodies(STORES)).toEqual([{ ids: [4], includeInactive: true, page: 1, pageSize: 1 }]);
    expect(api.bodies(GENERATORS)).toEqual([]);
    // The lookup list is asked compact: without the stores and lead generators.
    expect(api.calls.find((c) => c.path === "/api/app/lookup-list")?.query.get("compact")).toBe("true");

    const storeInput = screen.getByRole("combobox", { name: "Store" });
    await user.click(storeInput);
    await waitFor(() => expect(optionTexts(storeInput)).toEqual(["Costco Wayne", "Costco Paramus"]));
    expect(api.bodies(STORES).at(-1)).toEqual({ territoryIds: [1], page: 1, pageSize: 25 });
    await user.click(screen.getByText("Costco Paramus"));
    expect(onChange).toHaveBeenLastCalledWith({ storeIds: [4, 2] });

    const generatorInput = screen.getByRole("combobox", { name: "Lead generator" });
    await user.click(generatorInput);
    await waitFor(() => expect(optionTexts(generatorInput)).toEqual(["Liam Lee"]));
    expect(api.bodies(GENERATORS)).toEqual([{ territoryIds: [1], page: 1, pageSize: 25 }]);
  });
});
