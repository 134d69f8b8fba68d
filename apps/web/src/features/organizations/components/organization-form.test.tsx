import type { OrganizationDetail } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { OrganizationForm, organizationRequestOf, organizationValuesOf } from "./organization-form";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 1 });
});
afterEach(() => vi.unstubAllGlobals());

const lookups = lookupListOf({
  timeZones: [
    {
      id: "America/New_York",
      name: "America/New York",
      offsetMinutes: -300,
      label: "(UTC-05:00) America/New York",
    },
  ],
});

const org: OrganizationDetail = {
  id: 2,
  uid: "abc",
  name: "Summit Home East",
  organizationParentId: 1,
  parentName: "Summit Home Group",
  timeZone: "America/New_York",
  intFirstDayOfWeek: 1,
  crmIntegrationId: 1,
  showApproaches: true,
  maxShiftHours: 12,
  weeklyHoursLimit: 40,
  punchDistanceMeters: 500,
  isSmartCircleLG: false,
  smartCircleCompany: null,
  isDeleted: false,
  territories: [
    { id: 1, name: "North Jersey", isActive: true },
    { id: 2, name: "Long Island", isActive: true },
    { id: 3, name: "Philadelphia", isActive: true },
  ],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function renderForm(onSaved = vi.fn(), superAdmin = true) {
  renderRoutes(
    [
      {
        path: "/",
        element: (
          <OrganizationForm
            organization={org}
            superAdmin={superAdmin}
            parentOptions={[{ value: "1", label: "Summit Home Group" }]}
            isOwnerGroup={false}
            onSaved={onSaved}
            onCancel={() => {}}
          />
        ),
      },
    ],
    "/",
  );
  return onSaved;
}

/** The rows of the territories list, in the order shown (active ones by name). */
const rows = () => within(screen.getByRole("list", { name: "Territories" })).getAllByRole("listitem");

describe("OrganizationForm", { timeout: 30_000 }, () => {
  it("saves renamed, deactivated and new territories with the settings, and only those", async () => {
    const api = mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => lookups,
      "PUT /api/organizations/upsert/smart-circle": ({ body }) => ({
        ...org,
        ...(body as object),
        territories: [],
      }),
    });
    const onSaved = renderForm();
    const user = userEvent.setup();
    await screen.findByRole("list", { name: "Territories" });

    // Shown by name: Long Island, North Jersey, Philadelphia.
    const longIsland = within(rows()[0]).getByRole("textbox");
    await user.clear(longIsland);
    await user.type(longIsland, "Long Island East");
    await user.click(within(rows()[2]).getByRole("switch"));
    await user.click(screen.getByRole("button", { name: "Add territory" }));
    // The new row takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(rows()[3]).getByRole("textbox")));
    await user.keyboard("Hudson Valley");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [body] = api.bodies("PUT /api/organizations/upsert/smart-circle");
    expect(body).toMatchObject({
      id: 2,
      name: "Summit Home East",
      timeZone: "America/New_York",
      intFirstDayOfWeek: 1,
      organizationParentId: 1,
      isDeleted: false,
    });
    expect(body.territories).toEqual([
      { id: 2, name: "Long Island East", isActive: true },
      { id: 3, name: "Philadelphia", isActive: false },
      { name: "Hudson Valley", isActive: true },
    ]);
  });

  it("puts a territory error of the server beside the row it came from", async () => {
    mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => lookups,
      "PUT /api/organizations/upsert/smart-circle": () =>
        problem(409, 'Another territory is already named "Bay Area".', {
          "body.territories.0.name": ['Another territory is already named "Bay Area".'],
        }),
    });
    renderForm();
    const user = userEvent.setup();
    await screen.findByRole("list", { name: "Territories" });
    // Only the changed third row is sent, as territories.0: the error belongs to that row.
    const philadelphia = within(rows()[2]).getByRole("textbox");
    await user.clear(philadelphia);
    await user.type(philadelphia, "Bay Area");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(philadelphia.getAttribute("aria-invalid")).toBe("true"));
    expect(within(rows()[2]).getByText('Another territory is already named "Bay Area".')).toBeTruthy();
    expect(within(rows()[0]).getByRole("textbox").getAttribute("aria-invalid")).not.toBe("true");
  });

  it("shows the labor settings with what they do, and saves changed ones with the rest", async () => {
    const api = mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => lookups,
      "PUT /api/organizations/upsert/smart-circle": ({ body }) => ({ ...org, ...(body as object) }),
    });
    const onSaved = renderForm(vi.fn(), false);
    const user = userEvent.setup();
    const longest = await screen.findByRole("textbox", { name: "Longest shift (hours)" });
    const weekly = screen.getByRole("textbox", { name: "Weekly hours limit" });
    const distance = screen.getByRole("textbox", { name: "Punch distance (meters)" });
    expect(within(screen.getByRole("group", { name: "Labor" })).getAllByRole("textbox")).toHaveLength(3);
    expect((longest as HTMLInputElement).value).toBe("12");
    expect((weekly as HTMLInputElement).value).toBe("40");
    expect((distance as HTMLInputElement).value).toBe("500");
    expect(screen.getByText(/flagged as a missing punch this many hours after the punch in/)).toBeTruthy();
    expect(screen.getByText(/week of schedules over this many hours is marked/)).toBeTruthy();
    expect(screen.getByText(/farther than this from its store is warned about/)).toBeTruthy();

    await user.clear(longest);
    await user.type(longest, "10");
    await user.clear(weekly);
    await user.type(weekly, "38");
    await user.clear(distance);
    await user.type(distance, "1500");
    expect((distance as HTMLInputElement).value).toBe("1,500");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [body] = api.bodies("PUT /api/organizations/upsert/smart-circle");
    expect(body).toMatchObject({ id: 2, maxShiftHours: 10, weeklyHoursLimit: 38, punchDistanceMeters: 1500 });
  });

  it("refuses an empty or out-of-range labor setting beside its field, and shows the server's", async () => {
    const api = mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => lookups,
      "PUT /api/organizations/upsert/smart-circle": () =>
        problem(400, "Enter a whole number of meters from 50 to 50,000", {
          "body.punchDistanceMeters": ["Enter a whole number of meters from 50 to 50,000"],
        }),
    });
    renderForm(vi.fn(), false);
    const user = userEvent.setup();
    const longest = await screen.findByRole("textbox", { name: "Longest shift (hours)" });
    const weekly = screen.getByRole("textbox", { name: "Weekly hours limit" });
    await user.clear(longest);
    await user.type(longest, "30");
    await user.clear(weekly);
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Enter a whole number of hours from 4 to 24")).toBeTruthy();
    expect(screen.getByText("Enter a whole number of hours from 1 to 80")).toBeTruthy();
    expect(longest.getAttribute("aria-invalid")).toBe("true");
    expect(weekly.getAttribute("aria-invalid")).toBe("true");
    expect(api.bodies("PUT /api/organizations/upsert/smart-circle")).toHaveLength(0);

    // Fixed here; the server's refusal of the distance lands beside that field.
    await user.clear(longest);
    await user.type(longest, "12");
    await user.type(weekly, "40");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const distance = screen.getByRole("textbox", { name: "Punch distance (meters)" });
    await waitFor(() => expect(distance.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Enter a whole number of meters from 50 to 50,000")).toBeTruthy();
    expect(longest.getAttribute("aria-invalid")).not.toBe("true");
  });

  it("sends neither the owner group nor the deleted flag for someone who is not a Super Admin", () => {
    const values = organizationValuesOf(org);
    const { request } = organizationRequestOf({ ...values, intFirstDayOfWeek: "default" }, org, false);
    expect(request).not.toHaveProperty("organizationParentId");
    expect(request).not.toHaveProperty("isDeleted");
    expect(request).not.toHaveProperty("territories");
    expect(request.intFirstDayOfWeek).toBeNull();
  });
});
