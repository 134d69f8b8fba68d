import { LEAD_SEARCH_COUNT_CAP, LEAD_SORT_KEYS, type LeadListItem } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { generateLeads } from "../../db/leads-volume";
import { AppError } from "../../platform/errors";
import { leadsTestKit } from "./leads.test-support";
import { pageAt } from "./leads-search.service";

/**
 * Keyset paging of the lead searches: a result walked by cursor (`after` = the page before's `nextCursor`) is the
 * same rows in the same order as the result walked by page number, for every sort, ties and nulls included.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const k = leadsTestKit(() => t);

type Page = {
  items: LeadListItem[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  nextCursor: string | null;
};
const SOLAR = "solar.admin@demo.local";
const post = async (email: string, body: Record<string, unknown>, org?: string, path = "internal") =>
  k.inject(await k.as(email, org), "POST", `/api/leads/${path}/search`, body);
const search = async (email: string, body: Record<string, unknown>, org?: string) => {
  const res = await post(email, body, org);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

/** Every page by number; each page but the last gives a cursor, the last none. */
async function walkByPage(email: string, body: Record<string, unknown>, pageSize: number) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const p = await search(email, { ...body, page, pageSize });
    ids.push(...p.items.map((i) => i.id));
    const last = page * pageSize >= p.total;
    expect(p.nextCursor === null, `page ${page} of ${p.total}: last page ${last}`).toBe(last);
    if (last) return { ids, total: p.total };
  }
}

/** The first page by number, then each next page by the cursor of the one before. */
async function walkByCursor(email: string, body: Record<string, unknown>, pageSize: number, org?: string) {
  const first = await search(email, { ...body, page: 1, pageSize }, org);
  const ids = first.items.map((i) => i.id);
  let cursor = first.nextCursor;
  for (let page = 2; cursor !== null; page++) {
    const p = await search(email, { ...body, page, pageSize, after: cursor }, org);
    // The page asked for is echoed, the count is the whole result's (not what is left).
    expect(p.page).toBe(page);
    expect(p.total).toBe(first.total);
    expect(p.items.length).toBeGreaterThan(0);
    expect(p.items.length).toBeLessThanOrEqual(pageSize);
    ids.push(...p.items.map((i) => i.id));
    cursor = p.nextCursor;
    expect(page, "the walk ends").toBeLessThan(first.total + 2);
  }
  return { ids, total: first.total };
}

const orgsOf = async (ids: number[]) =>
  (
    await t.database.executeSql("select distinct organization_id as id from leads where id = any($1)", [ids])
  ).rows.map((r) => Number((r as { id: number }).id));

/**
 * BrightPath Solar's leads plus 40 made to tie: 10 captured at the same microsecond and 2 one microsecond later
 * (the same millisecond: a JavaScript Date could not tell them apart), names and emails repeated, phones, emails,
 * store (so territory), lead generator and service type left empty on some.
 */
