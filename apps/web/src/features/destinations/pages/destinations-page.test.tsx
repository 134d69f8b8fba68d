import type { DestinationUpsertRequest, DestinationView } from "@fieldlead/contracts";
import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { type MockRequest, mockApi, optionSearch, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { DestinationsPage } from "./destinations-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 2 });
});
afterEach(() => vi.unstubAllGlobals());

const LIST = "GET /api/destinations";
const PUT_RETAILER = "PUT /api/destinations/retailer";
const STORED_SECRET = "the-stored-retailer-secret-0042";

const quiet = { sentLastHour: 0, pending: 0, failing: 0, dead: 0, oldestPendingAt: null };

const views = (): DestinationView[] => [
  {
    destination: "crm",
    name: "Field-service CRM",
    vendor: "servicetitan",
    isEnabled: true,
    isConfigured: true,
    settings: {
      apiUrl: "https://api.servicetitan.io",
      authUrl: "https://auth.servicetitan.io",
      tenantId: 1234,
      clientId: "cid.summit",
      appKey: "ak1.summit",
      mode: "booking",
      bookingProviderId: 55,
      campaignId: null,
      businessUnitId: null,
      jobTypeId: null,
      priority: "Normal",
    },
    credentialsSet: true,
    health: {
      sentLastHour: 12,
      pending: 2,
      failing: 1,
      dead: 0,
      oldestPendingAt: new Date(Date.now() - 3 * 60_000 - 10_000).toISOString(),
    },
    updatedAt: "2026-11-24T10:00:00.000Z",
  },
  {
    destination: "retailer",
    name: "Retailer",
    vendor: "retailer",
    isEnabled: true,
    isConfigured: true,
    settings: {
      endpoint: "https://leads.retailer.example/api",
      vendorNumber: "V-100",
      storeNumbers: { "12": "W-4410" },
      imeSubCategories: [{ id: 3, name: "Windows" }],
    },
    credentialsSet: true,
    health: quiet,
    updatedAt: "2026-11-24T10:00:00.000Z",
  },
  {
    destination: "retailerProgram",
    name: "Retailer program",
    vendor: "retailerProgram",
    isEnabled: false,
    isConfigured: false,
    settings: null,
    credentialsSet: false,
    health: quiet,
    updatedAt: null,
  },
  {
    destination: "secondPartner",
    name: "Second partner program",
    vendor: "secondPartner",
    isEnabled: false,
    isConfigured: true,
    settings: {
      endpoint: "https://partner.example/in",
      serviceIds: [{ id: 1, name: "Roofing", code: "RF" }],
      adCodes: [],
      defaultServiceId: 1,
      defaultAdCodeId: null,
    },
    credentialsSet: true,
    health: quiet,
    updatedAt: "2026-11-24T10:00:00.000Z",
  },
];

const stores = [
  {
    id: 12,
    name: "Costco Wayne",
    address: null,
    city: "Wayne",
    organizationTerritoryId: 1,
    organizationId: 7,
  },
  {
    id: 13,
    name: "Costco Paramus",
    address: null,
    city: null,
    organizationTerritoryId: 1,
    organizationId: 7,
  },
];

/** The saved view a PUT answers: the settings as sent, the credentials set from then on. */
const savedFrom =
  (destination: string) =>
  ({ body }: MockRequest): DestinationView => {
    const b = body as DestinationUpsertRequest;
    const view = views().find((v) => v.destination === destination) as DestinationView;
    return {
      ...view,
      isEnabled: b.isEnabled,
      isConfigured: true,
      settings: b.settings,
      credentialsSet: true,
    };
  };

function serve(extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fetchMock, {
    [LIST]: () => ({ items: views() }),
    "POST /api/app/lookup-list/stores/search": optionSearch(() => stores),
    "GET /api/app/lookup-list": () => ({}),
    ...extra,
  });
}

