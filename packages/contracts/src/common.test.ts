import { describe, expect, it } from "vitest";
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  ID_MESSAGE,
  idSchema,
  idSchemaWith,
  MAX_INT_ID,
  textSchema,
} from "./common";
import { leadAnswerInput } from "./leads";
import { organizationUpsertRequest } from "./organizations";
import { storeUpsertRequest } from "./stores";
import { userUpsertRequest } from "./users";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("idSchema", () => {
  it("takes whole numbers from 1 to the integer column's maximum", () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(MAX_INT_ID)).toBe(MAX_INT_ID);
    for (const bad of [0, -1, 1.5, MAX_INT_ID + 1, "1"]) expect(idSchema.safeParse(bad).success).toBe(false);
  });

  it("names the range of ids, whatever is wrong with one", () => {
    for (const bad of [2_147_483_648, 0, -1, 1.5, -1.5])
      expect(issues(idSchema.safeParse(bad)), String(bad)).toEqual([
        ["", "Use a whole number from 1 to 2147483647"],
      ]);
    expect(issues(idSchemaWith("Choose a role").safeParse(undefined))).toEqual([["", "Choose a role"]]);
  });
});

describe("textSchema", () => {
  it("takes ordinary text, tabs, line breaks and emoji", () => {
    for (const ok of ["", "Zoë O'Brien", "line 1\nline 2\r\n\tend", "🏠 home"])
      expect(textSchema.parse(ok)).toBe(ok);
  });

  it("refuses a NUL or another control character, and broken Unicode", () => {
    for (const bad of ["a\u0000b", "\u0007", "x\u001b[31m", "\u007f"])
      expect(issues(textSchema.safeParse(bad))).toEqual([["", CONTROL_CHARACTER_MESSAGE]]);
    for (const bad of ["\ud800x", "x\udc00", "\ud83c"])
      expect(issues(textSchema.safeParse(bad))).toEqual([["", BROKEN_CHARACTER_MESSAGE]]);
  });
});

describe("request schemas", () => {
  const user = { firstName: "Pat", lastName: "Lee", email: "pat@demo.test", roleId: 14 };

  it("refuse ids past the integer columns with a message naming the field", () => {
    expect(
      issues(userUpsertRequest.safeParse({ ...user, id: 2_147_483_648, storeIds: [1, 2_147_483_648] })),
    ).toEqual([
      ["id", ID_MESSAGE],
      ["storeIds.1", ID_MESSAGE],
    ]);
    expect(
      issues(organizationUpsertRequest.safeParse({ territories: [{ id: 2_147_483_648, name: "North" }] })),
    ).toEqual([["territories.0.id", ID_MESSAGE]]);
    expect(issues(leadAnswerInput.safeParse({ questionId: 1, value: "a\u0000" }))).toEqual([
      ["value", CONTROL_CHARACTER_MESSAGE],
    ]);
  });

  it("refuse a NUL in a name, and keep their messages for ordinary mistakes", () => {
    expect(issues(storeUpsertRequest.safeParse({ name: "Cost\u0000co" }))).toEqual([
      ["name", CONTROL_CHARACTER_MESSAGE],
    ]);
    expect(issues(storeUpsertRequest.safeParse({ name: " " }))).toEqual([["name", "Enter the store's name"]]);
    expect(issues(userUpsertRequest.safeParse({ ...user, firstName: "", roleId: undefined }))).toEqual([
      ["firstName", "Enter a first name"],
      ["roleId", "Choose a role"],
    ]);
    expect(userUpsertRequest.parse({ ...user, firstName: "  Pat " }).firstName).toBe("Pat");
  });
});
