import type { AvailableWindows, FreeWindow, QrDetails, QrEntryResponse } from "@fieldlead/contracts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BookingPage } from "./booking-page";

const CRM_EN =
  "I agree that Summit Home East may call or text me at the number I gave, including by automated means, and email me about my home-service project and appointment.";
const CRM_ES =
  "Acepto que Summit Home East me llame o me envíe mensajes al número que di, incluso por medios automáticos, y me envíe correos sobre mi proyecto y mi cita.";
const STORE_EN = "I agree that the store where I met Summit Home East may contact me about this project.";
const STORE_ES = "Acepto que la tienda donde conocí a Summit Home East me contacte sobre este proyecto.";

const detailsOf = (crmEn = CRM_EN): QrDetails => ({
  organizationName: "Summit Home East",
  leadGeneratorName: "Lena G.",
  storeName: "Costco Wayne",
  storeCity: "Wayne",
  timeZone: "America/New_York",
  group: 0,
  groupName: null,
  appointmentTypes: [
    {
      id: 3,
      name: "In-home consultation",
      durationMinutes: 90,
      arrivalWindowMinutes: 120,
      questions: [
        {
          id: 11,
          text: "Tank or tankless?",
          dataTypeId: 6,
          dataTypeCode: "choice",
          fieldTypeId: 4,
          fieldTypeCode: "radio",
          isRequired: true,
          isActive: true,
          sortOrder: 0,
          responses: [
            { id: 21, text: "Tank", sortOrder: 0 },
            { id: 22, text: "Tankless", sortOrder: 1 },
          ],
        },
        {
          id: 12,
          text: "How many bathrooms?",
          dataTypeId: 2,
          dataTypeCode: "number",
          fieldTypeId: 1,
          fieldTypeCode: "textbox",
          isRequired: false,
          isActive: true,
          sortOrder: 1,
          responses: [],
        },
        {
          id: 13,
          text: "Do you own the home?",
          dataTypeId: 5,
          dataTypeCode: "boolean",
          fieldTypeId: 7,
          fieldTypeCode: "yesNo",
          isRequired: false,
          isActive: true,
          sortOrder: 2,
          responses: [],
        },
      ],
    },
  ],
  disclosures: {
    en: [
      { destination: "crm", text: crmEn, requiredToBook: true },
      { destination: "retailer", text: STORE_EN, requiredToBook: false },
    ],
    es: [
      { destination: "crm", text: CRM_ES, requiredToBook: true },
      { destination: "retailer", text: STORE_ES, requiredToBook: false },
    ],
  },
  formToken: "form-token-1",
  languageIds: { en: 1, es: 2 },
});

const win = (
  id: number,
  localDate: string,
  startTime: string,
  endTime: string,
  utcHour: number,
): FreeWindow => ({
  id,
  localDate,
  startTime,
  endTime,
  timeZone: "America/New_York",
  startsAt: `${localDate}T${String(utcHour).padStart(2, "0")}:00:00.000Z`,
  endsAt: `${localDate}T${String(utcHour + 2).padStart(2, "0")}:00:00.000Z`,
  left: 2,
});
const TUE_9 = win(101, "2026-11-24", "09:00", "11:00", 14);
const TUE_12 = win(102, "2026-11-24", "12:00", "14:00", 17);
const WED_16 = win(103, "2026-11-25", "16:00", "18:00", 21);
const THU_8 = win(104, "2026-11-26", "08:00", "10:00", 13);
const SAT_8 = win(106, "2026-11-28", "08:00", "10:00", 13);

const windowsOf = (windows: FreeWindow[]): AvailableWindows => {
  const days = new Map<string, FreeWindow[]>();
  for (const w of windows) days.set(w.localDate, [...(days.get(w.localDate) ?? []), w]);
  return {
    appointmentTypeId: 3,
    appointmentTypeName: "In-home consultation",
    storeId: 1,
    timeZone: "America/New_York",
    from: "2026-11-23T00:00:00Z",
    to: "2027-01-22T00:00:00Z",
    crm: "notConnected",
    crmMessage: null,
    days: [...days].map(([localDate, ws]) => ({ localDate, windows: ws })),
  };
};

const booked: QrEntryResponse = {
  entryId: 501,
  outcome: "booked",
  appointment: {
    appointmentTypeName: "In-home consultation",
    localDate: "2026-11-24",
    startTime: "09:00",
    endTime: "11:00",
    timeZone: "America/New_York",
    startsAt: TUE_9.startsAt,
    endsAt: TUE_9.endsAt,
  },
  emailSent: true,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": status < 400 ? "application/json" : "application/problem+json" },
  });
