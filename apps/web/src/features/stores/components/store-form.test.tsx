import type { StoreDetail } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { StoreForm } from "./store-form";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set(demoUser);
});
afterEach(() => vi.unstubAllGlobals());

const lookups = lookupListOf({
  allOrganizationTerritories: [{ id: 1, name: "North Jersey", organizationId: 7, isActive: true }],
  storesBrands: [{ id: 1, name: "Costco" }],
  timeZones: [
    {
      id: "America/New_York",
      name: "America/New York",
      offsetMinutes: -300,
      label: "(UTC-05:00) America/New York",
    },
    {
      id: "America/Chicago",
      name: "America/Chicago",
      offsetMinutes: -360,
      label: "(UTC-06:00) America/Chicago",
    },
  ],
});

const store: StoreDetail = {
  id: 9,
  organizationId: 7,
  name: "Costco Wayne",
  brandId: 1,
  brandName: "Costco",
  storeNumber: "1101",
  address: "1 Old Rd",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  timeZone: "America/Chicago",
  organizationTerritoryId: 1,
  territoryName: "North Jersey",
  isActive: true,
  latitude: null,
  longitude: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

/** The input of a select or autocomplete (its options list carries the same label). */
const inputLabelled = (label: RegExp | string) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === "INPUT") as HTMLInputElement;
const addressInput = async () => {
  await screen.findAllByLabelText(/Street address/);
  return inputLabelled(/Street address/);
};

function renderForm(onSaved = vi.fn()) {
  renderRoutes(
    [
      {
        path: "/",
        element: <StoreForm store={store} readOnly={false} onSaved={onSaved} onCancel={() => {}} />,
      },
    ],
    "/",
  );
  return onSaved;
}

describe("StoreForm", { timeout: 30_000 }, () => {
  it("fills city, state, ZIP code and time zone from a chosen address suggestion, then saves them", async () => {
    const api = mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => lookups,
      "GET /api/app/address-suggestions": ({ query }) =>
        query.get("query") === "149 Route"
          ? [
              { id: "store:1", label: "149 Route 23, Wayne, NJ 07470", source: "organization" },
              { id: "zip:07470", label: "Wayne, NJ 07470", source: "zip" },
            ]
          : [],
      "GET /api/app/address-details/store:1": () => ({
        id: "store:1",
        address: "149 Route 23",
        city: "Wayne",
        state: "NJ",
        zip: "07470",
        country: "US",
        latitude: 40.93,
        longitude: -74.27,
        timeZone: "America/New_York",
      }),
      "POST /api/store/upsert": ({ body }) => ({ ...store, ...(body as object) }),
    });
    const onSaved = renderForm();
    const user = userEvent.setup();

    const address = await addressInput();
    await user.clear(address);
    await user.type(address, "149 Route");
    // Asked once the typing pauses, not per key.
    const option = await screen.findByRole(
      "option",
      { name: /149 Route 23, Wayne, NJ 07470/, hidden: true },
      { timeout: 3000 },
    );
    expect(
      api.calls.filter((c) => c.path === "/api/app/address-suggestions").map((c) => c.query.get("query")),
    ).toEqual(["149 Route"]);
    await user.click(option);

    await waitFor(() =>
      expect((screen.getByRole("textbox", { name: "City" }) as HTMLInputElement).value).toBe("Wayne"),
    );
    expect((address as HTMLInputElement).value).toBe("149 Route 23");
    expect((screen.getByRole("textbox", { name: "ZIP code" }) as HTMLInputElement).value).toBe("07470");
    await waitFor(() => expect(inputLabelled("State").value).toBe("NJ · New Jersey"));
    expect(inputLabelled(/^Time zone/).value).toBe("(UTC-05:00) America/New York");
    expect(screen.getByRole("status").textContent).toContain("Filled from");

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.bodies("POST /api/store/upsert")[0]).toMatchObject({
      id: 9,
      address: "149 Route 23",
      city: "Wayne",
      state: "NJ",
      zip: "07470",
      timeZone: "America/New_York",
      latitude: 40.93,
      longitude: -74.27,
    });
  });

  it("keeps the street when a city is chosen by its name", async () => {
    const api = mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => lookups,
      "GET /api/app/address-suggestions": () => [
        { id: "zip:07470", label: "Wayne, NJ 07470", source: "zip" },
      ],
      "GET /api/app/address-details/zip:07470": () => ({
        id: "zip:07470",
        address: null,
        city: "Wayne",
        state: "NJ",
        zip: "07470",
        country: "US",
        latitude: 40.92,
        longitude: -74.27,
        timeZone: "America/New_York",
      }),
    });
    renderForm();
    const user = userEvent.setup();
    const address = await addressInput();
    await user.clear(address);
    await user.type(address, "Wayn");
    await user.click(
      await screen.findByRole("option", { name: /Wayne, NJ 07470/, hidden: true }, { timeout: 3000 }),
    );

    await waitFor(() =>
      expect((screen.getByRole("textbox", { name: "City" }) as HTMLInputElement).value).toBe("Wayne"),
    );
    expect(address.value).toBe("1 Old Rd");
    expect((screen.getByRole("textbox", { name: "ZIP code" }) as HTMLInputElement).value).toBe("07470");
    expect(api.calls.filter((c) => c.path === "/api/app/address-details/zip:07470")).toHaveLength(1);
  });

  it("shows the server's field errors beside the fields", async () => {
    mockApi(fetchMock, {
      "GET /api/app/lookup-list": () => lookups,
      "POST /api/store/upsert": () =>
        problem(400, "body.zip: Enter a 5-digit ZIP code", { "body.zip": ["Enter a 5-digit ZIP code"] }),
    });
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Save" }));
    const zip = screen.getByRole("textbox", { name: "ZIP code" });
    await waitFor(() => expect(zip.getAttribute("aria-invalid")).toBe("true"));
    const form = screen.getByRole("form", { name: "Edit Costco Wayne" });
    expect(within(form).getByText("Enter a 5-digit ZIP code")).toBeTruthy();
  });
});
