import "fake-indexeddb/auto";
import { leadsApi } from "@fieldlead/contracts/routes";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { demoUser } from "../../test/fixtures";
import { ApiError } from "../api-error";
import { session } from "../session";
import {
  classify,
  createOutbox,
  type OutboxDeps,
  type OutboxEntry,
  retryDelay,
  SENT_KEPT,
  useOutbox,
} from "./outbox";
import { indexedDbStorage } from "./storage";

/**
 * A server that honours Idempotency-Key as the real one does: the first request under a key makes a lead, a
 * repeat answers with that lead. `lose` drops the next answers on the way back (the lead is still made).
 */
function fakeServer() {
  const leads = new Map<string, number>();
  const requests: { key: string; body: unknown }[] = [];
  let nextId = 500;
  let lose = 0;
  let refuse: ApiError | null = null;
  return {
    requests,
    leads,
    loseNext(n = 1) {
      lose = n;
    },
    refuseNext(err: ApiError) {
      refuse = err;
    },
    send: vi.fn(async (entry: OutboxEntry) => {
      requests.push({ key: entry.key, body: entry.body });
      if (refuse) {
        const err = refuse;
        refuse = null;
        throw err;
      }
      let id = leads.get(entry.key);
      if (id === undefined) {
        id = nextId++;
        leads.set(entry.key, id);
      }
      if (lose > 0) {
        lose--;
        throw new ApiError({ status: 0, message: "Could not reach the server." });
      }
      return { saved: true, lead: { id }, duplicateOf: null };
    }),
  };
}

let dbCount = 0;
let user: { userId: number; currentOrganizationId: number } | null;
let online: boolean;
let now: number;
let server: ReturnType<typeof fakeServer>;

function makeOutbox(overrides: Partial<OutboxDeps> = {}) {
  const storage = indexedDbStorage(`outbox-test-${++dbCount}`);
  return createOutbox({
    storage: () => storage,
    send: server.send,
    user: () => user,
    online: () => online,
    now: () => now,
    exclusive: (work) => work(),
    ...overrides,
  });
}

const capture = (name: string, key = `key-${name}`) => ({
  endpoint: leadsApi.internalUpsert,
  body: { firstName: name, lastName: "Shopper", storeId: 1, serviceTypeId: 2, phone: "2015550142" },
  key,
  summary: { title: `${name} Shopper`, detail: "Roofing · Costco Wayne" },
  invalidates: [leadsApi.internalSearch],
});

beforeEach(() => {
  user = { userId: 42, currentOrganizationId: 7 };
  online = true;
  now = Date.parse("2026-11-20T15:00:00Z");
  server = fakeServer();
});
afterEach(() => vi.restoreAllMocks());