const problem = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  json({ status, message, errors: {}, requestId: "r-1", ...extra }, status);

type Call = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
const DETAILS = "/api/QRCodes/qr-details/lena42/0";
const WINDOWS = "/api/QRCodes/available-appointments/lena42";
const ENTRY = "/api/QRCodes/lena42/qr-entry";

const fetchMock = vi.fn<typeof fetch>();
let calls: Call[] = [];
let routes: Record<string, (c: Call) => Response | Promise<Response>> = {};

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : problem(404, `No mock for ${method} ${url.pathname}`);
  });
  routes = {
    [`GET ${DETAILS}`]: () => json(detailsOf()),
    [`GET ${WINDOWS}`]: () => json(windowsOf([TUE_9, TUE_12, WED_16, THU_8, SAT_8])),
    [`POST ${ENTRY}`]: () => json(booked, 201),
  };
  Object.defineProperty(navigator, "languages", { configurable: true, get: () => ["en-US", "en"] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = "en";
});

const entries = () => calls.filter((c) => c.method === "POST" && c.path === ENTRY);

async function openPage(path = "/q/lena42/0") {
  const user = userEvent.setup();
  const view = render(<BookingPage pathname={path} />);
  await screen.findByRole("heading", { level: 1, name: "Summit Home East" });
  return { user, ...view };
}

/** A shopper's answers that need nothing more than a window and the CRM consent. */
async function fillShopper(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("radio", { name: "Tankless" }));
  await user.type(screen.getByLabelText(/^First name/), "Mia");
  await user.type(screen.getByLabelText(/^Last name/), "Garcia");
  await user.type(screen.getByLabelText("Mobile phone"), "(201) 555-0147");
}

