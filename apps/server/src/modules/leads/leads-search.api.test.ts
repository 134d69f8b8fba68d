import {
  addDays,
  formatDate,
  LEAD_SEARCH_COUNT_CAP,
  type LeadListItem,
  zonedDateTimeToUtc,
} from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { generateLeads } from "../../db/leads-volume";
import { XLSX_CONTENT_TYPE } from "../../platform/xlsx";
import { readZip, sheetRows } from "../../platform/xlsx.test-support";
import { leadsTestKit } from "./leads.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const k = leadsTestKit(() => t);

type Page = { items: LeadListItem[]; total: number; totalCapped: boolean; page: number; pageSize: number };
const search = async (email: string, path: string, body: Record<string, unknown> = {}, org?: string) => {
  const res = await k.inject(await k.as(email, org), "POST", `/api/leads/${path}/search`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const NY = "America/New_York";
const LA = "America/Los_Angeles";

describe("the six searches", () => {
  it("lists internal leads newest first with the names the table needs", async () => {
    const page = await search("admin@demo.local", "internal", { pageSize: 50 });
    expect(page.total).toBeGreaterThan(50);
    expect(page.totalCapped).toBe(false);
    expect(page.items).toHaveLength(50);
    expect(page.items.every((i) => i.kind === "internal" && i.statusId !== 11)).toBe(true);
    const times = page.items.map((i) => i.capturedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const first = page.items[0];
    expect(first.storeName).toBeTruthy();
    expect(first.territoryName).toBeTruthy();
    expect(first.leadGeneratorName).toBeTruthy();
    expect(first.serviceTypeName).toBeTruthy();
    expect(first.statusName).toBeTruthy();
    expect(first.capturedAtLocal).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("keeps each list to its own leads: external, retailer program, second partner, rejected", async () => {
    const ext = await search("admin@demo.local", "external", { pageSize: 200 });
    expect(ext.items.length).toBeGreaterThan(0);
    expect(ext.items.every((i) => i.kind === "external" && i.statusId !== 11)).toBe(true);
    const hd = await search("admin@demo.local", "leads-hd", { pageSize: 200 });
    expect(hd.items.length).toBeGreaterThan(0);
    expect(hd.items.every((i) => i.source === "retailerProgram")).toBe(true);
    const centah = await search("admin@demo.local", "leads-centah", { pageSize: 200 }, "Summit Home West");
    expect(centah.items.length).toBeGreaterThan(0);
    expect(centah.items.every((i) => i.source === "secondPartner")).toBe(true);
    const rejected = await search("admin@demo.local", "rejected", { pageSize: 200 });
    expect(rejected.items.length).toBeGreaterThan(0);
    expect(rejected.items.every((i) => i.statusId === 11 && i.rejectionReason !== null)).toBe(true);
    const dupes = await search("admin@demo.local", "rejected", {
      rejectionReasons: ["duplicate"],
      pageSize: 200,
    });
    expect(dupes.items.every((i) => i.rejectionReason === "duplicate" && i.duplicateOfLeadId !== null)).toBe(
      true,
    );
  });

  it("filters by store, territory, lead generator, status, service type, source and duplicates", async () => {
    const admin = "admin@demo.local";
    const wayne = await k.storeId("Costco Wayne");
    const byStore = await search(admin, "internal", { storeIds: [wayne], pageSize: 200 });
    expect(byStore.items.length).toBeGreaterThan(0);
    expect(byStore.items.every((i) => i.storeId === wayne)).toBe(true);
    const li = await k.territoryId("Long Island");
    expect(
      (await search(admin, "internal", { territoryIds: [li], pageSize: 200 })).items.every(
        (i) => i.territoryName === "Long Island",
      ),
    ).toBe(true);
    const lgId = byStore.items[0].leadGeneratorId!;
    expect(
      (await search(admin, "internal", { leadGeneratorIds: [lgId] })).items.every(
        (i) => i.leadGeneratorId === lgId,
      ),
    ).toBe(true);
    const sold = await search(admin, "internal", { statusIds: [7, 8] });
    expect(sold.items.every((i) => [7, 8].includes(i.statusId))).toBe(true);
    const wh = await k.serviceType(await k.as(admin), "Water heaters");
    expect(
      (await search(admin, "internal", { serviceTypeIds: [wh.id] })).items.every(
        (i) => i.serviceTypeName === "Water heaters",
      ),
    ).toBe(true);
    const qr = await search(admin, "external", { sources: ["qr"], pageSize: 200 });
    expect(qr.items.every((i) => i.source === "qr")).toBe(true);
    // A source outside the list's own gives nothing, never everything.
    expect((await search(admin, "leads-hd", { sources: ["qr"] })).total).toBe(0);
    const dup = await search(admin, "internal", { duplicatesOnly: true, pageSize: 200 });
    expect(dup.items.every((i) => i.duplicateOfLeadId !== null)).toBe(true);
  });

  it("finds by phone prefix, email prefix, last name, first name and 'first last'", async () => {
    const lg = await k.as("lg@demo.local");
    const phone = k.freshPhone();
    const lead = (
      await k.capture(lg, {
        phone,
        email: "zelda.quinterro@example.com",
        firstName: "Zelda",
        lastName: "Quinterro",
      })
    ).body.lead!;
    const ids = async (text: string) =>
      (await search("manager@demo.local", "internal", { text })).items.map((i) => i.id);
    expect(await ids(phone.slice(0, 8))).toContain(lead.id);
    expect(await ids(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`)).toEqual([lead.id]);
    expect(await ids("ZELDA.QUIN")).toEqual([lead.id]);
    expect(await ids("quinter")).toEqual([lead.id]);
    expect(await ids("zeld")).toContain(lead.id);
    expect(await ids("Zelda Quint")).toEqual([lead.id]);
    expect(await ids("Quinterro, Zelda")).toEqual([lead.id]);
    expect(await ids("Zelda Smith")).toEqual([]);
    // LIKE wildcards are searched for literally.
    expect(await ids("%")).toEqual([]);
  });

  it("sorts by whitelisted keys only, and pages", async () => {
    const byName = await search("admin@demo.local", "internal", {
      sortBy: "lastName",
      sortDirection: "asc",
      pageSize: 100,
    });
    const names = byName.items.map((i) => i.lastName.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const byStore = await search("admin@demo.local", "internal", {
      sortBy: "storeName",
      sortDirection: "desc",
      pageSize: 100,
    });
    const stores = byStore.items.map((i) => i.storeName ?? "");
    expect([...stores].sort().reverse()).toEqual(stores);
    const admin = await k.as("admin@demo.local");
    const bad = await k.inject(admin, "POST", "/api/leads/internal/search", {
      sortBy: "phone; drop table leads",
    });
    expect(bad.statusCode).toBe(400);
    expect((await k.inject(admin, "POST", "/api/leads/internal/search", { pageSize: 500 })).statusCode).toBe(
      400,
    );
    const p1 = await search("admin@demo.local", "internal", { pageSize: 10, page: 1 });
    const p2 = await search("admin@demo.local", "internal", { pageSize: 10, page: 2 });
    expect(p2.page).toBe(2);
    expect(p1.items.map((i) => i.id).filter((id) => p2.items.some((j) => j.id === id))).toEqual([]);
    expect(p1.items.at(-1)!.capturedAt >= p2.items[0].capturedAt).toBe(true);
  });
});

describe("who sees what in the searches", () => {
  it("gives a lead generator their own leads only, and a regional manager their territories'", async () => {
    const lg = await k.as("lg@demo.local");
    await k.capture(lg);
    const own = await search("lg@demo.local", "internal", { pageSize: 200 });
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((i) => i.leadGeneratorId === lg.userId)).toBe(true);
    const regional = await search("regional@demo.local", "internal", { pageSize: 200 });
    expect(new Set(regional.items.map((i) => i.territoryName))).toEqual(
      new Set(["North Jersey", "Long Island"]),
    );
    // Asking for another territory does not widen the scope.
    const philly = await k.territoryId("Philadelphia");
    expect((await search("regional@demo.local", "internal", { territoryIds: [philly] })).total).toBe(0);
    const capture = await k.inject(lg, "POST", "/api/leads/capture-leads/search", { pageSize: 200 });
    expect(
      capture.json().items.every((e: { leadGeneratorId: number }) => e.leadGeneratorId === lg.userId),
    ).toBe(true);
  });

  it("gives program users their program's leads in every search and nothing else", async () => {
    const hd = "hd@demo.local";
    expect((await search(hd, "internal")).total).toBe(0);
    expect((await search(hd, "leads-centah")).total).toBe(0);
    const ext = await search(hd, "external", { pageSize: 200 });
    expect(ext.total).toBeGreaterThan(0);
    expect(ext.items.every((i) => i.source === "retailerProgram")).toBe(true);
    expect(
      (await search(hd, "rejected", { pageSize: 200 })).items.every((i) => i.source === "retailerProgram"),
    ).toBe(true);
    const partner = "partner@demo.local";
    expect((await search(partner, "leads-hd")).total).toBe(0);
    const centah = await search(partner, "leads-centah", { pageSize: 200 });
    expect(centah.total).toBeGreaterThan(0);
    expect(centah.items.every((i) => i.source === "secondPartner")).toBe(true);
    const entries = await k.inject(await k.as(partner), "POST", "/api/leads/capture-leads/search", {});
    expect(entries.json().items.every((e: { source: string }) => e.source === "secondPartner")).toBe(true);
  });

  it("never shows another organization's leads", async () => {
    const eastStores = new Set(
      (await search("admin@demo.local", "internal", { pageSize: 200 })).items.map((i) => i.storeName),
    );
    const west = await search("admin@demo.local", "internal", { pageSize: 200 }, "Summit Home West");
    expect(west.items.length).toBeGreaterThan(0);
    expect(west.items.some((i) => eastStores.has(i.storeName))).toBe(false);
    expect(
      (await search("solar.admin@demo.local", "internal", { pageSize: 200 })).items.every(
        (i) => i.storeName === "Costco Dallas",
      ),
    ).toBe(true);
  });
});

describe("date ranges in the organization's time zone", () => {
  it("puts the same instant on different local days in New York and Los Angeles", async () => {
    const east = await k.as("manager@demo.local");
    const west = await k.as("admin@demo.local", "Summit Home West");
    const westHvac = await k.serviceType(west, "HVAC");
    const at = "2026-03-08T07:30:00Z"; // 03:30 in New York (EDT), 23:30 the day before in Los Angeles (PST)
    const e = (await k.capture(east, { capturedAt: at, lastName: "Midnightson" })).body.lead!;
    const w = (
      await k.capture(west, {
        storeId: await k.storeId("Costco Burbank"),
        serviceTypeId: westHvac.id,
        answers: k.hvacAnswers(westHvac),
        capturedAt: at,
        lastName: "Midnightson",
      })
    ).body.lead!;
    const onDay = async (email: string, org: string | undefined, day: string) =>
      (await search(email, "internal", { startDate: day, endDate: day, text: "Midnightson" }, org)).items.map(
        (i) => i.id,
      );
    expect(await onDay("manager@demo.local", undefined, "2026-03-08")).toEqual([e.id]);
    expect(await onDay("manager@demo.local", undefined, "2026-03-07")).toEqual([]);
    expect(await onDay("admin@demo.local", "Summit Home West", "2026-03-08")).toEqual([]);
    expect(await onDay("admin@demo.local", "Summit Home West", "2026-03-07")).toEqual([w.id]);
    // An open-ended range.
    const since = await search("manager@demo.local", "internal", {
      startDate: "2026-03-08",
      text: "Midnightson",
    });
    expect(since.items.map((i) => i.id)).toEqual([e.id]);
    const bad = await k.inject(east, "POST", "/api/leads/internal/search", {
      startDate: "2026-03-09",
      endDate: "2026-03-08",
    });
    expect(bad.statusCode).toBe(400);
  });

  it("resolves 'Today' at each organization's own midnight", async () => {
    const now = new Date();
    const nyToday = formatDate(now, NY);
    // One minute past midnight in New York is still the evening before in Los Angeles.
    const at = zonedDateTimeToUtc(nyToday, "00:01", NY);
    const east = await k.as("manager@demo.local");
    const west = await k.as("admin@demo.local", "Summit Home West");
    const westHvac = await k.serviceType(west, "HVAC");
    const e = (await k.capture(east, { capturedAt: at.toISOString(), lastName: "Todayson" })).body.lead!;
    const w = (
      await k.capture(west, {
        storeId: await k.storeId("Costco Burbank"),
        serviceTypeId: westHvac.id,
        answers: k.hvacAnswers(westHvac),
        capturedAt: at.toISOString(),
        lastName: "Todayson",
      })
    ).body.lead!;
    expect(formatDate(at, LA)).toBe(addDays(nyToday, -1));
    const ids = async (email: string, org: string | undefined, dateRange: number) =>
      (await search(email, "internal", { dateRange, text: "Todayson" }, org)).items.map((i) => i.id);
    expect(await ids("manager@demo.local", undefined, 1)).toEqual([e.id]);
    expect(await ids("manager@demo.local", undefined, 2)).toEqual([]);
    // In Los Angeles the lead is on the local day before New York's today: Today there only until LA midnight.
    const laToday = formatDate(new Date(), LA);
    const inLaToday = laToday === addDays(nyToday, -1);
    expect(await ids("admin@demo.local", "Summit Home West", 1)).toEqual(inLaToday ? [w.id] : []);
    expect(await ids("admin@demo.local", "Summit Home West", 2)).toEqual(inLaToday ? [] : [w.id]);
  });
});

describe("export", () => {
  it("answers the same search as a CSV file, quoted and safe to open in a spreadsheet", async () => {
    const lg = await k.as("lg@demo.local");
    await k.capture(lg, { lastName: "Csvson", notes: '=HYPERLINK("x"), "quoted", and\nmultiline' });
    await k.capture(lg, { lastName: "Csvson", firstName: "Second" });
    const admin = await k.as("admin@demo.local");
    const res = await k.inject(admin, "POST", "/api/leads/internal/search", {
      text: "Csvson",
      format: "csv",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename=internal-leads-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = res.body.replace(/^\uFEFF/, "");
    const header = text.split("\r\n")[0];
    expect(header.startsWith("Lead id,Captured,Time zone,Source,Status")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x""), ""quoted"", and\nmultiline"`);
    expect(text.split("\r\n").filter((l) => l.includes("Csvson"))).toHaveLength(2);
    const all = await k.inject(admin, "POST", "/api/leads/internal/search", { format: "csv" });
    const total = (await search("admin@demo.local", "internal")).total;
    expect(all.body.trim().split("\r\n").length - 1).toBeGreaterThanOrEqual(total);
  });

  it("answers the same search as an XLSX workbook with the CSV's columns, text kept as text", async () => {
    const lg = await k.as("lg@demo.local");
    const notes = '=HYPERLINK("x") & <b>bold</b>\nsecond line';
    const first = await k.capture(lg, { lastName: "Xlsxson", firstName: "First", notes });
    await k.capture(lg, { lastName: "Xlsxson", firstName: "Second" });
    const admin = await k.as("admin@demo.local");
    const res = await k.inject(admin, "POST", "/api/leads/internal/search", {
      text: "Xlsxson",
      format: "xlsx",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename=internal-leads-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const file = res.rawPayload;
    expect(file.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    expect(readZip(file).get("xl/workbook.xml")?.data.toString()).toContain('name="Internal leads"');
    const [header, ...rows] = sheetRows(file);
    const csv = await k.inject(admin, "POST", "/api/leads/internal/search", {
      text: "Xlsxson",
      format: "csv",
    });
    expect(header.join(",")).toBe(csv.body.replace(/^\uFEFF/, "").split("\r\n")[0]);
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r[header.indexOf("First name")] === "First");
    expect(row?.[header.indexOf("Lead id")]).toBe(String(first.body.lead?.id));
    expect(row?.[header.indexOf("Last name")]).toBe("Xlsxson");
    // No apostrophe: an inline string is never run as a formula.
    expect(row?.[header.indexOf("Notes")]).toBe(notes);
    const sheet = readZip(file).get("xl/worksheets/sheet1.xml")?.data.toString() ?? "";
    expect(sheet).not.toContain("<f>");

    // The whole search: one row per lead, as many as the JSON search counts.
    const all = await k.inject(admin, "POST", "/api/leads/internal/search", { format: "xlsx" });
    const total = (await search("admin@demo.local", "internal")).total;
    expect(sheetRows(all.rawPayload)).toHaveLength(total + 1);
  });

  it("exports capture entries and every lead list as XLSX too", async () => {
    const admin = await k.as("admin@demo.local");
    for (const [path, file] of [
      ["external", "external-leads"],
      ["rejected", "rejected-leads"],
      ["capture-leads", "capture-entries"],
    ]) {
      const res = await k.inject(admin, "POST", `/api/leads/${path}/search`, { format: "xlsx" });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers["content-type"]).toBe(XLSX_CONTENT_TYPE);
      expect(res.headers["content-disposition"]).toMatch(new RegExp(`filename=${file}-[\\d-]+\\.xlsx$`));
      expect(sheetRows(res.rawPayload).length, path).toBeGreaterThan(1);
    }
    const bad = await k.inject(admin, "POST", "/api/leads/internal/search", { format: "pdf" });
    expect(bad.statusCode).toBe(400);
  });

  it("never puts another organization's leads in an XLSX export", async () => {
    const lg = await k.as("lg@demo.local");
    await k.capture(lg, { lastName: "Eastonly" });
    const east = await t.orgId("Summit Home East");
    const west = await t.orgId("Summit Home West");
    const idsOf = (file: Buffer) => {
      const [header, ...rows] = sheetRows(file);
      return rows.map((r) => Number(r[header.indexOf("Lead id")]));
    };
    const orgsOf = async (ids: number[]) =>
      (
        await t.database.executeSql("select distinct organization_id as id from leads where id = any($1)", [
          ids,
        ])
      ).rows.map((r) => Number((r as { id: number }).id));

    const eastFile = (
      await k.inject(await k.as("admin@demo.local"), "POST", "/api/leads/internal/search", { format: "xlsx" })
    ).rawPayload;
    expect(sheetRows(eastFile).some((r) => r.includes("Eastonly"))).toBe(true);
    expect(await orgsOf(idsOf(eastFile))).toEqual([east]);

    const westAdmin = await k.as("admin@demo.local", "Summit Home West");
    const solarAdmin = await k.as("solar.admin@demo.local");
    for (const [a, org] of [
      [westAdmin, west],
      [solarAdmin, await t.orgId("BrightPath Solar")],
    ] as const) {
      for (const path of ["internal", "external", "rejected"]) {
        const res = await k.inject(a, "POST", `/api/leads/${path}/search`, { format: "xlsx" });
        expect(res.statusCode).toBe(200);
        const rows = sheetRows(res.rawPayload);
        expect(
          rows.some((r) => r.includes("Eastonly")),
          path,
        ).toBe(false);
        const ids = idsOf(res.rawPayload);
        if (ids.length) expect(await orgsOf(ids), path).toEqual([org]);
      }
    }
  });
});

describe("capture entries", () => {
  it("lists raw submissions with what they became, invalid ones included", async () => {
    const lg = await k.as("lg@demo.local");
    await k.capture(lg, { lastName: "Invalidson", answers: [] });
    const res = await k.inject(lg, "POST", "/api/leads/capture-leads/search", {
      outcomes: ["invalid"],
      dateRange: 1,
    });
    expect(res.statusCode).toBe(200);
    const entry = res
      .json()
      .items.find((e: { payload: { lastName?: string } }) => e.payload.lastName === "Invalidson");
    expect(entry).toMatchObject({
      outcome: "invalid",
      leadId: null,
      source: "app",
      storeName: "Costco Wayne",
    });
    expect(entry.message).toContain("required");
  });
});

describe("counting a large result", () => {
  it("stops counting at 10,000 and refuses pages past it", async () => {
    const solar = await t.orgId("BrightPath Solar");
    await generateLeads(t.database.db, {
      organizationId: solar,
      count: 15_000,
      years: 1,
      answers: false,
      captureEntries: false,
    });
    const page = await search("solar.admin@demo.local", "internal", { pageSize: 200 });
    expect(page.total).toBe(LEAD_SEARCH_COUNT_CAP);
    expect(page.totalCapped).toBe(true);
    const deep = await k.inject(await k.as("solar.admin@demo.local"), "POST", "/api/leads/internal/search", {
      page: 51,
      pageSize: 200,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toContain("narrow the search");
  }, 120_000);
});
