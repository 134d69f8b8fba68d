import {
  DEFAULT_DISCLOSURE_TEMPLATES,
  fillDisclosures,
  type LeadSettings,
  type LeadTypeLookup,
  type LeadUpsertResponse,
  type StoreOption,
} from "@fieldlead/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { leadSettingsQueryOptions } from "../../../lib/lead-settings";
import { keptKey } from "../../../lib/offline/kept-query";
import { outbox } from "../../../lib/offline/outbox";
import { runOutbox } from "../../../lib/offline/outbox-runner";
import { memoryStorage, offlineStorage, resetOfflineStorage } from "../../../lib/offline/storage";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { jsonResponse, renderRoutes } from "../../../test/render";
import { leadTypesQueryOptions } from "../api/get-lead-types";
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
/** The upsert's next answers: a body (200) or a whole response (a refusal). */
let upsertReplies: (LeadUpsertResponse | Response)[] = [];
/** What `navigator.onLine` says; offline, every call fails as a browser's would. */
let online = true;
Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });

beforeEach(async () => {
  online = true;
  // Each case starts with nothing kept on the phone.
  resetOfflineStorage(memoryStorage());
  await outbox.reload();
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  upsertReplies = [];
  leadSettings = settingsOf();
  stores = [store];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (!online) throw new TypeError("Failed to fetch");
    if (url === "/api/settings/leads") return jsonResponse(leadSettings);
    if (url === STORE_SEARCH) {
      const { ids, pageSize = 25 } = JSON.parse(String(init?.body ?? "{}"));
      const items = ids ? stores.filter((s) => ids.includes(s.id)) : stores.filter((s) => s.isActive);
      return jsonResponse({ items: items.slice(0, pageSize), total: items.length, page: 1, pageSize });
    }
    if (url === "/api/leads/lookup-list/lead-type") return jsonResponse(lookups);
    if (url === "/api/leads/internal/upsert") {
      const reply = upsertReplies.shift();
      if (reply instanceof Response) return reply;
      return reply ? jsonResponse(reply) : jsonResponse({ status: 500, message: "unexpected" }, 500);
    }
    return jsonResponse({ status: 404, message: `No mock for ${url}` }, 404);
  });
  session.set({ ...demoUser, roleId: 14 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  online = true;
});

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
    await user.click(screen.getByRole("checkbox", { name: /Summit Home East may contact me/ }));
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
    await user.click(screen.getByRole("checkbox", { name: /Summit Home East may contact me/ }));

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
    expect(
      (screen.getByRole("checkbox", { name: /Summit Home East may contact me/ }) as HTMLInputElement).checked,
    ).toBe(false);
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

const leadOf = (id: number, firstName = "Dana") =>
  ({
    id,
    firstName,
    lastName: "Whitfield",
    serviceTypeName: "Water heaters",
    storeName: "Costco Wayne",
    capturedAt: "2026-11-20T15:00:00.000Z",
    capturedAtLocal: "2026-11-20 10:00",
    timeZone: "America/New_York",
  }) as unknown as LeadUpsertResponse["lead"];
const savedAs = (id: number): LeadUpsertResponse => ({
  saved: true,
  lead: leadOf(id),
  isDuplicate: false,
  duplicateOf: null,
  possibleDuplicates: [],
});
const clean: LeadUpsertResponse = {
  saved: false,
  lead: null,
  isDuplicate: false,
  duplicateOf: null,
  possibleDuplicates: [],
};
const upsertCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === "/api/leads/internal/upsert")
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)),
      key: (init?.headers as Record<string, string> | undefined)?.["idempotency-key"],
    }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function goOffline() {
  act(() => {
    online = false;
    window.dispatchEvent(new Event("offline"));
  });
}
function goOnline() {
  act(() => {
    online = true;
    window.dispatchEvent(new Event("online"));
  });
}

