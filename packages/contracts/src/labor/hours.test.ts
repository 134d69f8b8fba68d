import { describe, expect, it } from "vitest";
import { decimalHours, formatHoursMinutes, parseHoursText } from "./hours";

describe("hours as people write them", () => {
  it("reads h:mm and decimals (a dot or a comma) as minutes, and nothing else", () => {
    expect(parseHoursText("7:30")).toBe(450);
    expect(parseHoursText(" 0:45 ")).toBe(45);
    expect(parseHoursText("7.5")).toBe(450);
    expect(parseHoursText("7,25")).toBe(435);
    expect(parseHoursText(".25")).toBe(15);
    expect(parseHoursText("8")).toBe(480);
    expect(parseHoursText("0.3333")).toBe(20);
    for (const bad of ["", ".", "7:5", "7:60", "7h30", "-1", "1e2", "100", "7.5.1"])
      expect(parseHoursText(bad), bad).toBeNull();
  });

  it("writes minutes as h:mm and as a decimal of two places", () => {
    expect(formatHoursMinutes(450)).toBe("7:30");
    expect(formatHoursMinutes(5)).toBe("0:05");
    expect(formatHoursMinutes(1500)).toBe("25:00");
    expect(decimalHours(755)).toBe(12.58);
    expect(decimalHours(20)).toBe(0.33);
  });
});