describe("the shopper's page of a QR code", () => {
  it("loads the details and the free windows, grouped by day in the store's zone, without signing in", async () => {
    render(<BookingPage pathname="/q/lena42/0" />);
    // Loading first, said to screen readers.
    expect(screen.getByRole("status").textContent).toContain("Loading…");
    expect(document.querySelector("main")?.getAttribute("aria-busy")).toBe("true");

    await screen.findByRole("heading", { level: 1, name: "Summit Home East" });
    expect(screen.getByText("with Lena G. at Costco Wayne")).toBeTruthy();
    // One appointment type: no question about it, its name said once.
    expect(screen.queryByRole("group", { name: "What would you like to book?" })).toBeNull();
    expect(screen.getByText("In-home consultation")).toBeTruthy();
    // The type's questions, required ones in words.
    expect(screen.getByRole("group", { name: "Tank or tankless? (required)" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "How many bathrooms?" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Do you own the home?" })).toBeTruthy();

    const tuesday = await screen.findByRole("group", { name: "Tuesday, November 24" });
    expect(
      within(tuesday)
        .getAllByRole("radio")
        .map((r) => r.parentElement?.textContent),
    ).toEqual(["9:00 AM – 11:00 AM", "12:00 PM – 2:00 PM"]);
    expect(screen.getByRole("group", { name: "Wednesday, November 25" })).toBeTruthy();
    expect(screen.getByText("Times are the store's local time (EST).")).toBeTruthy();
    expect(screen.getByRole("radio", { name: /^None of these times work\?/ })).toBeTruthy();
    // Three days at first; the fourth on demand.
    expect(screen.getByRole("group", { name: "Thursday, November 26" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Saturday, November 28" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show more days" }));
    expect(screen.getByRole("group", { name: "Saturday, November 28" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more days" })).toBeNull();

    const [details, windows] = calls;
    expect(details.path).toBe(DETAILS);
    expect(windows.path).toBe(WINDOWS);
    expect(Object.fromEntries(windows.query)).toEqual({ appointmentTypeId: "3", group: "0" });
    for (const c of calls) {
      expect(c.headers.get("authorization")).toBeNull();
      expect(c.headers.get("currentorganizationid")).toBeNull();
    }
    // Both consents, the one needed to book said in words.
    expect(
      screen.getByRole("checkbox", { name: "Summit Home East may contact me (Needed to book a time)" }),
    ).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "The store may contact me" })).toBeTruthy();
    expect(screen.getByText(CRM_EN)).toBeTruthy();
  });

  it("switches to Spanish: the texts, the consent texts and the days change, and the choice is kept", async () => {
    const { user } = await openPage();
    await screen.findByRole("group", { name: "Tuesday, November 24" });
    const english = screen.getByRole("button", { name: "English" });
    expect(english.getAttribute("aria-pressed")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Español" }));
    expect(screen.getByRole("button", { name: "Español" }).getAttribute("aria-pressed")).toBe("true");
    expect(english.getAttribute("aria-pressed")).toBe("false");
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem("fieldlead.qr.language")).toBe("es");
    expect(screen.getByText("con Lena G. en Costco Wayne")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Elija una hora" })).toBeTruthy();
    const martes = screen.getByRole("group", { name: "Martes, 24 de noviembre" });
    expect(
      within(martes)
        .getAllByRole("radio")
        .map((r) => r.parentElement?.textContent),
    ).toEqual(["9:00 – 11:00", "12:00 – 14:00"]);
    expect(screen.getByRole("group", { name: "Tank or tankless? (obligatorio)" })).toBeTruthy();
    expect(screen.getByText(CRM_ES)).toBeTruthy();
    expect(screen.queryByText(CRM_EN)).toBeNull();
    expect(screen.getByRole("checkbox", { name: /^Summit Home East puede contactarme/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar mis datos" })).toBeTruthy();
  });

  it("opens in the browser's language, or the one the shopper chose before", async () => {
    Object.defineProperty(navigator, "languages", { configurable: true, get: () => ["es-MX", "en"] });
    const first = await openPage();
    expect(screen.getByText("con Lena G. en Costco Wayne")).toBeTruthy();
    first.unmount();

    localStorage.setItem("fieldlead.qr.language", "en");
    await openPage();
    expect(screen.getByText("with Lena G. at Costco Wayne")).toBeTruthy();
  });

  it("says what is missing beside each field, focuses the first, and needs the CRM consent to book", async () => {
    const { user } = await openPage();
    await screen.findByRole("group", { name: "Tuesday, November 24" });
    await user.click(screen.getByRole("button", { name: "Send my details" }));

    expect(screen.getByRole("alert").textContent).toBe("Please check the 6 answers marked above.");
    const group = screen.getByRole("group", { name: "Tank or tankless? (required)" });
    expect(within(group).getByText("Answer this question")).toBeTruthy();
    // Focus on the first one: the required question's first choice.
    expect(document.activeElement).toBe(within(group).getByRole("radio", { name: "Tank" }));
    expect(screen.getByRole("textbox", { name: /^First name/ }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter your first name")).toBeTruthy();
    expect(screen.getByText("Enter your last name")).toBeTruthy();
    expect(screen.getByText("Enter a phone number or an email address")).toBeTruthy();
    expect(screen.getByText("Choose a time, or “None of these times work”")).toBeTruthy();
    // No consent at all: nobody could contact the shopper (the server refuses such an entry too).
    expect(
      screen.getByText("Tick at least one box, so that we may contact you about your project."),
    ).toBeTruthy();
    expect(
      screen.getByRole("checkbox", { name: "The store may contact me" }).getAttribute("aria-invalid"),
    ).toBe("true");
    // The message is the field's description.
    const phone = screen.getByRole("textbox", { name: "Mobile phone" });
    expect(phone.getAttribute("aria-describedby")).toContain("phone-error");

    // Answered: the messages go as the shopper types. A window without the CRM consent is refused.
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "9:00 AM – 11:00 AM" }));
    expect(screen.queryByText("Answer this question")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Book this time" }));
    const crm = screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ });
    expect(document.activeElement).toBe(crm);
    expect(
      screen.getByText(
        "To book a time, tick “Summit Home East may contact me”: it is needed to confirm your visit.",
      ),
    ).toBeTruthy();
    expect(entries()).toHaveLength(0);

    // A bad phone number is said so.
    await user.clear(screen.getByRole("textbox", { name: "Mobile phone" }));
    await user.type(screen.getByRole("textbox", { name: "Mobile phone" }), "555");
    expect(screen.getByText("Enter a 10-digit US phone number")).toBeTruthy();
  });

  it("books a window with the consent texts shown, the form token and an empty honeypot; the confirmation takes the focus", async () => {
    const { user } = await openPage();
    await fillShopper(user);
    await user.type(screen.getByRole("textbox", { name: "Email" }), "mia@example.com");
    await user.type(screen.getByRole("textbox", { name: "How many bathrooms?" }), "2");
    await user.click(screen.getByRole("radio", { name: "9:00 AM – 11:00 AM" }));
    await user.click(screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ }));
    await user.click(screen.getByRole("button", { name: "Book this time" }));

    const heading = await screen.findByRole("heading", { name: "You are booked" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText("Tuesday, November 24, 9:00 AM – 11:00 AM (EST)")).toBeTruthy();
    expect(screen.getByText("A confirmation email is on its way.")).toBeTruthy();
    expect(screen.getByText("Summit Home East will call you to confirm.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Book this time" })).toBeNull();

    const [entry] = entries();
    expect(entry.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.headers.get("authorization")).toBeNull();
    expect(entry.body).toEqual({
      group: 0,
      formToken: "form-token-1",
      website: "",
      language: "en",
      appointmentTypeId: 3,
      windowId: 101,
      firstName: "Mia",
      lastName: "Garcia",
      phone: "(201) 555-0147",
      email: "mia@example.com",
      answers: [
        { questionId: 11, value: 22 },
        { questionId: 12, value: 2 },
      ],
      consents: [{ destination: "crm", disclosureText: CRM_EN }],
    });
  });

  it("sends the shopper's details without a window when none of the times work", async () => {
    routes[`POST ${ENTRY}`] = () =>
      json({ entryId: 502, outcome: "received", appointment: null, emailSent: false }, 201);
    const { user } = await openPage();
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: /^None of these times work\?/ }));
    // Without a window, the CRM consent is not needed: any one will do.
    await user.click(screen.getByRole("checkbox", { name: "The store may contact me" }));
    await user.click(screen.getByRole("button", { name: "Send my details" }));

    const heading = await screen.findByRole("heading", { name: "Thank you, we have your details" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText("Summit Home East will call you to find a time that works for you."),
    ).toBeTruthy();
    expect(screen.queryByText("A confirmation email is on its way.")).toBeNull();
    const [entry] = entries();
    expect(entry.body).not.toHaveProperty("windowId");
    expect((entry.body as { consents: unknown[] }).consents).toEqual([
      { destination: "retailer", disclosureText: STORE_EN },
    ]);
  });

  it("keeps the honeypot empty and out of sight, of the tab order and of the accessibility tree", async () => {
    const { container } = await openPage();
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot?.value).toBe("");
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.getAttribute("autocomplete")).toBe("off");
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot?.closest(".hp")).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: "Website" })).toBeNull();
  });

  it("offers the next free windows at once when the chosen one was just taken", async () => {
    const FRI_12 = win(105, "2026-11-27", "12:00", "14:00", 17);
    routes[`POST ${ENTRY}`] = () =>
      problem(409, "That window was just taken.", { code: "window_taken", nextWindows: [WED_16, FRI_12] });
    const { user } = await openPage();
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "9:00 AM – 11:00 AM" }));
    await user.click(screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ }));
    await user.click(screen.getByRole("button", { name: "Book this time" }));

    const message = await screen.findByText("Sorry, that time was just taken. Here are the next free times:");
    await waitFor(() => expect(document.activeElement).toBe(message));
    const offered = screen.getByRole("group", { name: "Next free times" });
    expect(
      within(offered)
        .getAllByRole("radio")
        .map((r) => r.parentElement?.textContent),
    ).toEqual(["Wednesday, November 25, 4:00 PM – 6:00 PM", "Friday, November 27, 12:00 PM – 2:00 PM"]);
    // The taken one is no longer chosen; the windows are read again.
    expect((screen.getByRole("radio", { name: "9:00 AM – 11:00 AM" }) as HTMLInputElement).checked).toBe(
      false,
    );
    await waitFor(() => expect(calls.filter((c) => c.path === WINDOWS)).toHaveLength(2));

    routes[`POST ${ENTRY}`] = () => json({ ...booked, entryId: 503 }, 201);
    await user.click(within(offered).getByRole("radio", { name: /^Friday, November 27/ }));
    await user.click(screen.getByRole("button", { name: "Book this time" }));
    await screen.findByRole("heading", { name: "You are booked" });
    const [first, second] = entries();
    expect((second.body as { windowId: number }).windowId).toBe(105);
    // Another window, another attempt.
    expect(second.headers.get("idempotency-key")).not.toBe(first.headers.get("idempotency-key"));
  });

  it("shows only a kind word in both languages when the code is not in use", async () => {
    routes[`GET ${DETAILS}`] = () => problem(404, "There is no such code.");
    const { container } = render(<BookingPage pathname="/q/lena42/0" />);
    expect(
      await screen.findByText("This code is not in use any more. Please ask the person who gave it to you."),
    ).toBeTruthy();
    expect(
      screen
        .getByText("Este código ya no está en uso. Por favor, pregunte a la persona que se lo dio.")
        .getAttribute("lang"),
    ).toBe("es");
    expect(container.querySelectorAll("p")).toHaveLength(2);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("heading")).toBeNull();
    expect(calls.filter((c) => c.path === WINDOWS)).toHaveLength(0);
  });

  it("shows the same kind word for an address that cannot be a code, without asking the server", async () => {
    render(<BookingPage pathname="/q/x/0" />);
    expect(screen.getByText(/^This code is not in use any more/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("sends a retried entry under the same Idempotency-Key, an edited one under a new key, and a double tap once", async () => {
    let answer: "lost" | "ok" = "lost";
    routes[`POST ${ENTRY}`] = async () => {
      if (answer === "lost") throw new TypeError("Failed to fetch");
      return json(booked, 201);
    };
    const { user } = await openPage();
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "9:00 AM – 11:00 AM" }));
    await user.click(screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ }));
    const send = screen.getByRole("button", { name: "Book this time" });

    await user.click(send);
    expect(
      await screen.findByText("We could not reach the server. Check your connection and send again."),
    ).toBeTruthy();
    await user.click(send);
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [first, retried] = entries();
    expect(retried.headers.get("idempotency-key")).toBe(first.headers.get("idempotency-key"));

    // The shopper changes the form: a new attempt.
    await user.type(screen.getByLabelText(/^First name/), "na");
    await user.click(send);
    await waitFor(() => expect(entries()).toHaveLength(3));
    const edited = entries()[2];
    expect((edited.body as { firstName: string }).firstName).toBe("Miana");
    expect(edited.headers.get("idempotency-key")).not.toBe(first.headers.get("idempotency-key"));
    await screen.findByText("We could not reach the server. Check your connection and send again.");

    // A double tap while the first is on its way sends once.
    answer = "ok";
    let release = () => {};
    routes[`POST ${ENTRY}`] = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(json(booked, 201));
      });
    await act(async () => {
      send.click();
      send.click();
    });
    expect(entries()).toHaveLength(4);
    expect(entries()[3].headers.get("idempotency-key")).toBe(edited.headers.get("idempotency-key"));
    expect(screen.getByRole("button", { name: "Sending…" })).toBeTruthy();
    await act(async () => release());
    await screen.findByRole("heading", { name: "You are booked" });
    expect(entries()).toHaveLength(4);
  });

  it("reads the consent texts again when they changed, and asks the shopper to read them", async () => {
    routes[`POST ${ENTRY}`] = () => problem(400, "The consent text changed.", { code: "stale_disclosure" });
    const { user } = await openPage();
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: "9:00 AM – 11:00 AM" }));
    await user.click(screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ }));
    const NEW_TEXT = `${CRM_EN} Reply HELP for help.`;
    routes[`GET ${DETAILS}`] = () => json({ ...detailsOf(NEW_TEXT), formToken: "form-token-2" });
    await user.click(screen.getByRole("button", { name: "Book this time" }));

    const message = await screen.findByText(
      "The consent texts have just changed. Please read them again and tick the ones you agree to.",
    );
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(screen.getByText(NEW_TEXT)).toBeTruthy();
    const crm = screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ });
    expect((crm as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText("This text has just changed: please read it again.")).toBeTruthy();

    routes[`POST ${ENTRY}`] = () => json(booked, 201);
    await user.click(crm);
    await user.click(screen.getByRole("button", { name: "Book this time" }));
    await screen.findByRole("heading", { name: "You are booked" });
    const resent = entries()[1].body as { formToken: string; consents: unknown };
    expect(resent.formToken).toBe("form-token-2");
    expect(resent.consents).toEqual([{ destination: "crm", disclosureText: NEW_TEXT }]);
  });

  it("says when there are too many tries, and when the form is too old reads it again for a new token", async () => {
    routes[`POST ${ENTRY}`] = () => problem(429, "Rate limit exceeded");
    const { user } = await openPage();
    await fillShopper(user);
    await user.click(screen.getByRole("radio", { name: /^None of these times work\?/ }));
    await user.click(screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ }));
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(
      await screen.findByText("Too many tries from this connection; wait a minute and send again."),
    ).toBeTruthy();

    routes[`POST ${ENTRY}`] = () =>
      problem(422, "This form is too old: open the form again.", { code: "form_expired" });
    routes[`GET ${DETAILS}`] = () => json({ ...detailsOf(), formToken: "form-token-2" });
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(
      await screen.findByText(
        "This form was open for a long time, so we refreshed it. Check your answers and send again.",
      ),
    ).toBeTruthy();
    routes[`POST ${ENTRY}`] = () =>
      json({ entryId: 504, outcome: "received", appointment: null, emailSent: false }, 201);
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    await screen.findByRole("heading", { name: "Thank you, we have your details" });
    expect((entries()[2].body as { formToken: string }).formToken).toBe("form-token-2");
  });

  it("says a form sent too soon may be sent again, shows the server's words for a refusal it cannot place, and its field errors beside the fields", async () => {
    routes[`POST ${ENTRY}`] = () =>
      problem(422, "Please take a moment to check your details, then send again.", { code: "form_too_fast" });
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Español" }));
    await user.click(await screen.findByRole("radio", { name: "Tankless" }));
    await user.type(screen.getByLabelText(/^Nombre/), "Mia");
    await user.type(screen.getByLabelText(/^Apellido/), "Garcia");
    await user.type(screen.getByLabelText("Teléfono móvil"), "(201) 555-0147");
    await user.click(screen.getByRole("radio", { name: /^¿Ninguna de estas horas le sirve\?/ }));
    await user.click(screen.getByRole("checkbox", { name: /^Summit Home East puede contactarme/ }));
    await user.click(screen.getByRole("button", { name: "Enviar mis datos" }));
    // In the shopper's language, though the server speaks English.
    expect(
      await screen.findByText("Tómese un momento para revisar sus datos y envíe de nuevo."),
    ).toBeTruthy();
    expect(entries()[0].body).toMatchObject({
      language: "es",
      consents: [{ destination: "crm", disclosureText: CRM_ES }],
    });
    await user.click(screen.getByRole("button", { name: "English" }));
    await user.click(screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ }));

    routes[`POST ${ENTRY}`] = () => problem(422, "That was quick: check your answers and send again.");
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(await screen.findByText("That was quick: check your answers and send again.")).toBeTruthy();

    routes[`POST ${ENTRY}`] = () =>
      problem(400, "body.lastName: Enter your last name", {
        code: "validation",
        errors: { "body.lastName": ["Enter your last name"] },
      });
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    const last = screen.getByRole("textbox", { name: /^Last name/ });
    await waitFor(() => expect(document.activeElement).toBe(last));
    expect(last.getAttribute("aria-invalid")).toBe("true");
  });

  it("offers a retry when the page cannot load, and says when there are no free times", async () => {
    let down = true;
    routes[`GET ${DETAILS}`] = () =>
      down ? Promise.reject(new TypeError("Failed to fetch")) : json(detailsOf());
    routes[`GET ${WINDOWS}`] = () => json(windowsOf([]));
    const user = userEvent.setup();
    render(<BookingPage pathname="/q/lena42/0" />);
    expect(
      await screen.findByText("We could not load this page. Check your connection and try again."),
    ).toBeTruthy();
    down = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { level: 1, name: "Summit Home East" });
    expect(
      await screen.findByText(
        "There are no free times in the next weeks. Send your details and we will call you to find one.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("radio", { name: /^None of these times work\?/ })).toBeNull();
    await fillShopper(user);
    await user.click(screen.getByRole("checkbox", { name: /^Summit Home East may contact me/ }));
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0].body).not.toHaveProperty("windowId");
  });

  it("asks which appointment type first when there are several, then loads that type's windows", async () => {
    const two = detailsOf();
    two.appointmentTypes.push({
      id: 4,
      name: "Measure and quote",
      durationMinutes: 60,
      arrivalWindowMinutes: 0,
      questions: [],
    });
    routes[`GET ${DETAILS}`] = () => json(two);
    const { user } = await openPage();
    const types = screen.getByRole("group", { name: "What would you like to book?" });
    expect(screen.queryByRole("heading", { name: "Choose a time" })).toBeNull();
    await user.click(within(types).getByRole("radio", { name: "Measure and quote" }));
    await screen.findByRole("group", { name: "Tuesday, November 24" });
    expect(calls.find((c) => c.path === WINDOWS)?.query.get("appointmentTypeId")).toBe("4");
    // That type has no questions.
    expect(screen.queryByRole("heading", { name: "A few questions" })).toBeNull();
  });
});