describe("CapturePage on a phone", { timeout: 20_000 }, () => {
  it("after a save, offers the next shopper first, then the lead just saved", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "Tankless" }));
    upsertReplies.push(clean, savedAs(77));
    await user.click(screen.getByRole("button", { name: "Save lead" }));

    const panel = await screen.findByTestId("capture-success");
    const actions = [...panel.querySelectorAll("button, a")].map((el) => el.textContent);
    expect(actions).toEqual(["Capture another", "Book an appointment", "View the lead"]);
    expect(within(panel).getByRole("link", { name: "View the lead" }).getAttribute("href")).toBe(
      "/leads?lead=77",
    );
  });

  it("never empties the service type when its chosen option is tapped again", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    const select = screen
      .getAllByLabelText(/^Service type/)
      .find((el): el is HTMLInputElement => el instanceof HTMLInputElement) as HTMLInputElement;
    expect(select.value).toBe("Water heaters");
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Water heaters", hidden: true }));
    expect(select.value).toBe("Water heaters");
    expect(screen.getByRole("radiogroup", { name: /Tank or tankless\?/ })).toBeTruthy();
  });

  it("shows a missing store's message above the field, where its list cannot cover it", async () => {
    const user = userEvent.setup();
    stores = [store, { ...store, id: 2, name: "Costco Clifton" }];
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "Tank" }));
    await user.click(screen.getByRole("button", { name: "Save lead" }));

    const message = await screen.findByTestId("store-error");
    expect(message.textContent).toBe("Choose the store");
    const picker = screen.getByRole("combobox", { name: /^Store/ });
    expect(picker.getAttribute("aria-invalid")).toBe("true");
    // Read with the field, and placed before it: the list opens below the field.
    const described = (picker.getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.some((id) => document.getElementById(id)?.contains(message))).toBe(true);
    expect(message.compareDocumentPosition(picker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(upsertBodies()).toEqual([]);
  });

  it("lists the lead generator's own stores first, under My stores, and starts with their only one", async () => {
    const user = userEvent.setup();
    stores = [
      { ...store, id: 5, name: "Lowe's Clifton", mine: true },
      { ...store, id: 1, name: "Costco Wayne", mine: false },
      { ...store, id: 2, name: "BJ's Hicksville", mine: false },
    ];
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    const picker = screen.getByRole("combobox", { name: /^Store/ }) as HTMLInputElement;
    expect(picker.value).toBe("Lowe's Clifton");
    await user.click(picker);
    const list = document.getElementById(picker.getAttribute("aria-controls") ?? "") as HTMLElement;
    await waitFor(() => expect(within(list).getAllByRole("option", { hidden: true })).toHaveLength(3));
    const headings = [...list.querySelectorAll(".mantine-Combobox-groupLabel")].map((g) => g.textContent);
    expect(headings).toEqual(["My stores", "Other stores"]);
  });

  it("puts the consents in the shopper's words", async () => {
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    expect(screen.getByRole("heading", { name: "Who may contact you" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ })).toBeTruthy();
    expect(screen.queryByText("Field-service CRM")).toBeNull();
  });
});

