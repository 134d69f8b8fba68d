import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthHeaders,
  createTestApp,
  type TestApp,
  testConfig,
  testDatabaseKind,
} from "../../../test/harness";
import { type App, buildApp } from "../../app";
import { notificationsRoutes, notificationsService } from "./index";
import { notificationsTestKit } from "./notifications.test-support";

// The bell's live count (issue #16, docs/decisions/0041-notifications-and-support.md): server-sent events read with
// fetch() and the Authorization header, as the browser does; the first count at once, a new one when a send reaches
// the person or they read in another tab, nothing for what does not concern them, cleaned up on disconnect, and
// every open stream ended when the server closes (so it does not hang).

let t: TestApp;
const k = notificationsTestKit(() => t);
let base: string;
let closed = false;
let lg: { id: number; email: string };
let luis: AuthHeaders;

type Stream = {
  response: Response;
  /** The next `unread` event's count (fails after `timeoutMs`). */
  next: (timeoutMs?: number) => Promise<number>;
  /** Whether anything but pings arrives within `ms`. */
  quietFor: (ms: number) => Promise<boolean>;
  /** Resolves once the server ended the stream. */
  ended: () => Promise<void>;
  /** Raw text received so far. */
  text: () => string;
  abort: () => void;
};

/** Opens the stream as the web app does (fetch with the Authorization header) and parses its events. */
async function open(a: AuthHeaders, url = `${base}/api/notifications/events`): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: a.authorization, accept: "text/event-stream" },
    signal: controller.signal,
  });
  const events: number[] = [];
  const waiting: ((n: number) => void)[] = [];
  let raw = "";
  let buffer = "";
  let done = false;
  const doneWaiters: (() => void)[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader!.read();
        if (chunk.done) break;
        const text = decoder.decode(chunk.value, { stream: true });
        raw += text;
        buffer += text;
        let at = buffer.indexOf("\n\n");
        while (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const lines = block.split("\n");
          if (lines.includes("event: unread")) {
            const data = lines.find((l) => l.startsWith("data: "));
            const n = (JSON.parse(data!.slice(6)) as { unread: number }).unread;
            const w = waiting.shift();
            if (w) w(n);
            else events.push(n);
          }
          at = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Aborted by the test.
    }
    done = true;
    for (const w of doneWaiters) w();
  })();
  return {
    response,
    next: (timeoutMs = 5_000) =>
      new Promise<number>((resolve, reject) => {
        const queued = events.shift();
        if (queued !== undefined) return resolve(queued);
        const timer = setTimeout(() => reject(new Error("no unread event in time")), timeoutMs);
        waiting.push((n) => {
          clearTimeout(timer);
          resolve(n);
        });
      }),
    quietFor: async (ms) => {
      const before = events.length;
      await new Promise((r) => setTimeout(r, ms));
      return events.length === before;
    },
    ended: () => (done ? Promise.resolve() : new Promise<void>((r) => doneWaiters.push(r))),
    text: () => raw,
    abort: () => controller.abort(),
  };
}

const eventually = async (check: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("not in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  lg = { id: await k.userId("lg@demo.local"), email: "lg@demo.local" };
  luis = await k.as("lg@demo.local");
}, 120_000);
afterAll(async () => {
  if (!closed) await t?.close();
});

