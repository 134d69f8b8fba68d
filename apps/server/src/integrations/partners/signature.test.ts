import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signBody, verifySignature } from "./signature";

/** The signature scheme on its own: what a partner's developer reimplements from the OpenAPI file. */

const secret = "a-shared-secret-of-24-chr";
const now = new Date("2026-03-02T12:00:00Z");
const ts = Math.floor(now.getTime() / 1000);
const body = JSON.stringify({ key: "lead-1", version: 1 });

describe("signBody and verifySignature", () => {
  it("signs HMAC-SHA256 of timestamp, dot, body as v1=<hex>, as the documentation says", () => {
    const expected = createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex");
    expect(signBody(secret, ts, body)).toBe(`v1=${expected}`);
  });

  it("accepts its own signature, within the tolerance either way", () => {
    const signature = signBody(secret, ts, body);
    expect(verifySignature({ secret, timestamp: String(ts), body, signature, now })).toEqual({ ok: true });
    for (const skew of [-299, 299]) {
      const at = new Date(now.getTime() + skew * 1000);
      expect(verifySignature({ secret, timestamp: ts, body, signature, now: at }).ok).toBe(true);
    }
  });

  it("refuses another secret, a tampered body, a changed timestamp", () => {
    const signature = signBody(secret, ts, body);
    const check = (more: Partial<Parameters<typeof verifySignature>[0]>) =>
      verifySignature({ secret, timestamp: String(ts), body, signature, now, ...more });
    expect(check({ secret: "another-secret-of-24-chrs" })).toEqual({ ok: false, reason: "mismatch" });
    expect(check({ body: body.replace('"version":1', '"version":2') })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(check({ timestamp: String(ts - 1) })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses an old or future timestamp (a replay), and a missing or malformed header", () => {
    const old = ts - 301;
    const signature = signBody(secret, old, body);
    expect(verifySignature({ secret, timestamp: String(old), body, signature, now })).toEqual({
      ok: false,
      reason: "staleTimestamp",
    });
    const future = ts + 301;
    expect(
      verifySignature({ secret, timestamp: future, body, signature: signBody(secret, future, body), now }),
    ).toEqual({ ok: false, reason: "staleTimestamp" });
    expect(verifySignature({ secret, timestamp: old, body, signature, now, toleranceSeconds: 600 }).ok).toBe(
      true,
    );
    const good = signBody(secret, ts, body);
    expect(verifySignature({ secret, timestamp: null, body, signature: good, now })).toMatchObject({
      reason: "missingTimestamp",
    });
    expect(verifySignature({ secret, timestamp: "12:00", body, signature: good, now })).toMatchObject({
      reason: "badTimestamp",
    });
    expect(verifySignature({ secret, timestamp: ts, body, signature: undefined, now })).toMatchObject({
      reason: "missingSignature",
    });
    for (const bad of ["v1=abc", good.slice(3), `v2=${good.slice(3)}`])
      expect(verifySignature({ secret, timestamp: ts, body, signature: bad, now })).toMatchObject({
        reason: "badSignature",
      });
  });
});