describe("CapturePage with no signal", { timeout: 20_000 }, () => {
  it("keeps the lead on the phone without a duplicate check, and sends it once when the signal returns", async () => {
    const user = userEvent.setup();
    const view = renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    const stop = runOutbox(view.queryClient);
    try {
      goOffline();
      expect(
        await screen.findByText("Leads are kept on this phone and sent when the signal returns."),
      ).toBeTruthy();
      await fillShopper(user);
      await user.click(screen.getByRole("radio", { name: "Tankless" }));
      await user.click(screen.getByRole("checkbox", { name: /Summit Home East may contact me/ }));
      await user.click(screen.getByRole("button", { name: "Save lead" }));

      const kept = await screen.findByTestId("capture-kept");
      expect(kept.textContent).toContain("Saved on this phone");
      expect(kept.textContent).toContain("Dana Whitfield");
      expect(kept.textContent).toContain("Water heaters · Costco Wayne");
      // Nothing went out, not even the duplicate check.
      expect(upsertCalls()).toEqual([]);
      expect(screen.getByTestId("outbox-button").textContent).toBe("Waiting to send (1)");

      upsertReplies.push(savedAs(901));
      goOnline();
      await waitFor(() =>
        expect(screen.getByTestId("capture-kept-status").textContent).toContain("lead #901"),
      );
      const calls = upsertCalls();
      expect(calls).toHaveLength(1);
      expect(calls[0].key).toMatch(UUID);
      expect(calls[0].body).toMatchObject({
        storeId: 1,
        serviceTypeId: 2,
        firstName: "Dana",
        phone: "2015550142",
        answers: [{ questionId: 4, value: 7 }],
        capturedAt: expect.any(String),
      });
      expect(calls[0].body.checkOnly).toBeUndefined();
      // The consent keeps the text the shopper read, and the time they agreed.
      expect(calls[0].body.consents).toEqual([
        {
          destination: "crm",
          disclosureText: leadSettings.disclosures.crm,
          acceptedAt: calls[0].body.capturedAt,
        },
      ]);
      await waitFor(() => expect(screen.getByTestId("outbox-button").textContent).toBe("Sent (1)"));
      await user.click(screen.getByTestId("outbox-button"));
      const drawer = await screen.findByRole("dialog", { name: "Leads on this phone" });
      expect(within(drawer).getByRole("link", { name: "lead #901" }).getAttribute("href")).toBe(
        "/leads?lead=901",
      );
      expect(within(drawer).getByText("Nothing is waiting.")).toBeTruthy();
    } finally {
      stop();
    }
  });

  it("opens from the lists kept on the phone, saying how old they are", async () => {
    const first = renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    const key = keptKey(demoUser.userId, demoUser.currentOrganizationId, leadTypesQueryOptions().queryKey);
    await waitFor(async () => expect(await offlineStorage().get(key)).toBeTruthy());
    first.unmount();

    online = false;
    const calls = fetchMock.mock.calls.length;
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    expect(await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ })).toBeTruthy();
    expect((screen.getByRole("combobox", { name: /^Store/ }) as HTMLInputElement).value).toBe("Costco Wayne");
    expect(screen.getByTestId("disclosure-crm").textContent).toBe(leadSettings.disclosures.crm);
    const banner = screen.getByTestId("offline-banner");
    expect(banner.textContent).toContain("Offline");
    expect(banner.textContent).toMatch(/as saved on this phone \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // Every read was tried (and failed): the form is the kept copy.
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
  });

  it("draws a repeat visit from the kept lists at once, and the server's answer replaces them when it comes", async () => {
    const first = renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    const key = keptKey(demoUser.userId, demoUser.currentOrganizationId, leadSettingsQueryOptions().queryKey);
    await waitFor(async () => expect(await offlineStorage().get(key)).toBeTruthy());
    first.unmount();

    // The server is slow to answer the lead settings, and its consent text has changed meanwhile.
    const keptText = leadSettings.disclosures.crm;
    leadSettings = settingsOf({
      ...DEFAULT_DISCLOSURE_TEMPLATES,
      crm: "New CRM consent for {organization}.",
    });
    let answer: () => void = () => {};
    const base = fetchMock.getMockImplementation() as typeof fetch;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === "/api/settings/leads") await new Promise<void>((go) => (answer = go));
      return base(input, init);
    });
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    // The form is there before the server has answered, with the kept text, and no "weak signal" banner.
    expect(await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ })).toBeTruthy();
    expect(screen.getByTestId("disclosure-crm").textContent).toBe(keptText);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    answer();
    await waitFor(() =>
      expect(screen.getByTestId("disclosure-crm").textContent).toContain("New CRM consent"),
    );
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });

  it("says so when there is no signal and nothing kept yet", async () => {
    online = false;
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    expect(await screen.findByText("No signal, and no lists on this phone yet")).toBeTruthy();
  });

  it("keeps a save whose answer was lost under the key it was sent with, so the server makes one lead", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "Tank" }));
    upsertReplies.push(clean);
    const base = fetchMock.getMockImplementation() as typeof fetch;
    let lost = false;
    fetchMock.mockImplementation(async (input, init) => {
      const save =
        String(input) === "/api/leads/internal/upsert" && !JSON.parse(String(init?.body)).checkOnly;
      if (save && !lost) {
        lost = true;
        throw new TypeError("Failed to fetch");
      }
      return base(input, init);
    });
    await user.click(screen.getByRole("button", { name: "Save lead" }));
    expect(await screen.findByText(/connection/i)).toBeTruthy();

    upsertReplies.push(savedAs(902));
    await user.click(screen.getByRole("button", { name: "Keep it on this phone and send later" }));
    expect(await screen.findByTestId("capture-kept")).toBeTruthy();
    // The outbox sends it at once (the signal is weak, not gone), under the same key, as the same request.
    await waitFor(() => expect(screen.getByTestId("capture-kept-status").textContent).toContain("lead #902"));
    const saves = upsertCalls().filter((c) => !c.body.checkOnly);
    expect(saves).toHaveLength(2);
    expect(saves[1].key).toBe(saves[0].key);
    expect(saves[1].body).toEqual(saves[0].body);
    expect(saves[0].body.capturedAt).toBeUndefined();
  });

  it("asks about a kept lead whose consent text changed meanwhile: sent without that consent, under a new key", async () => {
    const user = userEvent.setup();
    const view = renderRoutes([{ path: "/capture", Component: CapturePage }], "/capture");
    await screen.findByRole("radiogroup", { name: /Tank or tankless\?/ });
    const stop = runOutbox(view.queryClient);
    try {
      goOffline();
      await fillShopper(user);
      await user.click(screen.getByRole("radio", { name: "Tank" }));
      await user.click(screen.getByRole("checkbox", { name: /Summit Home East may contact me/ }));
      await user.click(screen.getByRole("button", { name: "Save lead" }));
      await screen.findByTestId("capture-kept");

      // An Admin changed the text while the phone had no signal.
      leadSettings = settingsOf({
        ...DEFAULT_DISCLOSURE_TEMPLATES,
        crm: "{organization} and its installers may call me about my water heater.",
      });
      const message =
        "The consent text for Field-service CRM has changed since this form was opened; reload the form and show the shopper the current text before they agree.";
      upsertReplies.push(
        jsonResponse(
          {
            status: 400,
            code: "stale_disclosure",
            message,
            errors: { "body.consents.0.disclosureText": [message] },
          },
          400,
          "application/problem+json",
        ),
        savedAs(903),
      );
      goOnline();
      await waitFor(() => expect(screen.getByTestId("outbox-button").textContent).toBe("To check (1)"));
      await user.click(screen.getByTestId("outbox-button"));
      const drawer = await screen.findByRole("dialog", { name: "Leads on this phone" });
      expect(within(drawer).getByText(/changed while this lead waited on the phone/).textContent).toContain(
        "“Summit Home East may contact me”",
      );
      await user.click(within(drawer).getByRole("button", { name: "Send without that consent" }));

      await waitFor(() => expect(within(drawer).getByRole("link", { name: "lead #903" })).toBeTruthy());
      const [refused, again] = upsertCalls();
      expect(refused.body.consents).toHaveLength(1);
      expect(again.body).toEqual({ ...refused.body, consents: [] });
      expect(again.key).toMatch(UUID);
      expect(again.key).not.toBe(refused.key);
      expect(upsertCalls()).toHaveLength(2);
    } finally {
      stop();
    }
  });
});
