import type { SettingsOrganization } from "@fieldlead/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { OrganizationsPage } from "./organizations-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const org = (id: number, name: string, parent: number | null, extra: Partial<SettingsOrganization> = {}) => ({
  id,
  uid: `u${id}`,
  name,
  organizationParentId: parent,
  parentName: parent ? "Summit Home Group" : null,
  timeZone: "America/New_York",
  intFirstDayOfWeek: null,
  crmIntegrationId: null,
  showApproaches: false,
  maxShiftHours: 12,
  weeklyHoursLimit: 40,
  punchDistanceMeters: 500,
  isSmartCircleLG: false,
  smartCircleCompany: null,
  isDeleted: false,
  territories: [{ id: id * 10, name: "North", isActive: true }],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  children: [],
  ...extra,
});

const tree = [
  {
    ...org(1, "Summit Home Group", null),
    children: [org(2, "Summit Home East", 1), org(3, "Summit Home West", 1)],
  },
  org(4, "BrightPath Solar", null, { isSmartCircleLG: true }),
];

const renderPage = () => renderRoutes([{ path: "/", Component: OrganizationsPage }], "/");

describe("OrganizationsPage", { timeout: 30_000 }, () => {
  it("shows owner groups with their organizations, and opens one to edit", async () => {
    session.set({ ...demoUser, roleId: 1 });
    mockApi(fetchMock, {
      "POST /api/settings/organizations": () => tree,
      "GET /api/app/lookup-list": () => lookupListOf({}),
    });
    const user = userEvent.setup();
    renderPage();

    const group = await screen.findByRole("list", { name: "Organizations of Summit Home Group" });
    expect(within(group).getByText("Summit Home East")).toBeTruthy();
    expect(screen.getByText("Owner group · 2")).toBeTruthy();
    expect(screen.getByText("Smart Circle")).toBeTruthy();
    expect(screen.getAllByText(/weeks start Monday \(default\)/)).toHaveLength(4);
    expect(screen.getByRole("button", { name: "New organization" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Edit Summit Home West" }));
    expect(await screen.findByRole("form", { name: "Edit Summit Home West" })).toBeTruthy();
  });

  it("offers no creation to an Admin, and says why the list could not load", async () => {
    session.set(demoUser);
    mockApi(fetchMock, {
      "POST /api/settings/organizations": () => problem(500, "Something went wrong on our side."),
    });
    renderPage();
    expect(await screen.findByText("Something went wrong on our side.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New organization" })).toBeNull();
  });
});