async function addTies() {
  const solar = await t.orgId("BrightPath Solar");
  const store = await k.one<{ id: number; territory_id: number }>(
    "select id, territory_id from stores where name = 'Costco Dallas'",
    [],
  );
  const user = await k.userId(SOLAR);
  const serviceType = (
    await k.one<{ id: number }>(
      "select id from service_types where organization_id = $1 order by id limit 1",
      [solar],
    )
  ).id;
  const firsts = ["Tia", "Tia", "Tilda"];
  const lasts = ["Tieman", "Abbot"];
  for (let i = 0; i < 40; i++) {
    const at =
      i < 10
        ? "2026-02-10 15:00:00.123456+00"
        : i < 12
          ? "2026-02-10 15:00:00.123457+00"
          : i < 16
            ? "2026-01-05 09:30:00+00"
            : `2026-01-0${1 + (i % 4)} 1${i % 10}:00:00.${String(i).padStart(6, "0")}+00`;
    const noStore = i % 5 === 0;
    await t.database.executeSql(
      `insert into leads (organization_id, kind, source, captured_at, store_id, territory_id, captured_by_user_id,
         service_type_id, status_id, first_name, last_name, phone, email)
       values ($1, 'internal', 'app', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        solar,
        at,
        noStore ? null : store.id,
        noStore ? null : store.territory_id,
        i % 6 === 0 ? null : user,
        i % 7 === 0 ? null : serviceType,
        [1, 2, 3, 7][i % 4],
        firsts[i % 3],
        lasts[i % 2],
        i % 3 === 0 ? null : `21455501${String(i % 4).padStart(2, "0")}`,
        i % 4 === 0 ? null : `tie${i % 3}@example.com`,
      ],
    );
  }
}

describe("paging a lead search by cursor", () => {
  beforeAll(addTies);

  for (const sortBy of LEAD_SORT_KEYS) {
    for (const sortDirection of ["desc", "asc"] as const) {
      it(`walks the same rows as the page numbers: ${sortBy} ${sortDirection}`, async () => {
        const body = { sortBy, sortDirection };
        const byPage = await walkByPage(SOLAR, body, 4);
        const byCursor = await walkByCursor(SOLAR, body, 4);
        expect(byPage.total).toBeGreaterThan(40);
        expect(byPage.ids).toHaveLength(byPage.total);
        expect(new Set(byPage.ids).size).toBe(byPage.total);
        expect(byCursor.ids).toEqual(byPage.ids);
      });
    }
  }

  it("steps through ties one row at a time, microseconds apart included", async () => {
    // "ti" finds the tie leads only (first name Tia / Tilda, last name Tieman, email tie...).
    for (const sortBy of ["capturedAt", "lastName", "firstName", "email", "storeName"]) {
      for (const sortDirection of ["desc", "asc"]) {
        const body = { text: "ti", sortBy, sortDirection };
        const byPage = await walkByPage(SOLAR, body, 1);
        expect(byPage.total).toBe(40);
        expect((await walkByCursor(SOLAR, body, 1)).ids, `${sortBy} ${sortDirection}`).toEqual(byPage.ids);
      }
    }
  });

  it("answers the cursor of the last row of a page, and none after the last row", async () => {
    const body = { text: "ti", sortBy: "capturedAt", sortDirection: "desc" };
    const all = await search(SOLAR, { ...body, pageSize: 40 });
    expect(all.items).toHaveLength(40);
    expect(all.nextCursor).toBeNull();
    const first = await search(SOLAR, { ...body, pageSize: 39 });
    expect(first.nextCursor).not.toBeNull();
    const rest = await search(SOLAR, { ...body, pageSize: 39, page: 2, after: first.nextCursor });
    expect(rest.items.map((i) => i.id)).toEqual([all.items[39].id]);
    expect(rest.nextCursor).toBeNull();
    // The two leads one microsecond after the others come first, as two distinct rows.
    expect(all.items.slice(0, 12).map((i) => i.capturedAt)).toEqual([
      ...Array(12).fill("2026-02-10T15:00:00.123Z"),
    ]);
  });
});

describe("cursors that do not fit", () => {
  it("refuses a cursor made for another sort with a 400 that says to start again", async () => {
    const first = await search(SOLAR, { sortBy: "capturedAt", sortDirection: "desc", pageSize: 5 });
    for (const other of [
      { sortBy: "lastName", sortDirection: "desc" },
      { sortBy: "capturedAt", sortDirection: "asc" },
      { sortBy: "phone" },
    ]) {
      const res = await post(SOLAR, { ...other, page: 2, pageSize: 5, after: first.nextCursor });
      expect(res.statusCode, JSON.stringify(other)).toBe(400);
      expect(res.json().message).toBe(
        "This cursor belongs to another search order; start again from the first page.",
      );
      expect(res.json().errors).toEqual({
        "body.after": ["Made for another sort order; start again from the first page."],
      });
    }
  });

  it("refuses a garbage cursor with a 400, never a 500", async () => {
    const raw = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const good = (await search(SOLAR, { pageSize: 5 })).nextCursor!;
    const garbage = [
      "garbage",
      "",
      good.slice(0, -2),
      `${good}x`,
      "a\u0000b",
      "bogus \ud800'; drop table leads; --",
      raw({ v: 1, key: "capturedAt", dir: "desc", after: ["tomorrow", 1] }),
      raw({ v: 1, key: "capturedAt", dir: "desc", after: ["2026-02-30T00:00:00+00:00", 1] }),
      raw({ v: 1, key: "capturedAt", dir: "desc", after: ["2026-02-10T15:00:00+00:00", "1; drop"] }),
      raw({ v: 1, key: "capturedAt", dir: "desc", after: ["2026-02-10T15:00:00+00:00", 2 ** 63] }),
      raw({ v: 1, key: "capturedAt", dir: "desc", after: ["2026-02-10T15:00:00+00:00", null] }),
      raw({ v: 1, key: "capturedAt", dir: "desc", after: ["2026-02-10T15:00:00+00:00"] }),
      raw({ v: 1, key: "capturedAt", dir: "desc", after: [{ $gt: "" }, 1] }),
      raw({ v: 1, key: "lastName", dir: "desc", after: ["a\u0000", "2026-02-10T15:00:00+00:00", 1] }),
      raw({ v: 1, key: "constructor", dir: "desc", after: [] }),
    ];
    for (const after of garbage) {
      const res = await post(SOLAR, { page: 2, pageSize: 5, after });
      expect(res.statusCode, `${after.slice(0, 40)}: ${res.body}`).toBe(400);
      expect(res.json().message, after).toMatch(/start again from the first page|another search order/);
      expect(Object.keys(res.json().errors), after).toEqual(["body.after"]);
    }
    // Too long for the request schema: refused before it is read.
    const long = await post(SOLAR, { page: 2, pageSize: 5, after: "x".repeat(2_001) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(["body.after"]);
    // Null or left out: paging by number.
    expect((await search(SOLAR, { page: 2, pageSize: 5, after: null })).items).toEqual(
      (await search(SOLAR, { page: 2, pageSize: 5 })).items,
    );
  });

  it("keeps another organization's search to its own leads with this organization's cursor", async () => {
    const east = await search("admin@demo.local", { pageSize: 5 });
    expect(east.nextCursor).not.toBeNull();
    const eastOrg = await t.orgId("Summit Home East");
    expect(await orgsOf(east.items.map((i) => i.id))).toEqual([eastOrg]);
    for (const [email, org, name] of [
      ["admin@demo.local", "Summit Home West", "Summit Home West"],
      [SOLAR, undefined, "BrightPath Solar"],
    ] as const) {
      const other = await search(email, { page: 2, pageSize: 200, after: east.nextCursor }, org);
      expect(other.items.length, name).toBeGreaterThan(0);
      expect(await orgsOf(other.items.map((i) => i.id)), name).toEqual([await t.orgId(name)]);
      // Exactly the other organization's rows past the cursor's (capture time, id).
      const theirs = (await walkByCursor(email, {}, 200, org)).ids;
      const last = east.items[4];
      const lastAt = (
        await k.one<{ at: string }>("select captured_at::text as at from leads where id = $1", [last.id])
      ).at;
      const past = (
        await t.database.executeSql(
          "select id from leads where id = any($1) and (captured_at, id) < ($2::timestamptz, $3)",
          [theirs, lastAt, last.id],
        )
      ).rows.map((r) => Number((r as { id: number }).id));
      expect(
        other.items.map((i) => i.id),
        name,
      ).toEqual(theirs.filter((id) => past.includes(id)).slice(0, 200));
    }
    // A lead generator's scope holds as well: their own leads only.
    const lg = await k.as("lg@demo.local");
    const own = await search("lg@demo.local", { page: 2, pageSize: 200, after: east.nextCursor });
    expect(own.items.every((i) => i.leadGeneratorId === lg.userId)).toBe(true);
  });
});

describe("cursors past the counted 10,000", () => {
  it("refuses a page number past the cap, but never a cursor", () => {
    expect(pageAt({ page: 401, pageSize: 25, after: "abc" })).toEqual({ limit: 25, after: "abc" });
    expect(pageAt({ page: 2, pageSize: 25 })).toEqual({ limit: 25, offset: 25 });
    expect(() => pageAt({ page: 401, pageSize: 25 })).toThrow(AppError);
    expect(() => pageAt({ page: 401, pageSize: 25, after: null })).toThrow(/narrow the search/);
  });

  it("walks every row of a result larger than the count cap", async () => {
    const west = await t.orgId("Summit Home West");
    await generateLeads(t.database.db, {
      organizationId: west,
      count: 15_000,
      years: 1,
      answers: false,
      captureEntries: false,
    });
    const email = "admin@demo.local";
    const org = "Summit Home West";
    const expected = Number(
      (
        await k.one<{ n: number }>(
          "select count(*)::int as n from leads where organization_id = $1 and kind = 'internal' and status_id <> 11 and deleted_at is null",
          [west],
        )
      ).n,
    );
    expect(expected).toBeGreaterThan(LEAD_SEARCH_COUNT_CAP);
    const walk = await walkByCursor(email, {}, 200, org);
    expect(walk.total).toBe(LEAD_SEARCH_COUNT_CAP);
    expect(walk.ids).toHaveLength(expected);
    expect(new Set(walk.ids).size).toBe(expected);
    // Page 51 of 200 by number is refused; the same page by cursor is not.
    const byNumber = await post(email, { page: 51, pageSize: 200 }, org);
    expect(byNumber.statusCode).toBe(400);
  }, 180_000);
});
