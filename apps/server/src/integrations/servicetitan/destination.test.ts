import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  AppointmentPayload,
  DeliveryResult,
  DeliveryState,
  DestinationEnv,
  TokenCache,
} from "../destination";
import { memoryTokenCache } from "./client";
import {
  createServiceTitanDestination,
  EXTERNAL_DATA_KEY,
  FIELDLEAD_APPLICATION_GUID,
  type StDestinationConfig,
  serviceTitanDestination,
  stDestinationCredentials,
  stDestinationSettings,
} from "./destination";
import { type ServiceTitanSimulator, startServiceTitanSimulator } from "./simulator";
import { SIMULATOR_BOOKING_PROVIDER_ID } from "./simulator-data";

/**
 * The destination against the simulator over real HTTP (port 0). The simulator validates every body with the
 * documented schemas and the client parses every answer with them, so a shape that strays fails here.
 */

let sim: ServiceTitanSimulator;
let seq = 0;
/** Every test its own idempotency key: the simulator's counts by key stay the test's own. */
const newKey = () => `fl-test-${process.pid}-${++seq}`;

// Reads are tried once here (no waits), each call times out quickly.
const destination = createServiceTitanDestination({ timeoutMs: 2_000, readRetry: { maxAttempts: 1 } });

const config = (
  settings: Record<string, unknown> = {},
  clientSecret = sim.credentials.clientSecret,
): StDestinationConfig => ({
  settings: stDestinationSettings.parse({
    apiUrl: sim.url,
    authUrl: sim.url,
    tenantId: sim.credentials.tenantId,
    clientId: sim.credentials.clientId,
    appKey: sim.credentials.appKey,
    bookingProviderId: SIMULATOR_BOOKING_PROVIDER_ID,
    campaignId: 9301,
    businessUnitId: 5101,
    jobTypeId: 8201,
    ...settings,
  }),
  credentials: stDestinationCredentials.parse({ clientSecret }),
});

/** A token cache that remembers every token it was given (to look for them in messages). */
function recordingCache(): TokenCache & { seen: string[] } {
  const inner = memoryTokenCache();
  const seen: string[] = [];
  return {
    seen,
    get: inner.get,
    set: async (key, value) => {
      seen.push(value.token);
      await inner.set(key, value);
    },
  };
}

let tokens: ReturnType<typeof recordingCache>;
const env = (more: Partial<DestinationEnv> = {}): DestinationEnv => ({
  fetch,
  now: () => new Date(),
  tokens,
  ...more,
});

const START = "2026-03-10T14:00:00.000Z";
const END = "2026-03-10T16:00:00.000Z";

type AppointmentMore = Partial<NonNullable<AppointmentPayload["appointment"]>>;
function payload(key: string, appointment: AppointmentMore | null = {}): AppointmentPayload {
  return {
    idempotencyKey: key,
    version: 1,
    organization: { id: 1, name: "Summit Home Comfort" },
    appointment:
      appointment === null
        ? null
        : {
            id: 501,
            typeId: 11,
            typeName: "In-home estimate",
            status: "booked",
            start: START,
            end: END,
            timeZone: "America/New_York",
            notes: "Side door, dog in the yard.",
            crm: { jobTypeId: null, campaignId: null, businessUnitId: null },
            ...appointment,
          },
    customer: {
      leadId: 9001,
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "2015550100",
      email: "ada@example.com",
      address: { street: "12 Elm St", city: "Montclair", state: "NJ", zip: "07042", country: "US" },
      languageId: null,
    },
    store: { id: 3, name: "Costco Clifton", storeNumber: "1041" },
    serviceType: { id: 7, name: "Heat pump" },
    answers: [{ question: "How old is the system?", answer: "15 years" }],
    consent: null,
    program: {
      hdsfiGroupId: null,
      hdJobTypeId: null,
      centahServiceId: null,
      centahAdCodeId: null,
      externalReference: null,
    },
    capturedAt: "2026-03-01T15:00:00.000Z",
    capturedBy: { userId: 4, name: "Sam Rep" },
    notes: "Wants a quote for two zones.",
  };
}

const fresh: DeliveryState = { externalId: null, externalIds: {}, sent: null, unclear: false };

