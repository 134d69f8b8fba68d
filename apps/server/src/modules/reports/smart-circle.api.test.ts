import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import { excelSerial, XLSX_CONTENT_TYPE } from "../../platform/xlsx";
import { readZip, sheetRows } from "../../platform/xlsx.test-support";

let t: TestApp;
let circleOrg: number;
beforeAll(async () => {
  t = await createTestApp();
  // A second Smart Circle organization with two lead generators (members once they accepted), one of them with
  // a formula-like name.
  const sa = await t.login("superadmin@demo.local");
  const org = await t.app.inject({
    method: "PUT",
    url: "/api/organizations/upsert/smart-circle",
    headers: h(sa),
    payload: {
      name: "Circle Roofing",
      timeZone: "America/Phoenix",
      isSmartCircleLG: true,
      smartCircleCompany: "Smart Circle West",
      territories: [{ name: "Phoenix" }],
    },
  });
  circleOrg = org.json().id;
  const phoenix = org.json().territories[0].id;
  for (const [firstName, lastName, roleId] of [
    ["Zed", "Zimmer", 14],
    ["=HYPERLINK(1)", "Evil", 15],
  ] as const) {
    // Invited, then accepted from the emailed link (decision 0015).
    const member = await t.addMember(h(sa, { currentorganizationid: String(circleOrg) }), {
      firstName,
      lastName,
      email: `${lastName.toLowerCase()}@circle.test`,
      roleId,
      territoryIds: [phoenix],
    });
    expect(member).toMatchObject({ firstName, lastName, roleId, territoryIds: [phoenix] });
  }
});
afterAll(() => t?.close());

const report = (a: AuthHeaders, payload: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/organizations/reports/smart-circle-users",
    headers: h(a),
    payload,
  });

type Row = {
  name: string;
  organizationName: string;
  territories: { name: string }[];
  roleId: number;
  lastActivityAt: string | null;
  isActive: boolean;
  email: string;
};

