import { describe, expect, it } from "vitest";
import * as time from "./index";

describe("time/index", () => {
  it("re-exports the time helpers", () => {
    for (const name of [
      "DATE_RANGE_OPTIONS",
      "DATE_FORMAT",
      "DAY_NAMES",
      "addDays",
      "dayOfWeek",
      "startOfWeek",
      "parseLocalDate",
      "isValidLocalDate",
      "formatDate",
      "zonedDateTimeToUtc",
      "timeZoneOffsetMinutes",
      "isValidTimeZone",
      "resolveDateRange",
      "resolveCustomRange",
      "weekList",
    ]) {
      expect(time, name).toHaveProperty(name);
    }
  });
});