/** What the worker keeps after a delivered send. */
function kept(result: DeliveryResult, p: AppointmentPayload): DeliveryState {
  if (result.outcome !== "delivered") throw new Error(`not delivered: ${result.error}`);
  return {
    externalId: result.externalId,
    externalIds: result.externalIds,
    sent: p.appointment
      ? {
          appointmentId: p.appointment.id,
          status: p.appointment.status,
          start: p.appointment.start,
          end: p.appointment.end,
        }
      : null,
    unclear: false,
  };
}

const send = (p: AppointmentPayload, state: DeliveryState = fresh, settings: Record<string, unknown> = {}) =>
  destination.send(p, state, config(settings), env());

const bookingOf = (id: string) => sim.records().bookings.find((b) => String(b.id) === id)!;
const jobOf = (id: string) => sim.records().jobs.find((j) => String(j.id) === id)!;
const countOf = (key: string) => sim.records().byKey[key] ?? { bookings: 0, jobs: 0, customers: 0 };
const apiCalls = () => sim.stats().calls;

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.reset();
  sim.clearStats();
  tokens = recordingCache();
});

describe("settings", () => {
  it("takes the documented settings with their defaults", () => {
    const s = stDestinationSettings.parse({
      apiUrl: "https://api.servicetitan.io",
      authUrl: "https://auth.servicetitan.io",
      tenantId: "123",
      clientId: "cid.abc",
      appKey: "ak1.xyz",
      bookingProviderId: 61,
    });
    expect(s).toMatchObject({
      tenantId: 123,
      mode: "booking",
      priority: "Normal",
      source: "FieldLead",
      campaignId: null,
      businessUnitId: null,
      jobTypeId: null,
      applicationGuid: FIELDLEAD_APPLICATION_GUID,
    });
  });

  it("says in words what is wrong", () => {
    const bad = stDestinationSettings.safeParse({
      apiUrl: "not a url",
      authUrl: "https://auth.servicetitan.io",
      tenantId: -4,
      clientId: "",
      appKey: "ak",
      priority: "Soon",
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages.apiUrl).toMatch(/API address is a URL/);
    expect(messages.tenantId).toMatch(/tenant id/);
    expect(messages.clientId).toMatch(/client id/);
    expect(messages.priority).toMatch(/Low, Normal, High or Urgent/);
    const noProvider = stDestinationSettings.safeParse({
      apiUrl: "https://api.servicetitan.io",
      authUrl: "https://auth.servicetitan.io",
      tenantId: 1,
      clientId: "c",
      appKey: "a",
    });
    expect(noProvider.error?.issues.map((i) => i.message)).toEqual([
      "Booking mode needs the booking provider id ServiceTitan gave the organization.",
    ]);
    // Job mode does without one.
    expect(
      stDestinationSettings.safeParse({
        apiUrl: "https://api.servicetitan.io",
        authUrl: "https://auth.servicetitan.io",
        tenantId: 1,
        clientId: "c",
        appKey: "a",
        mode: "job",
      }).success,
    ).toBe(true);
    expect(stDestinationCredentials.safeParse({}).error?.issues[0].message).toMatch(/client secret/);
  });

  it("is the registry's adapter of servicetitan, a CRM", () => {
    expect(serviceTitanDestination).toMatchObject({ vendor: "servicetitan", kind: "crm" });
  });
});

describe("booking mode", () => {
  it("creates one booking in the documented shape", async () => {
    const key = newKey();
    const result = await send(
      payload(key, { crm: { jobTypeId: 8202, campaignId: null, businessUnitId: null } }),
    );
    expect(result).toMatchObject({ outcome: "delivered", externalIds: { bookingProviderId: "61" } });
    if (result.outcome !== "delivered") return;
    expect(result.externalIds.bookingId).toBe(result.externalId);
    const booking = bookingOf(result.externalId);
    expect(booking).toMatchObject({
      source: "FieldLead",
      name: "Ada Lovelace",
      isFirstTimeClient: true,
      externalId: key,
      address: { street: "12 Elm St", city: "Montclair", state: "NJ", zip: "07042", country: "US" },
      contacts: [
        { type: "Phone", value: "2015550100" },
        { type: "Email", value: "ada@example.com" },
      ],
      customerType: "Residential",
      start: START,
      // The appointment type's job type; the destination's defaults for the others.
      jobTypeId: 8202,
      campaignId: 9301,
      businessUnitId: 5101,
      priority: "Normal",
      isSendConfirmationEmail: false,
      status: "New",
      bookingProviderId: 61,
    });
    expect(booking.summary).toContain("In-home estimate - Heat pump");
    expect(booking.summary).toContain("How old is the system?: 15 years");
    expect(booking.summary).toContain("Appointment notes: Side door, dog in the yard.");
    expect(booking.summary).toContain("Notes: Wants a quote for two zones.");
    expect(booking.summary).toContain("Store: Costco Clifton #1041");
    expect(booking.summary).toMatch(/Tue, Mar 10, 10:00\s?AM EDT/);
    expect(countOf(key)).toMatchObject({ bookings: 1 });
    expect(booking.operations.map((o) => o.op)).toEqual(["created"]);
  });

  it("sends a lead without an appointment as a booking without a start, and adds the start later", async () => {
    const key = newKey();
    const leadOnly = payload(key, null);
    const first = await send(leadOnly);
    if (first.outcome !== "delivered") throw new Error(first.error);
    expect(bookingOf(first.externalId).start).toBeNull();
    const booked = payload(key);
    const second = await send(booked, kept(first, leadOnly));
    expect(second).toMatchObject({ outcome: "delivered", externalId: first.externalId });
    expect(bookingOf(first.externalId)).toMatchObject({ start: START });
  });

  it("fetches one token for many sends, and renews a revoked token once", async () => {
    for (let i = 0; i < 3; i++) expect((await send(payload(newKey()))).outcome).toBe("delivered");
    expect(sim.stats().tokenRequests).toBe(1);
    sim.revokeTokens();
    expect((await send(payload(newKey()))).outcome).toBe("delivered");
    expect(sim.stats().tokenRequests).toBe(2);
    expect(apiCalls().map((c) => c.status)).toEqual([200, 200, 200, 401, 200]);
  });

  it("keeps tokens in the process when the environment has no cache", async () => {
    const bare = (): DestinationEnv => ({ fetch, now: () => new Date() });
    await serviceTitanDestination.send(payload(newKey()), fresh, config(), bare());
    await serviceTitanDestination.send(payload(newKey()), fresh, config(), bare());
    expect(sim.stats().tokenRequests).toBe(1);
  });

  it("answers retryable with the wait for a 429 with Retry-After, after one attempt", async () => {
    await send(payload(newKey())); // a token in the cache: the 429 is the booking's
    sim.clearStats();
    sim.set({ throttle: true, retryAfterSeconds: 7 });
    const result = await send(payload(newKey()));
    expect(result).toMatchObject({ outcome: "retryable", httpStatus: 429, retryAfterMs: 7_000 });
    expect(apiCalls()).toHaveLength(1);
  });

  it("answers retryable for a 500, every Nth call failing, and a CRM that is down", async () => {
    sim.set({ fail: true });
    expect(await send(payload(newKey()))).toMatchObject({ outcome: "retryable", httpStatus: 500 });
    sim.reset();
    await send(payload(newKey()));
    sim.set({ failEvery: 1 });
    const failing = await send(payload(newKey()));
    expect(failing).toMatchObject({ outcome: "retryable", httpStatus: 500 });
    expect(failing.outcome !== "delivered" && failing.error).toMatch(
      /^Creating the booking: ServiceTitan failed/,
    );
    sim.set({ failEvery: 0, down: true });
    const down = await send(payload(newKey()));
    expect(down).toMatchObject({ outcome: "retryable" });
    expect(down.outcome !== "delivered" && down.error).toMatch(/could not be reached/);
  });

  it("answers retryable when ServiceTitan is too slow, within the call's timeout", async () => {
    const quick = createServiceTitanDestination({ timeoutMs: 80 });
    sim.set({ slow: 300 });
    const started = Date.now();
    const result = await quick.send(payload(newKey()), fresh, config(), env());
    expect(result).toMatchObject({
      outcome: "retryable",
      error: expect.stringMatching(/did not answer in time/),
    });
    expect(Date.now() - started).toBeLessThan(280);
  });

  it("stops at the worker's deadline (env.signal)", async () => {
    sim.set({ slow: 300 });
    const result = await destination.send(
      payload(newKey()),
      fresh,
      config(),
      env({ signal: AbortSignal.timeout(60) }),
    );
    expect(result).toMatchObject({ outcome: "retryable", error: expect.stringMatching(/in time/) });
  });

  it("answers permanent for a 400, with the vendor's field messages in words", async () => {
    const key = newKey();
    const result = await send(
      payload(key, { crm: { jobTypeId: 8206, campaignId: 999, businessUnitId: null } }),
    );
    expect(result).toMatchObject({
      outcome: "permanent",
      httpStatus: 400,
      fieldErrors: {
        jobTypeId: [expect.stringMatching(/8206/)],
        campaignId: [expect.stringMatching(/999/)],
      },
    });
    expect(result.outcome === "permanent" && result.error).toMatch(
      /^Creating the booking: ServiceTitan refused the request \(HTTP 400: .*\)\. campaignId: Campaign 999 was not found or is inactive; jobTypeId: Job type 8206 .*\.$/,
    );
    expect(countOf(key).bookings).toBe(0);
  });

  it("finds before creating after an unclear failure: one booking for the key", async () => {
    const key = newKey();
    const p = payload(key);
    await send(payload(newKey())); // the token first: the write is what drops
    sim.clearStats();
    sim.set({ dropAfterWrite: 1 });
    const first = await send(p);
    expect(first).toMatchObject({ outcome: "retryable" });
    expect(countOf(key).bookings).toBe(1); // made, but we were never told
    const retry = await send(p, { ...fresh, unclear: true });
    expect(retry).toMatchObject({ outcome: "delivered" });
    if (retry.outcome !== "delivered") return;
    expect(sim.records().bookings.find((b) => b.externalId === key)?.id).toBe(Number(retry.externalId));
    expect(countOf(key).bookings).toBe(1);
    expect(apiCalls().map((c) => `${c.method} ${c.status}`)).toEqual(["POST 0", "GET 200"]);
  });

  it("moves the booking with a PATCH of start and summary, and does nothing when nothing changed", async () => {
    const key = newKey();
    const booked = payload(key);
    const first = await send(booked);
    const state = kept(first, booked);
    sim.clearStats();
    expect(await send(booked, state)).toMatchObject({ outcome: "delivered" });
    expect(apiCalls()).toHaveLength(0);
    const moved = payload(key, { start: "2026-03-11T18:00:00.000Z", end: "2026-03-11T20:00:00.000Z" });
    const second = await send(moved, state);
    expect(second).toMatchObject({ outcome: "delivered", externalId: state.externalId });
    const booking = bookingOf(state.externalId!);
    expect(booking.start).toBe("2026-03-11T18:00:00.000Z");
    expect(booking.summary).toMatch(/Wed, Mar 11, 2:00\s?PM EDT/);
    expect(booking.operations.map((o) => o.op)).toEqual(["created", "patched"]);
    expect(apiCalls().map((c) => c.method)).toEqual(["PATCH"]);
    // Another appointment at the same time is a change too (the appointment was replaced).
    await send(payload(key, { id: 777, start: "2026-03-11T18:00:00.000Z" }), kept(second, moved));
    expect(bookingOf(state.externalId!).operations.map((o) => o.op)).toEqual([
      "created",
      "patched",
      "patched",
    ]);
  });

  it("dismisses the booking when the appointment is cancelled, once", async () => {
    const key = newKey();
    const booked = payload(key);
    const state = kept(await send(booked), booked);
    const cancelled = payload(key, { status: "cancelled" });
    const result = await send(cancelled, state);
    expect(result).toMatchObject({ outcome: "delivered", externalId: state.externalId });
    expect(await send(cancelled, kept(result, cancelled))).toMatchObject({ outcome: "delivered" });
    const booking = bookingOf(state.externalId!);
    expect(booking.status).toBe("Dismissed");
    expect(booking.operations.map((o) => o.op)).toEqual(["created", "dismissed"]);
  });

  it("creates then dismisses a lead cancelled before it was ever sent: one booking, dismissed", async () => {
    const key = newKey();
    const result = await send(payload(key, { status: "cancelled" }));
    expect(result).toMatchObject({ outcome: "delivered" });
    expect(countOf(key).bookings).toBe(1);
    const booking = sim.records().bookings.find((b) => b.externalId === key)!;
    expect(booking.status).toBe("Dismissed");
    expect(booking.operations.map((o) => o.op)).toEqual(["created", "dismissed"]);
  });

  it("does not dismiss twice when the dismissal's answer was lost", async () => {
    const key = newKey();
    const booked = payload(key);
    const state = kept(await send(booked), booked);
    sim.set({ dropAfterWrite: 1 });
    const cancelled = payload(key, { status: "cancelled" });
    expect(await send(cancelled, state)).toMatchObject({ outcome: "retryable" });
    expect(await send(cancelled, { ...state, unclear: true })).toMatchObject({ outcome: "delivered" });
    expect(bookingOf(state.externalId!).operations.map((o) => o.op)).toEqual(["created", "dismissed"]);
  });

  it("takes a booking a CSR already dismissed as cancelled", async () => {
    const key = newKey();
    const booked = payload(key);
    const state = kept(await send(booked), booked);
    sim.progress(Number(state.externalId), { bookingStatus: "Dismissed" });
    expect(await send(payload(key, { status: "cancelled" }), state)).toMatchObject({ outcome: "delivered" });
    expect(bookingOf(state.externalId!).operations.map((o) => o.op)).toEqual(["created", "progressed"]);
  });

  it("refuses to reopen a dismissed booking, in words", async () => {
    const key = newKey();
    const cancelled = payload(key, { status: "cancelled" });
    const state = kept(await send(cancelled), cancelled);
    const rebooked = await send(payload(key), state);
    expect(rebooked).toMatchObject({
      outcome: "permanent",
      error: expect.stringMatching(/cannot be reopened/),
    });
    expect(bookingOf(state.externalId!).operations.map((o) => o.op)).toEqual(["created", "dismissed"]);
  });
});

describe("job mode", () => {
  const job = { mode: "job" };

  it("creates a customer with its location and a job with one appointment, keeping every id", async () => {
    const key = newKey();
    const result = await send(payload(key), fresh, job);
    expect(result.outcome).toBe("delivered");
    if (result.outcome !== "delivered") return;
    const records = sim.records();
    const customer = records.customers.find((c) => String(c.id) === result.externalIds.customerId)!;
    const made = jobOf(result.externalId);
    expect(result.externalIds).toEqual({
      customerId: String(customer.id),
      locationId: String(customer.locations[0].id),
      jobId: result.externalId,
      jobNumber: made.jobNumber,
      appointmentId: String(made.firstAppointmentId),
    });
    expect(customer).toMatchObject({
      name: "Ada Lovelace",
      type: "Residential",
      address: { street: "12 Elm St", zip: "07042" },
      externalData: [{ applicationGuid: FIELDLEAD_APPLICATION_GUID, key: EXTERNAL_DATA_KEY, value: key }],
    });
    expect(made).toMatchObject({
      customerId: customer.id,
      locationId: customer.locations[0].id,
      jobStatus: "Scheduled",
      businessUnitId: 5101,
      jobTypeId: 8201,
      campaignId: 9301,
      priority: "Normal",
      appointments: [{ start: START, end: END }],
      externalData: [{ key: EXTERNAL_DATA_KEY, value: key }],
    });
    expect(countOf(key)).toEqual({ bookings: 0, jobs: 1, customers: 1 });
  });

  it("moves by rescheduling the job's appointment, and cancels the job", async () => {
    const key = newKey();
    const booked = payload(key);
    const first = await send(booked, fresh, job);
    const moved = payload(key, { start: "2026-03-12T13:00:00.000Z", end: "2026-03-12T15:00:00.000Z" });
    const second = await send(moved, kept(first, booked), job);
    expect(second).toMatchObject({ outcome: "delivered", externalId: kept(first, booked).externalId });
    const cancelled = payload(key, {
      status: "cancelled",
      start: moved.appointment!.start,
      end: moved.appointment!.end,
    });
    expect(await send(cancelled, kept(second, moved), job)).toMatchObject({ outcome: "delivered" });
    const made = jobOf(kept(first, booked).externalId!);
    expect(made.appointments[0]).toMatchObject({
      start: "2026-03-12T13:00:00.000Z",
      end: "2026-03-12T15:00:00.000Z",
    });
    expect(made.jobStatus).toBe("Canceled");
    expect(made.operations.map((o) => o.op)).toEqual(["created", "rescheduled", "cancelled"]);
  });

  it("needs a job type, business unit and campaign: permanent, in words, nothing made", async () => {
    const key = newKey();
    const result = await send(payload(key), fresh, {
      mode: "job",
      jobTypeId: null,
      campaignId: null,
      businessUnitId: 5101,
    });
    expect(result).toMatchObject({ outcome: "permanent" });
    expect(result.outcome === "permanent" && result.error).toMatch(
      /needs a job type, business unit and campaign .* "In-home estimate" .*missing: job type, campaign/,
    );
    expect(countOf(key)).toEqual({ bookings: 0, jobs: 0, customers: 0 });
  });

  it("makes one customer and one job however the tries fail on the way", async () => {
    const key = newKey();
    const p = payload(key);
    await send(payload(newKey()), fresh, job); // a token first
    // Find the customer (1), make it (2), the job fails (3): the customer is made, the job is not.
    sim.set({ failEvery: 3 });
    expect(await send(p, fresh, job)).toMatchObject({ outcome: "retryable", httpStatus: 500 });
    expect(countOf(key)).toMatchObject({ customers: 1, jobs: 0 });
    // The job is made but its answer is lost.
    sim.set({ failEvery: 0, dropAfterWrite: 1 });
    expect(await send(p, { ...fresh, unclear: true }, job)).toMatchObject({ outcome: "retryable" });
    expect(countOf(key)).toMatchObject({ customers: 1, jobs: 1 });
    // The next try finds it by our key.
    const last = await send(p, { ...fresh, unclear: true }, job);
    expect(last).toMatchObject({ outcome: "delivered" });
    expect(countOf(key)).toEqual({ bookings: 0, jobs: 1, customers: 1 });
    if (last.outcome === "delivered")
      expect(Object.keys(last.externalIds).sort()).toEqual([
        "appointmentId",
        "customerId",
        "jobId",
        "jobNumber",
        "locationId",
      ]);
  });
});

describe("outcomes", () => {
  const read = async (
    records: { externalId: string; externalIds: Record<string, string> }[],
    settings = {},
  ) => {
    const answer = await destination.outcomes!(records, config(settings), env());
    if (answer.outcome !== "ok") throw new Error(answer.error);
    return answer.value;
  };
  const sent = async (p = payload(newKey()), settings: Record<string, unknown> = {}) => {
    const r = await send(p, fresh, settings);
    if (r.outcome !== "delivered") throw new Error(r.error);
    return { externalId: r.externalId, externalIds: { ...r.externalIds } };
  };

  it("maps bookings and their jobs: sold with revenue, not sold, no-show, ran, cancelled, pending", async () => {
    const sold = await sent();
    const notSold = await sent();
    const noShow = await sent();
    const ran = await sent();
    const accepted = await sent();
    const untouched = await sent();
    const dismissedKey = newKey();
    const dismissed = await sent(payload(dismissedKey, { status: "cancelled" }));
    sim.progress(Number(sold.externalId), { jobStatus: "Completed", invoiceTotal: 4250.5 });
    sim.progress(Number(notSold.externalId), { jobStatus: "Completed", invoiceTotal: 0 });
    sim.progress(Number(noShow.externalId), { noShow: true });
    sim.progress(Number(ran.externalId), { jobStatus: "InProgress" });
    sim.progress(Number(accepted.externalId), { bookingStatus: "Accepted" });
    const outcomes = await read([sold, notSold, noShow, ran, accepted, untouched, dismissed]);
    const soldJob = bookingOf(sold.externalId).jobId!;
    expect(outcomes[0]).toEqual({
      externalId: sold.externalId,
      outcome: "sold",
      revenue: 4250.5,
      jobId: String(soldJob),
      jobNumber: jobOf(String(soldJob)).jobNumber,
      contactedAt: bookingOf(sold.externalId).modifiedOn,
      externalIds: { jobId: String(soldJob), jobNumber: jobOf(String(soldJob)).jobNumber },
    });
    expect(outcomes.map((o) => [o.outcome, o.revenue])).toEqual([
      ["sold", 4250.5],
      ["notSold", 0],
      ["noShow", null],
      ["ran", null],
      ["pending", null],
      ["pending", null],
      ["cancelled", null],
    ]);
    expect(outcomes[4].contactedAt).toBe(bookingOf(accepted.externalId).modifiedOn);
    expect(outcomes[5].contactedAt).toBeNull();
  });

  it("maps jobs made in job mode, the revenue the sum of their invoices", async () => {
    const job = { mode: "job" };
    const sold = await sent(payload(newKey()), job);
    const cancelled = await sent(payload(newKey()), job);
    const scheduled = await sent(payload(newKey()), job);
    sim.progress(Number(sold.externalId), { jobStatus: "Completed", invoiceTotal: 12_000.25 });
    sim.progress(Number(cancelled.externalId), { jobStatus: "Canceled" });
    const outcomes = await read([sold, cancelled, scheduled], job);
    expect(outcomes.map((o) => [o.outcome, o.revenue])).toEqual([
      ["sold", 12_000.25],
      ["cancelled", null],
      ["pending", null],
    ]);
    expect(outcomes[0].contactedAt).toBe(jobOf(sold.externalId).createdOn);
  });

  it("reads at most 50 ids a call", async () => {
    const records = [];
    for (let i = 0; i < 120; i++) records.push(await sent());
    sim.clearStats();
    const outcomes = await read(records);
    expect(outcomes).toHaveLength(120);
    expect(outcomes.every((o) => o.outcome === "pending")).toBe(true);
    const reads = apiCalls().filter((c) => c.method === "GET" && c.path.endsWith("/bookings"));
    expect(reads).toHaveLength(3);
  });
});

describe("the settings test", () => {
  it("fetches a token and reads the business units", async () => {
    const answer = await destination.test!(config(), env());
    expect(answer).toEqual({
      outcome: "ok",
      value: { message: `Connected to tenant ${sim.credentials.tenantId}: 2 business units.` },
    });
    expect(sim.stats().tokenRequests).toBe(1);
  });

  it("says in words what failed", async () => {
    const answer = await destination.test!(config({}, "wrong-secret-value"), env());
    expect(answer).toMatchObject({
      outcome: "permanent",
      error: expect.stringMatching(/client id or secret/),
    });
    const wrongTenant = await destination.test!(config({ tenantId: 99 }), env());
    expect(wrongTenant).toMatchObject({ outcome: "permanent", httpStatus: 404 });
  });
});

describe("lookups and capacity", () => {
  it("answers the lists as lookup items and the capacity as windows in labor hours", async () => {
    const types = await destination.lookups!("jobTypes", config(), env());
    if (types.outcome !== "ok") throw new Error(types.error);
    expect(types.value).toContainEqual({ id: "8206", name: "Duct Cleaning (retired)", active: false });
    const windows = await destination.capacity!(
      { from: "2026-03-02T05:00:00Z", to: "2026-03-03T05:00:00Z", businessUnitIds: ["5101"] },
      config(),
      env(),
    );
    if (windows.outcome !== "ok") throw new Error(windows.error);
    expect(windows.value).toHaveLength(5);
    expect(windows.value[0]).toMatchObject({
      start: "2026-03-02T13:00:00.000Z",
      end: "2026-03-02T15:00:00.000Z",
      totalHours: 6,
    });
  });
});

describe("secrets", () => {
  it("never puts the client secret or a token in an error", async () => {
    const secret = sim.credentials.clientSecret;
    const results: unknown[] = [];
    results.push(await destination.send(payload(newKey()), fresh, config({}, "wrong-secret-1234"), env()));
    results.push(await destination.test!(config({}, "wrong-secret-1234"), env()));
    await send(payload(newKey()));
    sim.set({ throttle: true });
    results.push(await send(payload(newKey())));
    sim.set({ throttle: false, down: true });
    results.push(await send(payload(newKey())));
    sim.reset();
    results.push(await send(payload(newKey(), { crm: { jobTypeId: 1, campaignId: 2, businessUnitId: 3 } })));
    // A proxy that echoes what it was sent, the secret and the token included.
    const echo: typeof fetch = async (input, init) => {
      if (String(input).endsWith("/connect/token")) return fetch(input, init);
      const headers = new Headers(init?.headers);
      return Response.json(
        {
          title: `Bad request from ${headers.get("authorization")} (${secret})`,
          errors: { [secret]: [`token ${headers.get("authorization")}`] },
        },
        { status: 400 },
      );
    };
    results.push(await destination.send(payload(newKey()), fresh, config(), env({ fetch: echo })));
    const text = JSON.stringify(results);
    expect(results.every((r) => (r as { outcome: string }).outcome !== "delivered")).toBe(true);
    expect(tokens.seen.length).toBeGreaterThan(0);
    for (const hidden of [secret, "wrong-secret-1234", ...tokens.seen]) expect(text).not.toContain(hidden);
    expect(text).toContain("[redacted]");
  });
});
