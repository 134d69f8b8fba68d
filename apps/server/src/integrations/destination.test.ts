import { describe, expect, it } from "vitest";
import { failureFromStatus, failureFromThrown, parseRetryAfter } from "./destination";

describe("destination results", () => {
  const now = new Date("2025-05-01T12:00:00Z");

  it("retries what the destination may take later: timeouts, 429 and 5xx, honouring Retry-After", () => {
    expect(failureFromStatus(429, "Too many requests", { retryAfter: "30", now })).toEqual({
      outcome: "retryable",
      error: "Too many requests",
      httpStatus: 429,
      retryAfterMs: 30_000,
    });
    expect(
      failureFromStatus(503, "Down", { retryAfter: "Thu, 01 May 2025 12:01:00 GMT", now }),
    ).toMatchObject({
      outcome: "retryable",
      retryAfterMs: 60_000,
    });
    for (const status of [408, 425, 500, 502, 504])
      expect(failureFromStatus(status, "x").outcome, String(status)).toBe("retryable");
    expect(failureFromStatus(500, "x")).not.toHaveProperty("retryAfterMs");
  });

  it("gives up at once on what the destination refused (4xx validation)", () => {
    expect(failureFromStatus(400, "Invalid", { fieldErrors: { Name: ["Required"] } })).toEqual({
      outcome: "permanent",
      error: "Invalid",
      httpStatus: 400,
      fieldErrors: { Name: ["Required"] },
    });
    for (const status of [401, 403, 404, 409, 422])
      expect(failureFromStatus(status, "x").outcome, String(status)).toBe("permanent");
  });

  it("retries when there was no answer at all", () => {
    const timeout = Object.assign(new Error("aborted"), { name: "TimeoutError" });
    expect(failureFromThrown(timeout)).toEqual({
      outcome: "retryable",
      error: "The destination did not answer in time.",
    });
    const refused = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") });
    expect(failureFromThrown(refused).error).toBe(
      "The destination could not be reached (fetch failed: connect ECONNREFUSED 127.0.0.1:1).",
    );
  });

  it("reads Retry-After as seconds or a date, and ignores what it cannot read", () => {
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("Thu, 01 May 2025 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
