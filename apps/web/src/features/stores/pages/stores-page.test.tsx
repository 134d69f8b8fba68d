import type { StoreDetail } from "@fieldlead/contracts";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { StoreDetailPage } from "./store-detail-page";
import { StoresPage } from "./stores-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const store: StoreDetail = {
  id: 12,
  organizationId: 7,
  name: "Costco Wayne",
  brandId: null,
  brandName: null,
  storeNumber: "1101",
  address: "149 Route 23",
  city: "Wayne",
  state: "NJ",
  zip: "07470",
  timeZone: "America/New_York",
  organizationTerritoryId: null,
  territoryName: null,
  isActive: true,
  latitude: null,
  longitude: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function serve(items: StoreDetail[] = [store]) {
  return mockApi(fetchMock, {
    "POST /api/store/search": () => ({ items, total: items.length, page: 1, pageSize: 25 }),
    "GET /api/store/12": () => store,
    "GET /api/app/lookup-list": () => lookupListOf({}),
  });
}

const renderStores = (path = "/stores") =>
  renderRoutes(
    [
      { path: "/stores", Component: StoresPage },
      { path: "/stores/:storeId", Component: StoreDetailPage },
    ],
    path,
  );

describe("StoresPage", { timeout: 30_000 }, () => {
  it("lets a manager add and change stores", async () => {
    session.set({ ...demoUser, roleId: 3 });
    serve();
    renderStores();
    await screen.findByRole("link", { name: "Costco Wayne" });
    expect(screen.getByRole("button", { name: "New store" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Costco Wayne" })).toBeTruthy();
  });

  // Decision 0026: field marketing managers, schedulers and analysts read the stores.
  it.each([
    { roleId: 6, reader: "a field marketing manager" },
    { roleId: 7, reader: "a scheduler" },
    { roleId: 8, reader: "an analyst" },
  ])("shows the stores to $reader without new or edit buttons", async ({ roleId }) => {
    session.set({ ...demoUser, roleId });
    serve();
    renderStores();
    await screen.findByRole("link", { name: "Costco Wayne" });
    expect(screen.queryByRole("button", { name: "New store" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
  });

  it("tells a reader with no stores that a manager adds them, and offers no button", async () => {
    session.set({ ...demoUser, roleId: 8 });
    serve([]);
    renderStores();
    await screen.findByText("No stores yet");
    expect(screen.getByText(/A manager adds the stores/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New store" })).toBeNull();
  });

  it("shows a store's page without its edit button to a reader, with it to a manager", async () => {
    session.set({ ...demoUser, roleId: 7 });
    serve();
    const { unmount } = renderStores("/stores/12");
    await screen.findByRole("heading", { name: "Costco Wayne" });
    expect(screen.queryByRole("button", { name: "Edit store" })).toBeNull();
    unmount();

    session.set({ ...demoUser, roleId: 2 });
    renderStores("/stores/12");
    await screen.findByRole("heading", { name: "Costco Wayne" });
    expect(screen.getByRole("button", { name: "Edit store" })).toBeTruthy();
  });
});
