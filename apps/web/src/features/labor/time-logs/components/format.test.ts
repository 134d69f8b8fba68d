import { afterEach, describe, expect, it, vi } from "vitest";
import { hoursMinutes } from "../../components/format";
import { clockText, durationText, durationWords, spanText } from "./format";
import { currentPosition } from "./position";

describe("labor formats", () => {
  it("writes durations as h:mm and in words", () => {
    expect(hoursMinutes(0)).toBe("0:00");
    expect(hoursMinutes(125)).toBe("2:05");
    expect(hoursMinutes(6_000)).toBe("100:00");
    expect(hoursMinutes(null)).toBe("—");
    expect(durationText(45)).toBe("45 min");
    expect(durationText(605)).toBe("10 h 05 min");
    expect(durationWords(61)).toBe("1 hour 1 minute");
    expect(durationWords(120)).toBe("2 hours");
    expect(clockText(3_729)).toBe("1:02:09");
  });

  it("writes a shift's times, saying when it ends another day or lacks a punch", () => {
    expect(spanText({ localPunchIn: "2025-03-03 09:00", localPunchOut: "2025-03-03 17:30" })).toBe(
      "09:00 – 17:30",
    );
    expect(spanText({ localPunchIn: "2025-03-08 22:00", localPunchOut: "2025-03-09 06:00" })).toBe(
      "22:00 – 06:00 (2025-03-09)",
    );
    expect(spanText({ localPunchIn: "2025-03-03 09:00", localPunchOut: null })).toBe("09:00 – no punch out");
    expect(spanText({ localPunchIn: null, localPunchOut: "2025-03-03 17:30" })).toBe("no punch in – 17:30");
  });
});

describe("currentPosition", () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, "geolocation");
  });

  const stub = (getCurrentPosition: Geolocation["getCurrentPosition"]) =>
    Object.defineProperty(navigator, "geolocation", { configurable: true, value: { getCurrentPosition } });

  it("answers null, without waiting longer, when the phone never answers", async () => {
    vi.useFakeTimers();
    stub(() => {});
    const position = currentPosition(3_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await position).toBeNull();
  });

  it("answers the position, or null when it is refused or the browser has none", async () => {
    stub((ok) => ok({ coords: { latitude: 40.5, longitude: -74.1, accuracy: 8.6 } } as GeolocationPosition));
    expect(await currentPosition()).toEqual({ latitude: 40.5, longitude: -74.1, accuracyMeters: 9 });
    stub((_ok, fail) => fail?.({ code: 1 } as GeolocationPositionError));
    expect(await currentPosition()).toBeNull();
    stub(() => {
      throw new Error("blocked");
    });
    expect(await currentPosition()).toBeNull();
  });
});
