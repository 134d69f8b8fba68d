import {
  DEFAULT_DISCLOSURE_TEMPLATES,
  fillDisclosures,
  type LeadSettings,
  type LeadTypeLookup,
  type LeadUpsertResponse,
  type StoreOption,
} from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { jsonResponse, renderRoutes } from "../../../test/render";
import { CapturePage } from "./capture-page";

const lookups: LeadTypeLookup = {
  serviceTypes: [
    {
      id: 2,
      name: "Water heaters",
      description: "Tank and tankless water heaters.",
      isActive: true,
      sortOrder: 0,
      questions: [
        {
          id: 4,
          text: "Tank or tankless?",
          dataTypeId: 6,
          dataTypeCode: "choice",
          fieldTypeId: 4,
          fieldTypeCode: "radio",
          isRequired: true,
          isActive: true,
          sortOrder: 0,
          responses: [
            { id: 6, text: "Tank", sortOrder: 0 },
            { id: 7, text: "Tankless", sortOrder: 1 },
          ],
        },
      ],
    },
  ],
  statuses: [],
  sources: [],
  rejectionReasons: [],
  consentDestinations: [{ id: "crm", name: "Field-service CRM" }],
  languageTypes: [{ id: 1, name: "English" }],
  duplicateWindowDays: 30,
};

const settingsOf = (templates = DEFAULT_DISCLOSURE_TEMPLATES): LeadSettings => ({
  duplicateWindowDays: 30,
  organizationName: "Summit Home East",
  disclosures: fillDisclosures(templates, "Summit Home East"),
  disclosureTemplates: { ...templates },
});
let leadSettings: LeadSettings = settingsOf();

const store: StoreOption = {
  id: 1,
  name: "Costco Wayne",
  address: "149 Route 23",
  city: "Wayne",
  organizationTerritoryId: 1,
  organizationId: 7,
  isActive: true,
  brandId: 1,
};
/** The stores the store search answers from (a page of them, or exactly the ids asked). */
let stores: StoreOption[] = [store];
const STORE_SEARCH = "/api/app/lookup-list/stores/search";

const earlier = {
  leadId: 164,
  capturedAt: "2026-11-20T00:04:56.000Z",
  capturedAtLocal: "2026-11-19 19:04",
  storeName: "Costco Wayne",
  leadGeneratorName: "Liam Lee",
  statusId: 2,
  statusName: "Contacted",
  matchedOn: ["phone" as const],
  visible: false,
};

// Mantine's autosizing textarea listens to document.fonts, which happy-dom lacks.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

const fetchMock = vi.fn<typeof fetch>();
let upsertReplies: LeadUpsertResponse[] = [];

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  upsertReplies = [];
  leadSettings = settingsOf();
  stores = [store];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/settings/leads") return jsonResponse(leadSettings);
    if (url === STORE_SEARCH) {
      const { ids, pageSize = 25 } = JSON.parse(String(init?.body ?? "{}"));
      const items = ids ? stores.filter((s) => ids.includes(s.id)) : stores.filter((s) => s.isActive);
      return jsonResponse({ items: items.slice(0, pageSize), total: items.length, page: 1, pageSize });
    }
    if (url === "/api/leads/lookup-list/lead-type") return jsonResponse(lookups);
    if (url === "/api/leads/internal/upsert") {
      const reply = upsertReplies.shift();
      return reply ? jsonResponse(reply) : jsonResponse({ status: 500, message: "unexpected" }, 500);
    }
    return jsonResponse({ status: 404, message: `No mock for ${url}` }, 404);
  });
  session.set({ ...demoUser, roleId: 14 });
});
afterEach(() => vi.unstubAllGlobals());

const storeSearches = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === STORE_SEARCH)
    .map(([, init]) => JSON.parse(String(init?.body)));

const upsertBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === "/api/leads/internal/upsert")
    .map(([, init]) => JSON.parse(String(init?.body)));

async function fillShopper(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), "Dana");
  await user.type(screen.getByLabelText(/^Last name/), "Whitfield");
  await user.type(screen.getByLabelText("Mobile phone"), "2015550142");
}

