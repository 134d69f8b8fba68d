import { QR_EXPORT_MAX_CODES, type QrCodeItem, refusalOf } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp } from "../../../test/harness";
import { leadsTestKit } from "../leads/leads.test-support";
import { ACTIVE_ELSEWHERE } from "./qr-codes.service";
import { qrTestKit } from "./qr-codes.test-support";

// The staff's QR codes (issue #13, docs/decisions/0037): who lists, makes and changes which codes, one per person and
// group, one active per person and group across organizations, and the printable export.

let t: TestApp;
const k = { ...leadsTestKit(() => t), ...qrTestKit(() => t) };
let east: number;
let wayne: number;
let paramus: number;
let philadelphiaStore: number;
let lg: number;
let lglead: number;

const search = async (a: AuthHeaders, body: Record<string, unknown> = {}) =>
  k.inject(a, "POST", "/api/QRCodes/search", { pageSize: 200, ...body });
const upsert = (a: AuthHeaders, body: Record<string, unknown>) =>
  k.inject(a, "POST", "/api/QRCodes/upsert", body);
const items = async (a: AuthHeaders, body: Record<string, unknown> = {}) => {
  const res = await search(a, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as QrCodeItem[];
};

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  wayne = await k.storeId("Costco Wayne");
  paramus = await k.storeId("The Home Depot Paramus");
  philadelphiaStore = (
    await k.one<{ id: number }>(
      "select s.id from stores s join territories t on t.id = s.territory_id where t.name = 'Philadelphia' order by s.id limit 1",
      [],
    )
  ).id;
  lg = await k.userId("lg@demo.local");
  lglead = await k.userId("lglead@demo.local");
}, 120_000);
afterAll(() => t?.close());