describe("the outbox", () => {
  it("keeps a capture with its exact body and key, sends it once, and records it as sent", async () => {
    online = false;
    const box = makeOutbox();
    const entry = await box.add(capture("Dana"));
    await box.flush();
    expect(server.send).not.toHaveBeenCalled();
    await box.reload();
    expect(box.snapshot().entries).toEqual([
      expect.objectContaining({
        id: entry.id,
        key: "key-Dana",
        body: capture("Dana").body,
        userId: 42,
        organizationId: 7,
        state: "waiting",
        invalidates: ["leads.internalSearch"],
      }),
    ]);

    online = true;
    const sent = vi.fn();
    box.onSent(sent);
    await box.flush({ force: true });
    expect(server.requests).toEqual([{ key: "key-Dana", body: capture("Dana").body }]);
    expect(box.snapshot().entries).toEqual([]);
    expect(box.snapshot().sent).toEqual([
      expect.objectContaining({
        id: entry.id,
        summary: { title: "Dana Shopper", detail: "Roofing · Costco Wayne" },
        result: { leadId: 500, duplicateOfLeadId: null },
        sentAt: "2026-11-20T15:00:00.000Z",
      }),
    ]);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it("retries an answer lost on the way back under the same key: the server makes one lead", async () => {
    const box = makeOutbox();
    server.loseNext(2);
    await box.add(capture("Dana"));
    await box.flush();
    // Lost: still waiting, to be tried again after a delay (not before, unless forced).
    expect(box.snapshot().entries).toEqual([
      expect.objectContaining({
        state: "waiting",
        attempts: 1,
        problem: expect.objectContaining({ status: 0 }),
      }),
    ]);
    const first = box.snapshot().entries[0];
    expect(first.nextAttemptAt - now).toBeGreaterThanOrEqual(4_000);
    await box.flush();
    expect(server.requests).toHaveLength(1);

    now = first.nextAttemptAt;
    await box.flush();
    expect(box.snapshot().entries[0].attempts).toBe(2);
    await box.flush({ force: true });

    expect(server.requests.map((r) => r.key)).toEqual(["key-Dana", "key-Dana", "key-Dana"]);
    for (const r of server.requests) expect(r.body).toEqual(capture("Dana").body);
    expect(server.leads.size).toBe(1);
    expect(box.snapshot().entries).toEqual([]);
    expect(box.snapshot().sent.map((s) => s.result.leadId)).toEqual([500]);
  });

  it("sends one at a time, in the order kept; a second flush while sending adds no request", async () => {
    const box = makeOutbox();
    online = false;
    await box.add(capture("Ann"));
    await box.add(capture("Ben"));
    await box.add(capture("Cal"));
    online = true;
    let inFlight = 0;
    let most = 0;
    const send = server.send.getMockImplementation() as NonNullable<
      ReturnType<typeof server.send.getMockImplementation>
    >;
    server.send.mockImplementation(async (e) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      try {
        return await send(e);
      } finally {
        inFlight--;
      }
    });
    await Promise.all([box.flush(), box.flush(), box.flush({ force: true })]);
    expect(most).toBe(1);
    expect(server.requests.map((r) => r.key)).toEqual(["key-Ann", "key-Ben", "key-Cal"]);
    expect(box.snapshot().sent.map((s) => s.summary.title)).toEqual([
      "Cal Shopper",
      "Ben Shopper",
      "Ann Shopper",
    ]);
  });

  it("keeps a refused capture as needing attention with the server's message, and goes on with the others", async () => {
    const box = makeOutbox();
    online = false;
    await box.add(capture("Ann"));
    await box.add(capture("Ben"));
    online = true;
    const stale = new ApiError({
      status: 400,
      code: "stale_disclosure",
      message: "The consent text for Field-service CRM has changed since this form was opened.",
      errors: { "consents.0.disclosureText": ["changed"] },
    });
    server.refuseNext(stale);
    await box.flush();
    expect(box.snapshot().entries).toEqual([
      expect.objectContaining({
        key: "key-Ann",
        state: "attention",
        problem: {
          status: 400,
          code: "stale_disclosure",
          message: stale.message,
          fields: { "consents.0.disclosureText": ["changed"] },
        },
      }),
    ]);
    expect(box.snapshot().sent.map((s) => s.summary.title)).toEqual(["Ben Shopper"]);
    // Not sent again by itself.
    await box.flush({ force: true });
    expect(server.requests).toHaveLength(2);

    // The person decides: a different request under a new key.
    const [ann] = box.snapshot().entries;
    await box.replace(ann.id, { ...(ann.body as object), consents: [] }, "key-Ann-2");
    expect(server.requests.at(-1)).toEqual({
      key: "key-Ann-2",
      body: { ...(ann.body as object), consents: [] },
    });
    expect(box.snapshot().entries).toEqual([]);
  });

  it("discards an entry for good, and tries one again when asked", async () => {
    const box = makeOutbox();
    server.refuseNext(new ApiError({ status: 403, message: "Your role does not give access to leads." }));
    const a = await box.add(capture("Ann"));
    await box.flush();
    expect(box.snapshot().entries[0].state).toBe("attention");
    await box.retry(a.id);
    expect(box.snapshot().entries).toEqual([]);
    expect(server.requests.map((r) => r.key)).toEqual(["key-Ann", "key-Ann"]);

    online = false;
    const b = await box.add(capture("Ben"));
    await box.discard(b.id);
    online = true;
    await box.flush({ force: true });
    expect(server.requests).toHaveLength(2);
    expect(box.snapshot().entries).toEqual([]);
  });

  it("sends an entry only under its own person and organization", async () => {
    const box = makeOutbox();
    online = false;
    await box.add(capture("Ann"));
    online = true;
    // Another person signed in on the same phone.
    user = { userId: 99, currentOrganizationId: 7 };
    await box.flush({ force: true });
    // The same person, working in another organization.
    user = { userId: 42, currentOrganizationId: 8 };
    await box.flush({ force: true });
    // Signed out.
    user = null;
    await box.flush({ force: true });
    expect(server.send).not.toHaveBeenCalled();

    user = { userId: 42, currentOrganizationId: 7 };
    await box.flush({ force: true });
    expect(server.requests.map((r) => r.key)).toEqual(["key-Ann"]);
  });

  it("waits for a new sign-in after a 401, and for the server after a 5xx or 429", async () => {
    const box = makeOutbox();
    for (const [status, message] of [
      [401, "Sign in again."],
      [503, "Busy."],
      [429, "Too many requests."],
    ] as const) {
      server.refuseNext(new ApiError({ status, message }));
      await box.add(capture(`S${status}`));
      await box.flush();
      const entry = box.snapshot().entries.find((e) => e.key === `key-S${status}`);
      expect(entry?.state, String(status)).toBe("waiting");
      expect(entry?.problem?.status).toBe(status);
      await box.flush({ force: true });
    }
    expect(box.snapshot().entries).toEqual([]);
  });

  it("keeps the last few sent per person and organization", async () => {
    const box = makeOutbox();
    for (let i = 0; i < SENT_KEPT + 3; i++) await box.add(capture(`P${i}`));
    await box.flush({ force: true });
    user = { userId: 42, currentOrganizationId: 8 };
    await box.add(capture("Other"));
    await box.flush({ force: true });
    const sent = box.snapshot().sent;
    expect(sent.filter((s) => s.organizationId === 7)).toHaveLength(SENT_KEPT);
    expect(sent.filter((s) => s.organizationId === 8)).toHaveLength(1);
    expect(sent[0].summary.title).toBe("Other Shopper");
  });

  it("tells the other tabs of a change", async () => {
    const box = makeOutbox();
    const disconnect = box.connect();
    const other = new BroadcastChannel("fieldlead-outbox");
    const heard = new Promise((resolve) => {
      other.onmessage = (e) => resolve(e.data);
    });
    online = false;
    await box.add(capture("Ann"));
    expect(await heard).toBe("changed");
    other.close();
    disconnect();
  });
});

describe("useOutbox", () => {
  it("shows the signed-in person their entries of the current organization, and counts the others'", async () => {
    const box = makeOutbox();
    online = false;
    session.set({ ...demoUser, userId: 42, currentOrganizationId: 7 });
    await box.add(capture("Ann"));
    user = { userId: 42, currentOrganizationId: 8 };
    await box.add(capture("Ben"));
    user = { userId: 99, currentOrganizationId: 7 };
    await box.add(capture("Someone else's"));
    const { result } = renderHook(() => useOutbox(box));
    await act(() => box.reload());
    expect(result.current.waiting.map((e) => e.summary.title)).toEqual(["Ann Shopper"]);
    expect(result.current.elsewhere.map((e) => e.summary.title)).toEqual(["Ben Shopper"]);

    act(() => session.set({ ...demoUser, userId: 99, currentOrganizationId: 7 }));
    expect(result.current.waiting.map((e) => e.summary.title)).toEqual(["Someone else's Shopper"]);
    expect(result.current.elsewhere).toEqual([]);
  });
});

describe("classify and retryDelay", () => {
  it("waits on the signal and the server, asks a person about every other refusal", () => {
    const of = (status: number) => classify(new ApiError({ status, message: "x" })).state;
    expect([0, 408, 429, 500, 502, 503, 401].map(of)).toEqual(Array(7).fill("waiting"));
    expect([400, 403, 404, 409, 422].map(of)).toEqual(Array(5).fill("attention"));
    expect(classify(new TypeError("Failed to fetch")).state).toBe("waiting");
  });

  it("doubles from 5 s to at most 5 minutes, a fifth either way", () => {
    expect(retryDelay(1, () => 0.5)).toBe(5_000);
    expect(retryDelay(2, () => 0.5)).toBe(10_000);
    expect(retryDelay(4, () => 0.5)).toBe(40_000);
    expect(retryDelay(30, () => 0.5)).toBe(300_000);
    expect(retryDelay(1, () => 0)).toBe(4_000);
    expect(retryDelay(1, () => 1)).toBe(6_000);
  });
});