const open = () =>
  renderRoutes([{ path: "/settings/destinations", Component: DestinationsPage }], "/settings/destinations");

const card = async (destination: string) => within(await screen.findByTestId(`destination-${destination}`));

describe("DestinationsPage", { timeout: 30_000 }, () => {
  it("shows each destination with its switch and health line, never a stored secret, and sends credentials only when typed", async () => {
    const api = serve({ [PUT_RETAILER]: savedFrom("retailer") });
    const shown = vi.spyOn(notifications, "show").mockReturnValue("id");
    const user = userEvent.setup();
    open();

    const crm = await card("crm");
    expect(crm.getByRole("switch", { name: "Send to Field-service CRM" })).toHaveProperty("checked", true);
    expect(crm.getByTestId("health-line").textContent).toBe(
      "12 sent in the last hour · 2 pending · 1 failing · 0 dead · oldest waiting 3 min",
    );
    expect((await card("retailerProgram")).getByText("Not set up")).toBeTruthy();

    const retailer = await card("retailer");
    const secret = retailer.getByLabelText(/^Shared secret/) as HTMLInputElement;
    expect(secret.value).toBe("");
    expect(secret.placeholder).toBe("Saved — type a new one to replace it");
    expect(document.body.innerHTML).not.toContain(STORED_SECRET);
    // The organization's stores, each with the retailer's warehouse number.
    expect(((await retailer.findByLabelText("Costco Wayne")) as HTMLInputElement).value).toBe("W-4410");

    // A change without a secret typed: the stored one is kept (none is sent).
    const vendor = retailer.getByLabelText(/^Vendor number/);
    await user.clear(vendor);
    await user.type(vendor, "V-200");
    await user.type(retailer.getByLabelText("Costco Paramus"), "W-77");
    await user.click(retailer.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.bodies(PUT_RETAILER)).toHaveLength(1));
    expect(api.bodies(PUT_RETAILER)[0]).toEqual({
      isEnabled: true,
      settings: {
        endpoint: "https://leads.retailer.example/api",
        vendorNumber: "V-200",
        storeNumbers: { "12": "W-4410", "13": "W-77" },
        imeSubCategories: [{ id: 3, name: "Windows" }],
      },
    });
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        expect.objectContaining({ message: "The Retailer settings were saved; it is on." }),
      ),
    );

    // A new secret typed is sent, then the field is empty again.
    await user.type(secret, "a-brand-new-shared-secret");
    await user.click(retailer.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.bodies(PUT_RETAILER)).toHaveLength(2));
    expect(api.bodies(PUT_RETAILER)[1].credentials).toEqual({ secret: "a-brand-new-shared-secret" });
    await waitFor(() => expect(secret.value).toBe(""));
  });

  it("checks the settings with the contract's schemas before sending, each message on its field", async () => {
    const api = serve({ "PUT /api/destinations/retailerProgram": savedFrom("retailerProgram") });
    const user = userEvent.setup();
    open();
    const program = await card("retailerProgram");
    await user.click(program.getByRole("switch", { name: "Send to Retailer program" }));
    await user.type(program.getByLabelText(/^Endpoint/), "leads.program.example");
    await user.click(program.getByRole("button", { name: "Add a group" }));
    await user.type(program.getByLabelText(/^Shared secret/), "too-short");
    await user.click(program.getByRole("button", { name: "Save" }));

    expect(
      await program.findByText(
        "The endpoint is the address of the partner's API, starting with https:// (no ? or #).",
      ),
    ).toBeTruthy();
    expect(program.getByLabelText(/^Endpoint/).getAttribute("aria-invalid")).toBe("true");
    const group = program.getByRole("group", { name: "Group 1" });
    expect(within(group).getByText("Enter the id")).toBeTruthy();
    expect(within(group).getByText("Enter the name")).toBeTruthy();
    expect(program.getByText("The shared secret has at least 16 characters.")).toBeTruthy();
    expect(api.bodies("PUT /api/destinations/retailerProgram")).toEqual([]);

    // Fixed, it is sent with the codes as numbers and the default chosen from the list.
    const endpoint = program.getByLabelText(/^Endpoint/);
    await user.clear(endpoint);
    await user.type(endpoint, "https://leads.program.example");
    await user.type(within(group).getByLabelText("Id"), "7");
    await user.type(within(group).getByLabelText("Name"), "Kitchens");
    await user.type(within(group).getByLabelText("Code"), "KIT");
    await user.type(program.getByLabelText(/^Shared secret/), "-and-now-long-enough");
    await user.click(program.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.bodies("PUT /api/destinations/retailerProgram")).toHaveLength(1));
    expect(api.bodies("PUT /api/destinations/retailerProgram")[0]).toEqual({
      isEnabled: true,
      settings: {
        endpoint: "https://leads.program.example",
        groups: [{ id: 7, name: "Kitchens", code: "KIT" }],
        jobTypes: [],
        defaultGroupId: null,
        defaultJobTypeId: null,
      },
      credentials: { secret: "too-short-and-now-long-enough" },
    });
  });

  it("shows the server's field errors from a 400 beside their fields", async () => {
    const api = serve({
      [PUT_RETAILER]: () =>
        problem(400, "Check the Retailer settings.", {
          "body.settings.endpoint": ["This address did not answer like the retailer's"],
          "body.credentials.secret": ["The retailer refused this secret"],
        }),
    });
    const user = userEvent.setup();
    open();
    const retailer = await card("retailer");
    await user.type(retailer.getByLabelText(/^Shared secret/), "a-brand-new-shared-secret");
    await user.click(retailer.getByRole("button", { name: "Save" }));
    expect(await retailer.findByText("This address did not answer like the retailer's")).toBeTruthy();
    expect(retailer.getByText("The retailer refused this secret")).toBeTruthy();
    expect(retailer.getByLabelText(/^Endpoint/).getAttribute("aria-invalid")).toBe("true");
    const secret = retailer.getByLabelText(/^Shared secret/);
    expect(secret.getAttribute("aria-invalid")).toBe("true");
    // The message is read with the field.
    const described = (secret.getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      "The retailer refused this secret",
    );
    expect(api.bodies(PUT_RETAILER)).toHaveLength(1);
  });

  it("tests the connection with the form's settings and the saved secret, and shows the answer", async () => {
    let ok = true;
    const api = serve({
      "POST /api/destinations/crm/test": () =>
        ok
          ? { ok: true, message: "Connected to tenant 1234 as Summit Home East." }
          : { ok: false, message: "ServiceTitan refused the client secret." },
    });
    const user = userEvent.setup();
    open();
    const crm = await card("crm");
    // How leads arrive, each way explained.
    expect(crm.getByText("A booking your CSRs accept in ServiceTitan")).toBeTruthy();
    expect(crm.getByText("Customer, location and job straight onto the dispatch board")).toBeTruthy();
    await user.click(crm.getByRole("radio", { name: /^Job/ }));

    await user.click(crm.getByRole("button", { name: "Test connection" }));
    const status = await crm.findByRole("status");
    expect(status.textContent).toContain("Connected");
    expect(status.textContent).toContain("Connected to tenant 1234 as Summit Home East.");
    const [sent] = api.bodies("POST /api/destinations/crm/test");
    expect(sent).not.toHaveProperty("credentials");
    expect(sent.settings).toMatchObject({
      tenantId: 1234,
      mode: "job",
      bookingProviderId: 55,
      campaignId: null,
    });

    ok = false;
    await user.click(crm.getByRole("button", { name: "Test connection" }));
    await waitFor(() => expect(crm.getByRole("status").textContent).toContain("Could not connect"));
    expect(crm.getByRole("status").textContent).toContain("ServiceTitan refused the client secret.");
  });
});