// The first render pays for loading Mantine and the form: generous on a busy machine.
describe("CapturePage", { timeout: 20_000 }, () => {
  it("starts with the only store, from the first page of the store search (never the whole list)", async () => {
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    const picker = screen.getByRole("combobox", { name: /^Store/ }) as HTMLInputElement;
    expect(picker.value).toBe("Costco Wayne");
    expect(storeSearches()).toEqual([{ page: 1, pageSize: 25 }]);
  });

  it("starts with the last capture's store, named by its id when the first page does not hold it", async () => {
    const user = userEvent.setup();
    const others = Array.from({ length: 30 }, (_, i) => ({
      ...store,
      id: 100 + i,
      name: `Costco ${100 + i}`,
    }));
    stores = [...others, { ...store, id: 40, name: "Costco Paramus" }];
    localStorage.setItem("capture.storeId", "40");
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    const picker = screen.getByRole("combobox", { name: /^Store/ }) as HTMLInputElement;
    expect(picker.value).toBe("Costco Paramus");
    expect(storeSearches()).toEqual([
      { page: 1, pageSize: 25 },
      { ids: [40], includeInactive: true, page: 1, pageSize: 1 },
    ]);

    // The picker opens on the page already read, and says how many more typing would find.
    await user.click(picker);
    expect(await screen.findByText("Type to narrow: 6 more")).toBeTruthy();
    const list = document.getElementById(picker.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(within(list).getAllByRole("option", { hidden: true })).toHaveLength(25);
    expect(storeSearches()).toHaveLength(2);
  });

  it("does not start with a remembered store deactivated since, and says when there is no store at all", async () => {
    stores = [
      { ...store, id: 40, name: "Costco Paramus", isActive: false },
      { ...store, id: 2, name: "Costco Clifton" },
      store,
    ];
    localStorage.setItem("capture.storeId", "40");
    const first = renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    expect((screen.getByRole("combobox", { name: /^Store/ }) as HTMLInputElement).value).toBe("");
    first.unmount();

    stores = [];
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    expect(await screen.findByText("No stores to capture at yet")).toBeTruthy();
  });

  it("marks a required question unanswered beside it and sends nothing", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    await fillShopper(user);

    await user.click(screen.getByRole("button", { name: "Save lead" }));

    const error = await screen.findByText("Answer this question");
    // The message sits in the question's own wrapper, beside its choices.
    expect(error.parentElement?.textContent).toContain("Tank or tankless?");
    expect(error.parentElement?.textContent).toContain("Tankless");
    expect(upsertBodies()).toEqual([]);
  });

  it("warns of a duplicate before saving, and saves only when asked to", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "Tankless" }));
    await user.click(screen.getByRole("checkbox", { name: /Field-service CRM/ }));
    upsertReplies.push(
      { saved: false, lead: null, isDuplicate: true, duplicateOf: earlier, possibleDuplicates: [earlier] },
      {
        saved: true,
        lead: null,
        isDuplicate: true,
        duplicateOf: earlier,
        possibleDuplicates: [earlier],
      },
    );

    await user.click(screen.getByRole("button", { name: "Save lead" }));

    const warning = await screen.findByTestId("duplicate-warning");
    expect(warning.textContent).toContain("This shopper may already be a lead");
    expect(warning.textContent).toContain("Lead #164");
    expect(warning.textContent).toContain("same phone number");
    const [check] = upsertBodies();
    expect(check).toMatchObject({
      checkOnly: true,
      storeId: 1,
      serviceTypeId: 2,
      firstName: "Dana",
      lastName: "Whitfield",
      phone: "2015550142",
      answers: [{ questionId: 4, value: 7 }],
    });
    expect(check.consents).toEqual([
      {
        destination: "crm",
        disclosureText: expect.stringContaining("I agree that Summit Home East may call or text me"),
        acceptedAt: expect.any(String),
      },
    ]);
    // Nothing was saved yet.
    expect(upsertBodies()).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Save anyway" }));

    expect(await screen.findByText("Lead saved")).toBeTruthy();
    expect(screen.getByText(/Linked to lead #164 as a duplicate/)).toBeTruthy();
    const saved = upsertBodies()[1];
    expect(saved.checkOnly).toBeUndefined();
    expect(saved.answers).toEqual([{ questionId: 4, value: 7 }]);
  });

  it("shows the server's message for a question beside that question", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "Tank" }));
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(
        {
          status: 400,
          title: "Bad Request",
          message: 'The answer to "Tank or tankless?" must be one of its choices.',
          errors: { "body.answers.4": ['The answer to "Tank or tankless?" must be one of its choices.'] },
        },
        400,
        "application/problem+json",
      ),
    );

    await user.click(screen.getByRole("button", { name: "Save lead" }));

    await waitFor(() =>
      expect(screen.getByText('The answer to "Tank or tankless?" must be one of its choices.')).toBeTruthy(),
    );
    expect(screen.queryByRole("alert", { name: /Could not save/ })).toBeNull();
  });

  it("shows the organization's texts from the server, and asks again when a text changed since the form opened", async () => {
    const user = userEvent.setup();
    leadSettings = settingsOf({
      ...DEFAULT_DISCLOSURE_TEMPLATES,
      crm: "{organization} may call me about my water heater.",
    });
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    expect(screen.getByTestId("disclosure-crm").textContent).toBe(
      "Summit Home East may call me about my water heater.",
    );
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "Tank" }));
    await user.click(screen.getByRole("checkbox", { name: /Field-service CRM/ }));

    // An Admin changed the text meanwhile: the server refuses the older one.
    leadSettings = settingsOf({
      ...DEFAULT_DISCLOSURE_TEMPLATES,
      crm: "{organization} and its installers may call me about my water heater.",
    });
    const message =
      "The consent text for Field-service CRM has changed since this form was opened; reload the form and show the shopper the current text before they agree.";
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(
        {
          status: 400,
          title: "Bad Request",
          code: "stale_disclosure",
          message,
          errors: { "body.consents.0.disclosureText": [message] },
        },
        400,
        "application/problem+json",
      ),
    );
    await user.click(screen.getByRole("button", { name: "Save lead" }));

    expect(await screen.findByText(message)).toBeTruthy();
    const [sent] = upsertBodies();
    expect(sent.consents).toEqual([
      {
        destination: "crm",
        disclosureText: "Summit Home East may call me about my water heater.",
        acceptedAt: expect.any(String),
      },
    ]);
    // The current text is shown, unticked until the shopper agrees to it.
    await waitFor(() =>
      expect(screen.getByTestId("disclosure-crm").textContent).toBe(
        "Summit Home East and its installers may call me about my water heater.",
      ),
    );
    expect((screen.getByRole("checkbox", { name: /Field-service CRM/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getByText(/This text changed since the shopper agreed/)).toBeTruthy();
  });

  it("sends a save again under the same Idempotency-Key, with the same request, when its answer was lost", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "Tankless" }));
    const clean = { saved: false, lead: null, isDuplicate: false, duplicateOf: null, possibleDuplicates: [] };
    const saved = { ...clean, saved: true };
    upsertReplies.push(clean);
    // The save reaches the server, but its answer never comes back (a weak signal).
    const upsert = (url: unknown) => String(url) === "/api/leads/internal/upsert";
    const base = fetchMock.getMockImplementation();
    let lost = false;
    fetchMock.mockImplementation(async (input, init) => {
      if (upsert(input) && !JSON.parse(String(init?.body)).checkOnly && !lost) {
        lost = true;
        throw new TypeError("Failed to fetch");
      }
      return (base as typeof fetch)(input, init);
    });
    await user.click(screen.getByRole("button", { name: "Save lead" }));
    expect(await screen.findByText(/connection/i)).toBeTruthy();

    upsertReplies.push(clean, saved);
    await user.click(screen.getByRole("button", { name: "Save lead" }));
    expect(await screen.findByText("Lead saved")).toBeTruthy();

    const saves = fetchMock.mock.calls.filter(
      ([url, init]) => upsert(url) && !JSON.parse(String(init?.body)).checkOnly,
    );
    expect(saves).toHaveLength(2);
    const [first, again] = saves.map(([, init]) => init as RequestInit);
    const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)["idempotency-key"];
    expect(keyOf(first)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(again)).toBe(keyOf(first));
    // The very same request: the server compares it with the first before answering with the first's lead.
    expect(again.body).toBe(first.body);
    // The duplicate check is never keyed: it creates nothing.
    const checks = fetchMock.mock.calls.filter(
      ([url, init]) => upsert(url) && JSON.parse(String(init?.body)).checkOnly,
    );
    expect(checks.every(([, init]) => keyOf(init as RequestInit) === undefined)).toBe(true);
  });
});