describe("the notification stream", () => {
  it("sends the unread count at once, then whenever a send reaches the person or they read in another tab", async () => {
    const hub = t.app.deps.services.notifications.events;
    const start = await k.unread(luis);
    const tab = await open(luis);
    expect(tab.response.status).toBe(200);
    expect(tab.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(tab.response.headers.get("cache-control")).toBe("no-store");
    expect(await tab.next()).toBe(start);
    expect(tab.text()).toContain(`event: unread\ndata: {"unread":${start}}\n\n`);

    const manager = await k.as("manager@demo.local");
    const first = await k.sendOk(manager, k.message({ userIds: [lg.id] }));
    expect(await tab.next()).toBe(start + 1);

    // A second tab gets the count at once; a read in one moves both.
    const other = await open(luis);
    expect(await other.next()).toBe(start + 1);
    expect(hub.size()).toMatchObject({ people: 1, streams: 2 });
    await k.read(luis, { ids: [first.id] });
    expect(await tab.next()).toBe(start);
    expect(await other.next()).toBe(start);

    // Someone else's notification says nothing on this stream; the next one for Luis does.
    const lena = await k.userId("lglead@demo.local");
    await k.sendOk(manager, k.message({ userIds: [lena] }));
    expect(await tab.quietFor(300)).toBe(true);
    await k.sendOk(manager, k.message({ everyone: true }, { sendEmail: false }));
    expect(await tab.next()).toBe(start + 1);
    expect(await other.next()).toBe(start + 1);

    // A notice from another area (in its own transaction) moves the bell after its commit.
    const uow = t.app.deps.platform.uow;
    await uow.run((tx) =>
      t.app.deps.services.notifications.notices.notify(tx, {
        organizationId: Number(luis.currentorganizationid),
        kind: "missingPunch",
        userIds: [lg.id],
        title: "Missing punch out",
        body: "Propose the time you left.",
        link: "/labor/time-logs",
      }),
    );
    expect(await tab.next()).toBe(start + 2);
    await k.read(luis, { all: true });
    expect(await tab.next()).toBe(0);

    // A closed tab is forgotten by the server.
    other.abort();
    await eventually(() => hub.size().streams === 1);
    tab.abort();
    await eventually(() => hub.size().streams === 0 && hub.size().people === 0);
  });

  it("answers 401 without a session, as every session call does", async () => {
    const res = await fetch(`${base}/api/notifications/events`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/Sign in/);
    const stale = await fetch(`${base}/api/notifications/events`, {
      headers: { authorization: "Bearer not-a-session" },
    });
    expect(stale.status).toBe(401);
  });

  it("keeps an idle stream open with a comment every so often", async () => {
    // The events route alone, over a service of its own, with a short ping; the session is given by a stub hook.
    const svc = notificationsService({
      uow: t.app.deps.platform.uow,
      outbox: t.app.deps.platform.outbox,
      mailer: t.app.deps.mailer,
      publicUrl: "http://app.test",
    });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest("sessionCtx", null);
    app.addHook("onRequest", async (req) => {
      req.sessionCtx = { userId: lg.id, sessionId: 0, currentOrganizationId: 0, offsetMinutes: 0 };
    });
    notificationsRoutes(svc, { pingMs: 40 })(app);
    await app.listen({ port: 0, host: "127.0.0.1" });
    let appClosed = false;
    try {
      const port = (app.server.address() as AddressInfo).port;
      const stream = await open(luis, `http://127.0.0.1:${port}/api/notifications/events`);
      await stream.next();
      await eventually(() => (stream.text().match(/: ping\n\n/g) ?? []).length >= 2, 2_000);
      expect(stream.text()).toMatch(/^retry: \d+\n\n/);
      // The server closing ends the stream it still holds open, and closes.
      await app.close();
      appClosed = true;
      await stream.ended();
      expect(svc.events.size()).toEqual({ people: 0, streams: 0 });
    } finally {
      if (!appClosed) await app.close();
    }
  });

  // Several API processes share PostgreSQL: a send served by one reaches a stream held by another by NOTIFY. The
  // embedded database is one process (there is no other to tell), so this is PostgreSQL's.
  it.runIf(testDatabaseKind === "postgres")(
    "reaches a stream held by another API process (PostgreSQL NOTIFY)",
    async () => {
      const other: App = await buildApp({ config: testConfig(), database: t.database });
      await other.ready();
      try {
        const tab = await open(luis);
        const start = await tab.next();
        const manager = await k.as("manager@demo.local");
        const res = await other.inject({
          method: "POST",
          url: "/api/notifications/send-notification",
          headers: {
            authorization: manager.authorization,
            currentorganizationid: manager.currentorganizationid,
          },
          payload: k.message({ userIds: [lg.id] }, { sendEmail: false }),
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(await tab.next()).toBe(start + 1);
        // And a read in the other process.
        await other.inject({
          method: "POST",
          url: "/api/notifications/read",
          headers: { authorization: luis.authorization },
          payload: { all: true },
        });
        expect(await tab.next()).toBe(0);
        tab.abort();
      } finally {
        await other.close();
      }
    },
  );

  it("ends every open stream when the server closes, and the server closes", async () => {
    const a = await open(luis);
    const b = await open(await k.as("manager@demo.local"));
    await a.next();
    await b.next();
    const closing = t.close();
    await Promise.race([
      closing,
      new Promise((_, reject) => setTimeout(() => reject(new Error("the server did not close")), 10_000)),
    ]);
    closed = true;
    await a.ended();
    await b.ended();
    expect(t.app.deps.services.notifications.events.size()).toEqual({ people: 0, streams: 0 });
  });
});
