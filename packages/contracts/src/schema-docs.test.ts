import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idParam, idRangeMessage, localDateSchema, MAX_INT_ID, pathIdSchema, problemSchema } from "./common";
import { normalizeEmail, normalizePhone } from "./contact";
import { LEAD_EMAIL_PATTERN, LEAD_PHONE_PATTERN, leadIdParam } from "./leads";
import { IANA_TIME_ZONE_PATTERN, isIanaTimeZone, organizationUpsertRequest } from "./organizations";
import { storeSearchRequest, storeUpsertRequest } from "./stores";

/**
 * The OpenAPI document shows the request schemas as JSON Schema (zod's `openapi-3.0` target): refinements and
 * transforms do not show there, so the rules are declared as checks or described with `.meta()`. These tests
 * keep the documented patterns in step with the rules the server applies.
 */
const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: "openapi-3.0", io: "input", unrepresentable: "any" }) as {
    properties: Record<string, Record<string, unknown> & { items?: Record<string, unknown> }>;
  };
const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("ids", () => {
  it("show their range, and a path id refuses anything else with one message", () => {
    expect(json(idParam).properties.id).toEqual({ type: "integer", minimum: 1, maximum: MAX_INT_ID });
    expect(json(storeUpsertRequest).properties.id).toEqual({
      type: "integer",
      minimum: 1,
      maximum: MAX_INT_ID,
    });
    for (const bad of ["abc", "0", "-1", "1.5", "Infinity", "NaN", "", "99999999999", "2147483648"])
      expect(issues(idParam.safeParse({ id: bad })), bad).toEqual([["id", idRangeMessage(MAX_INT_ID)]]);
    expect(idParam.parse({ id: "42" })).toEqual({ id: 42 });
    expect(issues(leadIdParam.safeParse({ id: "99999999999999999999" }))).toEqual([
      ["id", idRangeMessage(Number.MAX_SAFE_INTEGER)],
    ]);
    expect(leadIdParam.parse({ id: "99999999999" })).toEqual({ id: 99_999_999_999 });
    expect(pathIdSchema(10).safeParse("11").success).toBe(false);
  });
});

describe("dates", () => {
  it("show format date and their pattern, and still refuse days that do not exist", () => {
    expect(json(z.object({ d: localDateSchema })).properties.d).toMatchObject({
      type: "string",
      format: "date",
      pattern: "^\\d{4}-\\d{2}-\\d{2}$",
    });
    expect(localDateSchema.parse("2024-02-29")).toBe("2024-02-29");
    for (const bad of ["2023-02-29", "2024-13-01", "0000-01-01", "2024-1-5", "24-01-01", "2024-01-01T00:00"])
      expect(issues(localDateSchema.safeParse(bad)), bad).toEqual([["", "Use the date format yyyy-MM-dd"]]);
  });
});

describe("time zones and states", () => {
  it("document a pattern every accepted time zone matches", () => {
    const re = new RegExp(IANA_TIME_ZONE_PATTERN);
    for (const zone of [...Intl.supportedValuesOf("timeZone"), "UTC", "Asia/Calcutta"]) {
      expect(isIanaTimeZone(zone), zone).toBe(true);
      expect(re.test(zone), zone).toBe(true);
    }
    for (const bad of ["+05:00", "EST", "GMT+5", "New York"]) expect(re.test(bad), bad).toBe(false);
    expect(json(organizationUpsertRequest).properties.timeZone).toMatchObject({
      pattern: IANA_TIME_ZONE_PATTERN,
    });
  });

  it("document the two-letter code of a US state", () => {
    const state = json(storeUpsertRequest).properties.state;
    expect(state).toMatchObject({ type: "string", nullable: true, pattern: "^[A-Za-z]{2}$" });
    expect(json(storeSearchRequest).properties.states.items).toMatchObject({ pattern: "^[A-Za-z]{2}$" });
    expect(storeUpsertRequest.parse({ name: "S", state: "nj" }).state).toBe("NJ");
    expect(storeUpsertRequest.safeParse({ name: "S", state: "XX" }).success).toBe(false);
  });
});

describe("lead phones and emails", () => {
  it("document a phone pattern that takes exactly what the server keeps", () => {
    const re = new RegExp(LEAD_PHONE_PATTERN);
    const samples = [
      "(201) 555-0142",
      "201.555.0142",
      "+1 201 555 0142",
      "1-201-555-0142",
      "2015550142",
      "tel: 201 555 0142",
      "555-0142",
      "(101) 555-0142",
      "201 155 0142",
      "11 201 555 0142",
      "+44 20 7946 0958",
      "1201555014",
      "  ",
      "",
    ];
    for (const s of samples) expect(re.test(s), s).toBe(s.trim() === "" || normalizePhone(s) !== null);
  });

  it("document an email pattern that takes exactly what the server keeps", () => {
    const re = new RegExp(LEAD_EMAIL_PATTERN);
    for (const s of [
      "mia@example.com",
      " Mia.Garcia@Example.COM ",
      "mia@example",
      "mia@@x.com",
      "m ia@x.com",
      "",
      "a@b.co",
    ])
      expect(re.test(s), s).toBe(s.trim() === "" || normalizeEmail(s) !== null);
  });
});

describe("problem answers", () => {
  it("are described with every field the error handler writes", () => {
    const problem = json(problemSchema);
    expect(Object.keys(problem.properties)).toEqual([
      "type",
      "title",
      "status",
      "message",
      "code",
      "errors",
      "requestId",
    ]);
    expect(
      problemSchema.strict().safeParse({
        type: "https://httpstatuses.io/400",
        title: "Bad Request",
        status: 400,
        message: "body.email: Enter a valid email address",
        code: "validation",
        errors: { "body.email": ["Enter a valid email address"] },
        requestId: "8c1b...",
      }).success,
    ).toBe(true);
  });
});