describe("the list", () => {
  it("shows an Admin and a Manager every code of the organization, each with its page and whether it is live", async () => {
    const all = await items(await k.as("admin@demo.local"));
    const expected = await k.one<{ n: number }>(
      "select count(*)::int as n from qr_codes where organization_id = $1",
      [east],
    );
    expect(all).toHaveLength(expected.n);
    expect(all.length).toBeGreaterThanOrEqual(11);
    const luis = all.find((c) => c.userId === lg);
    const uid = (await k.one<{ uid: string }>("select uid from users where id = $1", [lg])).uid;
    expect(luis).toMatchObject({
      userName: "Luis Generator",
      userUid: uid,
      storeId: wayne,
      storeName: "Costco Wayne",
      group: 0,
      groupName: null,
      isActive: true,
      isLive: true,
      path: `/q/${uid}/0`,
      url: `http://app.test/q/${uid}/0`,
      entryCount: 0,
    });
    // The demo's inactive lead generators keep their codes, which do not work.
    expect(all.some((c) => c.isActive && !c.isLive)).toBe(true);
    expect((await items(await k.as("manager@demo.local"))).map((c) => c.id).sort()).toEqual(
      all.map((c) => c.id).sort(),
    );
    // Sorted by the person's name by default; a store filter and a name search narrow.
    const order = await k.rows<{ id: number }>(
      `select q.id from qr_codes q join users u on u.id = q.user_id where q.organization_id = $1
       order by lower(u.last_name), lower(u.first_name), q.hdsfi_group, q.id`,
      [east],
    );
    expect(all.map((c) => c.id)).toEqual(order.map((r) => r.id));
    const atWayne = await items(await k.as("admin@demo.local"), { storeIds: [wayne] });
    expect(atWayne.every((c) => c.storeId === wayne)).toBe(true);
    expect((await items(await k.as("admin@demo.local"), { text: "luis gen" })).map((c) => c.userId)).toEqual([
      lg,
    ]);
  });

  it("limits territory managers to their territories' stores, a lead generator to their own codes", async () => {
    const regional = await items(await k.as("regional@demo.local"));
    const territories = await k.rows<{ id: number; store_id: number; territory: string }>(
      "select q.id, q.store_id, t.name as territory from qr_codes q join stores s on s.id = q.store_id join territories t on t.id = s.territory_id where q.organization_id = $1",
      [east],
    );
    const inRegion = territories.filter((r) => ["North Jersey", "Long Island"].includes(r.territory));
    expect(regional.map((c) => c.id).sort()).toEqual(inRegion.map((r) => r.id).sort());
    const philly = await items(await k.as("territory@demo.local"));
    expect(philly.length).toBeGreaterThan(0);
    expect(philly.every((c) => territories.find((r) => r.id === c.id)?.territory === "Philadelphia")).toBe(
      true,
    );
    const own = await items(await k.as("lg@demo.local"));
    expect(own.map((c) => c.userId)).toEqual([lg]);
  });

  it("refuses analysts and schedulers with the capability's refusal; the program portals see their program's codes or none", async () => {
    for (const email of ["analyst@demo.local", "scheduler@demo.local"]) {
      const a = await k.as(email);
      const res = await search(a);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message, email).toBe(refusalOf("qrCodes.read"));
      const made = await upsert(a, { userId: lg, storeId: wayne, group: 4 });
      expect(made.statusCode, email).toBe(403);
      expect(made.json().message, email).toBe(refusalOf("qrCodes.read"));
    }
    // The retailer program's portal: codes of a program group only (none of the demo's codes has one).
    const hd = await k.as("hd@demo.local");
    expect(await items(hd)).toEqual([]);
    const admin = await k.as("admin@demo.local");
    const grouped = await upsert(admin, { userId: lglead, storeId: wayne, group: 1 });
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect((await items(hd)).map((c) => c.id)).toEqual([grouped.json().id]);
    // It reads but does not change them.
    const change = await upsert(hd, { id: grouped.json().id, userId: lglead, storeId: wayne, group: 1 });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe(refusalOf("qrCodes.edit"));
    // The second partner's portal: an empty page.
    const partner = await search(await k.as("partner@demo.local"));
    expect(partner.statusCode).toBe(200);
    expect(partner.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe("making and changing codes", () => {
  it("lets a manager make a code for a lead generator, once per person and group (409 naming the code)", async () => {
    const manager = await k.as("manager@demo.local");
    const made = await upsert(manager, { userId: lg, storeId: paramus, group: 2 });
    expect(made.statusCode, made.body).toBe(200);
    const code = made.json() as QrCodeItem;
    expect(code).toMatchObject({
      userId: lg,
      storeId: paramus,
      group: 2,
      groupName: "Water heaters",
      isLive: true,
    });
    const again = await upsert(manager, { userId: lg, storeId: wayne, group: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`code ${code.id}`);
    expect(Object.keys(again.json().errors)).toEqual(["body.group"]);
    // Its store and state change; its person and group do not (they are its address).
    const moved = await upsert(manager, {
      id: code.id,
      userId: lg,
      storeId: wayne,
      group: 2,
      isActive: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ storeId: wayne, isActive: false, isLive: false });
    const otherPerson = await upsert(manager, { id: code.id, userId: lglead, storeId: wayne, group: 2 });
    expect(otherPerson.statusCode).toBe(400);
    expect(Object.keys(otherPerson.json().errors)).toEqual(["body.userId"]);
    const otherGroup = await upsert(manager, { id: code.id, userId: lg, storeId: wayne, group: 5 });
    expect(Object.keys(otherGroup.json().errors)).toEqual(["body.group"]);
    // Only for lead generators, of a group on the list, at an active store of the organization.
    const notLg = await upsert(manager, { userId: await k.userId("scheduler@demo.local"), storeId: wayne });
    expect(notLg.statusCode).toBe(400);
    expect(Object.keys(notLg.json().errors)).toEqual(["body.userId"]);
    const noGroup = await upsert(manager, { userId: lg, storeId: wayne, group: 99 });
    expect(Object.keys(noGroup.json().errors)).toEqual(["body.group"]);
    const westStore = await k.storeId("Costco Burbank");
    const theirs = await upsert(manager, { userId: lg, storeId: westStore, group: 4 });
    const missing = await upsert(manager, { userId: lg, storeId: 2_000_000_000, group: 4 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(missing.json().message);
  });

  it("lets a lead generator make and change only their own codes", async () => {
    const me = await k.as("lg@demo.local");
    const mine = await upsert(me, { userId: lg, storeId: wayne, group: 4 });
    expect(mine.statusCode, mine.body).toBe(200);
    const forLena = await upsert(me, { userId: lglead, storeId: wayne, group: 4 });
    expect(forLena.statusCode).toBe(403);
    const lenas = (await items(await k.as("admin@demo.local"), { userIds: [lglead] }))[0];
    const changeLenas = await upsert(me, {
      id: lenas.id,
      userId: lglead,
      storeId: wayne,
      group: lenas.group,
    });
    expect(changeLenas.statusCode).toBe(404);
    expect(changeLenas.json().message).toBe(
      (await upsert(me, { id: 2_000_000_000, userId: lglead, storeId: wayne })).json().message,
    );
  });

  it("keeps a territory manager to codes at their territories' stores", async () => {
    const philly = await k.as("territory@demo.local");
    const outside = await upsert(philly, { userId: lglead, storeId: paramus, group: 5 });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toContain("outside your territories");
    const wayneCode = (await items(await k.as("admin@demo.local"), { userIds: [lg], groups: [0] }))[0];
    const notTheirs = await upsert(philly, {
      id: wayneCode.id,
      userId: lg,
      storeId: philadelphiaStore,
      group: 0,
    });
    expect(notTheirs.statusCode).toBe(404);
    const crew = await k.one<{ user_id: number }>(
      "select m.user_id from memberships m join membership_territories mt on mt.membership_id = m.id join territories t on t.id = mt.territory_id where t.name = 'Philadelphia' and m.role_id in (14, 15) and m.is_active order by m.user_id limit 1",
      [],
    );
    const inside = await upsert(philly, { userId: crew.user_id, storeId: philadelphiaStore, group: 5 });
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it("answers another organization's code as one that does not exist", async () => {
    const solar = await k.as("solar.admin@demo.local");
    const eastCode = (await items(await k.as("admin@demo.local"), { userIds: [lg], groups: [0] }))[0];
    const dallas = await k.storeId("Costco Dallas");
    const theirs = await upsert(solar, { id: eastCode.id, userId: lg, storeId: dallas, group: 0 });
    const missing = await upsert(solar, { id: 2_000_000_000, userId: lg, storeId: dallas, group: 0 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(missing.json().message);
    const still = await k.one<{ store_id: number }>("select store_id from qr_codes where id = $1", [
      eastCode.id,
    ]);
    expect(still.store_id).toBe(wayne);
  });

  it("allows one active code per person and group across organizations, without naming the other one", async () => {
    // Luis also works for Summit Home West (as a lead generator there).
    const west = await t.orgId("Summit Home West");
    await k.rows("insert into memberships (organization_id, user_id, role_id) values ($1, $2, 14)", [
      west,
      lg,
    ]);
    const admin = await k.as("admin@demo.local", "Summit Home West");
    const burbank = await k.storeId("Costco Burbank");
    const clash = await upsert(admin, { userId: lg, storeId: burbank, group: 0 });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().message).toBe(ACTIVE_ELSEWHERE);
    expect(clash.body).not.toContain("Summit Home East");
    // Stopped, it can be made; started again, it clashes again.
    const stopped = await upsert(admin, { userId: lg, storeId: burbank, group: 0, isActive: false });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const start = await upsert(admin, { id: stopped.json().id, userId: lg, storeId: burbank, group: 0 });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe(ACTIVE_ELSEWHERE);
    // Once East stops its code, West's can start, and the page is West's.
    const eastAdmin = await k.as("admin@demo.local");
    const eastCode = (await items(eastAdmin, { userIds: [lg], groups: [0] }))[0];
    expect(
      (await upsert(eastAdmin, { id: eastCode.id, userId: lg, storeId: wayne, isActive: false })).statusCode,
    ).toBe(200);
    expect((await upsert(admin, { id: stopped.json().id, userId: lg, storeId: burbank })).statusCode).toBe(
      200,
    );
    const page = await k.details(eastCode.userUid);
    expect(page.json()).toMatchObject({ organizationName: "Summit Home West", storeName: "Costco Burbank" });
    // Back as it was for the rest of the file.
    expect(
      (await upsert(admin, { id: stopped.json().id, userId: lg, storeId: burbank, isActive: false }))
        .statusCode,
    ).toBe(200);
    expect((await upsert(eastAdmin, { id: eastCode.id, userId: lg, storeId: wayne })).statusCode).toBe(200);
  });
});

describe("the export", () => {
  it("prints a PDF sheet of the codes the caller reaches", async () => {
    const res = await k.inject(await k.as("admin@demo.local"), "GET", "/api/QRCodes/export?format=pdf");
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="?qr-codes-\d{4}-\d{2}-\d{2}\.pdf/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The default format is the PDF.
    const byDefault = await k.inject(await k.as("lg@demo.local"), "GET", "/api/QRCodes/export");
    expect(byDefault.headers["content-type"]).toBe("application/pdf");
  });

  it("lists the codes with their full links in a CSV, as the filters and the caller's scope say", async () => {
    const res = await k.inject(
      await k.as("admin@demo.local"),
      "GET",
      `/api/QRCodes/export?format=csv&storeIds=${wayne}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/qr-codes-\d{4}-\d{2}-\d{2}\.csv/);
    const uid = (await k.one<{ uid: string }>("select uid from users where id = $1", [lg])).uid;
    expect(res.body).toContain(`http://app.test/q/${uid}/0`);
    expect(res.body.split("\r\n")[0]).toContain("Link");
    expect(res.body).not.toContain("Costco Westbury");
    // A lead generator exports their own codes only.
    const own = await k.inject(await k.as("lg@demo.local"), "GET", "/api/QRCodes/export?format=csv");
    expect(own.body).toContain(`/q/${uid}/0`);
    expect(own.body).not.toContain("Lena Lead");
    const refused = await k.inject(await k.as("analyst@demo.local"), "GET", "/api/QRCodes/export?format=csv");
    expect(refused.statusCode).toBe(403);
  });

  it(`refuses more than ${QR_EXPORT_MAX_CODES} codes with a 400 that says to narrow the filters`, async () => {
    // BrightPath Solar gets that many people, each with a code at its store.
    const solar = await t.orgId("BrightPath Solar");
    const dallas = await k.storeId("Costco Dallas");
    const n = QR_EXPORT_MAX_CODES + 1;
    await k.rows(
      `insert into users (uid, email, first_name, last_name)
       select 'QrMany' || g, 'qr.many' || g || '@solar.test', 'Many', 'Person ' || g from generate_series(1, $1::int) g`,
      [n],
    );
    await k.rows(
      `insert into qr_codes (organization_id, user_id, store_id)
       select $1, u.id, $2 from users u where u.email like 'qr.many%@solar.test'`,
      [solar, dallas],
    );
    const a = await k.as("solar.admin@demo.local");
    const res = await k.inject(a, "GET", "/api/QRCodes/export?format=pdf");
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(res.json().message).toContain("Narrow the filters");
    // qr.many7, qr.many70 to 79 and qr.many700 to 799.
    const narrowed = await k.inject(a, "GET", "/api/QRCodes/export?format=csv&text=qr.many7");
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.body.trim().split("\r\n")).toHaveLength(1 + 111);
  });
});
