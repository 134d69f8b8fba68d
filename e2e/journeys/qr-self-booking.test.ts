import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_PASSWORD,
  expectAccessible,
  launchBrowser,
  newPage,
  signIn,
  snap,
} from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A shopper's phone: the narrowest the page is made for. */
const SMALL_PHONE = { width: 360, height: 740 };
/** The server refuses an entry sent sooner than a person can fill the form (QR_MIN_FILL_SECONDS is 3). */
const MIN_FILL_MS = 3_500;

type Session = { token: string; currentOrganizationId: number };
type Code = { userUid: string; userName: string; storeId: number; storeName: string; path: string };
type Question = {
  text: string;
  dataTypeCode: string;
  fieldTypeCode: string;
  isRequired: boolean;
  isActive: boolean;
  responses: { text: string; sortOrder: number }[];
};
type Details = { storeName: string; appointmentTypes: { id: number; name: string; questions: Question[] }[] };

async function api<T>(path: string, init: { method?: string; body?: unknown; session?: Session } = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      "content-type": "application/json",
      ...(init.session
        ? {
            Authorization: `Bearer ${init.session.token}`,
            CurrentOrganizationId: String(init.session.currentOrganizationId),
          }
        : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const signInByApi = (email: string) =>
  api<Session>("/api/account/login", { body: { email, password: DEMO_PASSWORD } });

/** A phone number no other journey uses, and a valid US one (its exchange starts with 5). */
const uniquePhone = () => `2015${String(Date.now()).slice(-6)}`;

/**
 * The demo's live code of no group of Luis Generator (lg@demo.local), found as a manager finds it: the codes' search.
 * The page works at the store Luis works at now (the demo schedules him, some days at his second store), else the
 * code's: that store (`place`) gets a free window of the first appointment type in a few days if it has none.
 */
async function demoCode(): Promise<{ code: Code; typeName: string; place: { id: number; name: string } }> {
  const manager = await signInByApi("manager@demo.local");
  const found = await api<{ items: (Code & { group: number; isLive: boolean })[] }>("/api/QRCodes/search", {
    body: { text: "Luis", pageSize: 50 },
    session: manager,
  });
  const code = found.items.find((c) => c.userName === "Luis Generator" && c.group === 0 && c.isLive);
  if (!code)
    throw new Error(`No live demo code of group 0 for Luis Generator: ${JSON.stringify(found.items)}`);
  const details = await api<Details>(`/api/QRCodes/qr-details/${code.userUid}/0`);
  const type =
    details.appointmentTypes.find((t) => t.name === "In-home consultation") ?? details.appointmentTypes[0];
  if (!type) throw new Error("The demo code offers no appointment type.");
  const place = { id: code.storeId, name: details.storeName };
  if (details.storeName !== code.storeName) {
    const stores = await api<{ items: { id: number; name: string }[] }>("/api/store/search", {
      body: { search: details.storeName, pageSize: 10 },
      session: manager,
    });
    const store = stores.items.find((x) => x.name === details.storeName);
    if (!store) throw new Error(`No store named ${details.storeName}: ${JSON.stringify(stores.items)}`);
    place.id = store.id;
  }
  const windows = await api<{ days: { windows: unknown[] }[] }>(
    `/api/QRCodes/available-appointments/${code.userUid}?appointmentTypeId=${type.id}&group=0`,
  );
  if (!windows.days.some((d) => d.windows.length)) {
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await api("/api/appointments/scheduled-appointments/upsert", {
      body: {
        appointmentTypeId: type.id,
        storeId: place.id,
        localDate: day,
        startTime: "10:00",
        endTime: "12:00",
        capacity: 3,
      },
      session: manager,
    });
  }
  return { code, typeName: type.name, place };
}

/** Answers the type's required questions, whatever they ask (the demo's types may change). */
async function answerRequired(page: Page, details: Details, typeName: string) {
  const type = details.appointmentTypes.find((t) => t.name === typeName);
  for (const q of type?.questions.filter((x) => x.isActive && x.isRequired) ?? []) {
    const first = [...q.responses].sort((a, b) => a.sortOrder - b.sortOrder)[0]?.text ?? "";
    const group = page.getByRole("group", { name: new RegExp(`^${literal(q.text)}`) });
    if (q.dataTypeCode === "boolean") await group.getByRole("radio", { name: "Sí" }).check();
    else if (q.dataTypeCode === "multiChoice") await group.getByRole("checkbox", { name: first }).check();
    else if (q.dataTypeCode === "choice" && q.fieldTypeCode === "dropdown")
      await page.getByLabel(new RegExp(`^${literal(q.text)}`)).selectOption({ label: first });
    else if (q.dataTypeCode === "choice") await group.getByRole("radio", { name: first }).check();
    else {
      const value =
        q.dataTypeCode === "number" || q.dataTypeCode === "decimal"
          ? "2"
          : q.dataTypeCode === "date"
            ? new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
            : q.dataTypeCode === "phone"
              ? "2015550100"
              : q.dataTypeCode === "email"
                ? "shopper@example.com"
                : "Prueba";
      await page.getByLabel(new RegExp(`^${literal(q.text)}`)).fill(value);
    }
  }
}
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * QR self-booking (issue #13): a shopper scans a lead generator's code, opens the public page on a small phone,
 * switches it to Spanish, answers, picks a free window, agrees to be contacted and books; the confirmation says when
 * and what happens next. The manager then finds the lead among the external leads, source QR, credited to the lead
 * generator and the store of the code.
 */
describe("QR self-booking", () => {
  it("a shopper books from a lead generator's code on a phone, in Spanish, and the manager finds the lead credited", async () => {
    const { code, typeName, place } = await demoCode();
    const details = await api<Details>(`/api/QRCodes/qr-details/${code.userUid}/0`);
    const firstName = `Qr${Date.now() % 100_000}`;

    // The shopper, on a small phone whose browser speaks English.
    const { context, page, errors } = await newPage(browser, SMALL_PHONE);
    await page.goto(code.path);
    const opened = Date.now();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByText(`at ${place.name}`).waitFor();
    if (details.appointmentTypes.length > 1) await page.getByRole("radio", { name: typeName }).check();
    await page.locator('input[name="window"]').first().waitFor();
    await snap(page, "qr-01-shopper-page-360");
    await expectAccessible(page, "the shopper's page");

    await page.getByRole("button", { name: "Español" }).click();
    expect(await page.getByRole("button", { name: "Español" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("heading", { name: "Elija una hora" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    await answerRequired(page, details, typeName);
    await page.getByLabel(/^Nombre/).fill(firstName);
    await page.getByLabel(/^Apellido/).fill("Escáner");
    await page.getByLabel("Teléfono móvil").fill(uniquePhone());
    await page.getByLabel("Correo electrónico").fill(`${firstName.toLowerCase()}@example.com`);
    const slot = page.locator('input[name="window"]').first();
    expect(await slot.getAttribute("value")).not.toBe("none");
    await slot.check();
    await page
      .getByRole("checkbox", { name: /puede contactarme \(Necesario para reservar una hora\)$/ })
      .check();
    // The honeypot stays empty and out of reach.
    expect(await page.locator('input[name="website"]').inputValue()).toBe("");
    expect(await page.locator('input[name="website"]').getAttribute("tabindex")).toBe("-1");
    await snap(page, "qr-02-shopper-filled-es-360");
    await expectAccessible(page, "the shopper's page in Spanish, filled in");

    await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - opened)));
    await page.getByRole("button", { name: "Reservar esta hora" }).click();
    const done = page.getByRole("heading", { name: "Su cita está reservada" });
    await done.waitFor();
    // The heading takes the focus, so a screen reader starts there.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Su cita está reservada");
    await page.getByText("Qué pasa ahora").waitFor();
    await page.getByText("Le enviamos un correo electrónico de confirmación.").waitFor();
    await page.getByText(/le llamará para confirmar\.$/).waitFor();
    await snap(page, "qr-03-shopper-booked-es-360");
    await expectAccessible(page, "the shopper's confirmation");
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, "qr-04-shopper-booked-es-1280");
    expect(errors).toEqual([]);
    await context.close();

    // The manager: the lead is among the external leads, source QR self-entry, credited to Luis and the store he
    // works at now.
    const mgr = await newPage(browser);
    await signIn(mgr.page, "manager@demo.local");
    await mgr.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await mgr.page.goto(`/leads?tab=external&source=qr&q=${firstName}`);
    const row = mgr.page.getByRole("row").filter({ hasText: firstName });
    await row.first().waitFor({ timeout: 30_000 });
    expect(await row.count()).toBe(1);
    const text = (await row.textContent()) ?? "";
    expect(text).toContain(code.userName);
    expect(text).toContain(place.name);
    expect(text).toContain("QR self-entry");
    await snap(mgr.page, "qr-05-manager-external-leads-qr");
    await expectAccessible(mgr.page, "the external leads, source QR");
    expect(mgr.errors).toEqual([]);
    await mgr.context.close();
  });

  it("answers an address of no code with the kind page in both languages, and never with the admin app", async () => {
    const { context, page, errors } = await newPage(browser, SMALL_PHONE);
    await page.goto("/q/nosuchcode0/0");
    await page
      .getByText("This code is not in use any more. Please ask the person who gave it to you.")
      .waitFor();
    await page
      .getByText("Este código ya no está en uso. Por favor, pregunte a la persona que se lo dio.")
      .waitFor();
    expect(await page.getByRole("button").count()).toBe(0);
    expect(await page.locator("#boot").count()).toBe(0);
    await snap(page, "qr-06-code-not-in-use-360");
    await expectAccessible(page, "a code not in use");
    expect(errors).toEqual([]);
    await context.close();
  });
});