describe("Smart Circle users report", () => {
  it("lists the lead generators of the caller's Smart Circle organizations with their territories", async () => {
    const solarAdmin = await t.login("solar.admin@demo.local");
    const res = await report(solarAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.every((r: Row) => r.organizationName === "BrightPath Solar")).toBe(true);
    expect(body.items.every((r: Row) => [14, 15].includes(r.roleId))).toBe(true);
    expect(body.items[0].territories).toEqual([{ id: expect.any(Number), name: "Dallas" }]);
    expect(body.items[0]).toMatchObject({ smartCircleCompany: "Smart Circle Retail", isActive: true });
  });

  it("gives the Super Admin every Smart Circle organization, and pages and sorts", async () => {
    const sa = await t.login("superadmin@demo.local");
    const all = (await report(sa, { pageSize: 100 })).json();
    expect(all.total).toBe(5);
    expect(new Set(all.items.map((r: Row) => r.organizationName))).toEqual(
      new Set(["BrightPath Solar", "Circle Roofing"]),
    );
    const page2 = (await report(sa, { page: 2, pageSize: 2, sortBy: "organization" })).json();
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(2);
    const byOrg = (await report(sa, { pageSize: 100, sortBy: "organization", sortDirection: "desc" })).json();
    expect(byOrg.items[0].organizationName).toBe("Circle Roofing");
    const found = (await report(sa, { search: "zimm" })).json();
    expect(found.items.map((r: Row) => r.name)).toEqual(["Zed Zimmer"]);
    const only = (await report(sa, { organizationIds: [circleOrg], pageSize: 100 })).json();
    expect(only.total).toBe(2);
  });

  it("shows the later of the last activity and the last sign-in", async () => {
    const sa = await t.login("superadmin@demo.local");
    await t.database.executeSql(
      "update memberships set last_activity_at = '2026-01-02T03:04:05Z' where user_id = (select id from users where email = 'zimmer@circle.test')",
      [],
    );
    await t.database.executeSql(
      "update users set last_login_at = '2025-12-01T00:00:00Z' where email = 'zimmer@circle.test'",
      [],
    );
    // The other Circle Roofing lead generator signed in (accepting the invitation signs in) before that.
    await t.database.executeSql(
      "update users set last_login_at = '2025-11-01T00:00:00Z' where email = 'evil@circle.test'",
      [],
    );
    const rows = (await report(sa, { search: "zimmer" })).json().items as Row[];
    expect(rows[0].lastActivityAt).toBe("2026-01-02T03:04:05.000Z");
    const recent = (
      await report(sa, { sortBy: "lastActivityAt", sortDirection: "desc", pageSize: 1 })
    ).json();
    expect(recent.items[0].name).toBe("Zed Zimmer");
  });

  it("never shows organizations the caller does not belong to, even when asked by id", async () => {
    const solarAdmin = await t.login("solar.admin@demo.local");
    const res = (await report(solarAdmin, { organizationIds: [circleOrg] })).json();
    expect(res).toMatchObject({ total: 0, items: [] });
    // East is not a Smart Circle organization: its manager sees no one.
    const manager = await t.login("manager@demo.local");
    expect((await report(manager)).json().total).toBe(0);
  });

  it("is refused to lead generators and program-portal users", async () => {
    for (const email of ["lg@demo.local", "hd@demo.local", "regional@demo.local"]) {
      const res = await report(await t.login(email));
      expect(res.statusCode, email).toBe(403);
    }
  });

  it("exports CSV with a .csv filename and neutralizes formula-like cells", async () => {
    const sa = await t.login("superadmin@demo.local");
    const res = await report(sa, { format: "csv", organizationIds: [circleOrg] });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename=smart-circle-users-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // Streamed like every export, with a BOM so Excel reads it as UTF-8 (the leads' CSV always had one).
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.body.startsWith("\uFEFFName,Email,")).toBe(true);
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Name,Email,Phone,Organization,Smart Circle company,Role,Territories,Active,Last activity (UTC+00:00)",
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith("'=HYPERLINK(1) Evil,"))).toBe(true);
    expect(
      lines.some((l) =>
        l.startsWith(
          "Zed Zimmer,zimmer@circle.test,,Circle Roofing,Smart Circle West,Lead Generator,Phoenix,Yes,",
        ),
      ),
    ).toBe(true);
  });

  it("writes the file in the caller's clock (the Offset header): across organizations no one time zone applies", async () => {
    const sa = await t.login("superadmin@demo.local");
    await t.database.executeSql(
      "update memberships set last_activity_at = '2027-01-01T03:30:00Z' where user_id = (select id from users where email = 'zimmer@circle.test')",
      [],
    );
    // A browser five hours behind UTC sends getTimezoneOffset() = 300.
    const csv = await t.app.inject({
      method: "POST",
      url: "/api/organizations/reports/smart-circle-users",
      headers: { ...h(sa), offset: "300" },
      payload: { format: "csv", organizationIds: [circleOrg] },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0].endsWith(",Last activity (UTC-05:00)")).toBe(true);
    expect(lines.find((l) => l.startsWith("Zed Zimmer,"))?.endsWith(",2026-12-31 22:30")).toBe(true);

    const xlsx = await t.app.inject({
      method: "POST",
      url: "/api/organizations/reports/smart-circle-users",
      headers: { ...h(sa), offset: "-330" },
      payload: { format: "xlsx", organizationIds: [circleOrg] },
    });
    const rows = sheetRows(xlsx.rawPayload);
    expect(rows[0].at(-1)).toBe("Last activity (UTC+05:30)");
    expect(rows.find((r) => r[0] === "Zed Zimmer")?.at(-1)).toBe(
      String(excelSerial(new Date("2027-01-01T09:00:00Z"))),
    );

    // The page itself keeps instants in UTC: the browser shows them in its own zone.
    const page = await t.app.inject({
      method: "POST",
      url: "/api/organizations/reports/smart-circle-users",
      headers: { ...h(sa), offset: "300" },
      payload: { organizationIds: [circleOrg] },
    });
    const zed = page.json().items.find((u: Row) => u.email === "zimmer@circle.test");
    expect(zed.lastActivityAt).toBe("2027-01-01T03:30:00.000Z");
  });

  it("exports XLSX with the CSV's columns, text kept as text and the last activity as a date", async () => {
    const sa = await t.login("superadmin@demo.local");
    await t.database.executeSql(
      "update memberships set last_activity_at = '2026-02-03T04:05:06Z' where user_id = (select id from users where email = 'zimmer@circle.test')",
      [],
    );
    const res = await report(sa, { format: "xlsx", organizationIds: [circleOrg], sortBy: "name" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename=smart-circle-users-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const file = res.rawPayload;
    expect(readZip(file).get("xl/workbook.xml")?.data.toString()).toContain('name="Smart Circle users"');
    const rows = sheetRows(file);
    expect(rows[0]).toEqual([
      "Name",
      "Email",
      "Phone",
      "Organization",
      "Smart Circle company",
      "Role",
      "Territories",
      "Active",
      "Last activity (UTC+00:00)",
    ]);
    expect(rows).toHaveLength(3);
    // The formula-like name stays as typed: an inline string is never evaluated.
    expect(rows.some((r) => r[0] === "=HYPERLINK(1) Evil")).toBe(true);
    expect(rows.find((r) => r[0] === "Zed Zimmer")).toEqual([
      "Zed Zimmer",
      "zimmer@circle.test",
      "",
      "Circle Roofing",
      "Smart Circle West",
      "Lead Generator",
      "Phoenix",
      "Yes",
      String(excelSerial(new Date("2026-02-03T04:05:06Z"))),
    ]);
    // Another organization's lead generators never appear.
    expect(rows.some((r) => r[3] === "BrightPath Solar")).toBe(false);
    const solarAdmin = await t.login("solar.admin@demo.local");
    const solar = sheetRows((await report(solarAdmin, { format: "xlsx" })).rawPayload);
    expect(solar.length).toBeGreaterThan(1);
    expect(solar.slice(1).every((r) => r[3] === "BrightPath Solar")).toBe(true);
  });

  it("answers 400 naming the field for a bad sort key", async () => {
    const sa = await t.login("superadmin@demo.local");
    const res = await report(sa, { sortBy: "password" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(["body.sortBy"]);
  });
});
