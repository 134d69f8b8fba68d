import type { AppointmentType } from "@fieldlead/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { AppointmentTypesPage } from "./appointment-types-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

export const installType: AppointmentType = {
  id: 31,
  name: "Window install",
  territoryId: 4,
  territoryName: "North Jersey",
  durationMinutes: 90,
  arrivalWindowMinutes: 120,
  minimumNoticeMinutes: 1440,
  bookingHorizonDays: 60,
  crmJobTypeId: 701,
  crmJobTypeName: "Install",
  crmCampaignId: null,
  crmCampaignName: null,
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const ST = { businessUnits: [], jobTypes: [{ id: 9, externalId: 701, name: "Install" }], campaigns: [] };

function serve(items: AppointmentType[] = [installType], search?: () => Response) {
  return mockApi(fetchMock, {
    "POST /api/appointments/type": () =>
      search ? search() : { items, total: items.length, page: 1, pageSize: 25 },
    "GET /api/appointments/type/service-titan-lookUp-List": () => ST,
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        allOrganizationTerritories: [{ id: 4, name: "North Jersey", organizationId: 7, isActive: true }],
      }),
  });
}

const renderList = () =>
  renderRoutes([{ path: "/appointments/types", Component: AppointmentTypesPage }], "/appointments/types");

describe("AppointmentTypesPage", { timeout: 30_000 }, () => {
  it("lists the types a page at a time with their lengths of time, and offers a new type to an Admin", async () => {
    session.set({ ...demoUser, roleId: 2 });
    const api = serve();
    renderList();
    const link = await screen.findByRole("link", { name: "Window install" });
    expect(link.getAttribute("href")).toBe("/appointments/types/31");
    const table = screen.getByRole("table");
    expect(within(table).getAllByText("1 h 30 min").length).toBeGreaterThan(0);
    expect(within(table).getAllByText("1 day").length).toBeGreaterThan(0);
    expect(within(table).getAllByText("60 days").length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "New type" }).getAttribute("href")).toBe(
      "/appointments/types/new",
    );
    // The first request: active types, by name, the first page.
    expect(api.bodies("POST /api/appointments/type")[0]).toMatchObject({
      isActive: true,
      sortBy: "name",
      sortDirection: "asc",
      page: 1,
    });
  });

  it("searches on the server", async () => {
    session.set({ ...demoUser, roleId: 2 });
    const api = serve();
    renderList();
    await screen.findByRole("link", { name: "Window install" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), { target: { value: "roof" } });
    await waitFor(() =>
      expect(api.bodies("POST /api/appointments/type").some((b) => b.search === "roof")).toBe(true),
    );
  });

  it.each([
    { roleId: 7, who: "a scheduler" },
    { roleId: 8, who: "an analyst" },
    { roleId: 14, who: "a lead generator" },
  ])("shows the types to $who without a new button", async ({ roleId }) => {
    session.set({ ...demoUser, roleId });
    const api = serve();
    renderList();
    await screen.findByRole("link", { name: "Window install" });
    expect(screen.queryByRole("link", { name: "New type" })).toBeNull();
    // The CRM's lists are the editor's: not asked for by readers.
    expect(api.calls.some((c) => c.path.endsWith("service-titan-lookUp-List"))).toBe(false);
  });

  it("says when there are no types yet, and who adds them", async () => {
    session.set({ ...demoUser, roleId: 7 });
    serve([]);
    renderList();
    await screen.findByText("No appointment types yet");
    expect(screen.getByText(/An Admin or Manager sets up/)).toBeTruthy();
  });

  it("shows the server's message when the list cannot be read", async () => {
    session.set({ ...demoUser, roleId: 2 });
    serve([], () => problem(500, "The database is resting."));
    renderList();
    expect(await screen.findByText("The database is resting.")).toBeTruthy();
  });
});
