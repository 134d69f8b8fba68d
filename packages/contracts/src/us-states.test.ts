import { describe, expect, it } from "vitest";
import { US_STATES, usStateByCode, usStateById } from "./us-states";

describe("US_STATES", () => {
  it("has the 50 states with ids 1..50", () => {
    expect(US_STATES).toHaveLength(50);
    expect(US_STATES.map((s) => s.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("orders ids alphabetically by code", () => {
    const codes = US_STATES.map((s) => s.code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(50);
    expect(US_STATES.slice(0, 5)).toEqual([
      { id: 1, code: "AK", name: "Alaska" },
      { id: 2, code: "AL", name: "Alabama" },
      { id: 3, code: "AR", name: "Arkansas" },
      { id: 4, code: "AZ", name: "Arizona" },
      { id: 5, code: "CA", name: "California" },
    ]);
    expect(US_STATES[49]).toEqual({ id: 50, code: "WY", name: "Wyoming" });
  });

  it("uses two upper-case letters and unique names", () => {
    for (const s of US_STATES) expect(s.code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(US_STATES.map((s) => s.name)).size).toBe(50);
  });

  it("leaves out DC and the territories", () => {
    for (const code of ["DC", "PR", "GU", "VI", "AS", "MP"]) expect(usStateByCode(code)).toBeUndefined();
  });

  it("cannot be changed", () => {
    expect(Object.isFrozen(US_STATES)).toBe(true);
    expect(Object.isFrozen(US_STATES[0])).toBe(true);
  });
});

describe("usStateByCode / usStateById", () => {
  it("finds states", () => {
    expect(usStateByCode("NY")).toEqual({ id: 34, code: "NY", name: "New York" });
    expect(usStateByCode(" tx ")?.name).toBe("Texas");
    expect(usStateByCode("XX")).toBeUndefined();
    expect(usStateById(5)?.code).toBe("CA");
    expect(usStateById(0)).toBeUndefined();
    expect(usStateById(51)).toBeUndefined();
    expect(usStateById(1.5)).toBeUndefined();
  });
});
