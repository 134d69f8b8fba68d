import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ServiceTitanSimulator, startServiceTitanSimulator } from "./simulator";
import { SIMULATOR_BOOKING_PROVIDER_ID } from "./simulator-data";
import type { SimulatedRecords } from "./simulator-records";

/** The simulator's records over raw HTTP: the documented shapes, its checks, its counts, its switches. */

let sim: ServiceTitanSimulator;

async function tokenOf(s: ServiceTitanSimulator): Promise<string> {
  const res = await fetch(`${s.url}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: s.credentials.clientId,
      client_secret: s.credentials.clientSecret,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Calls one simulator's API as ServiceTitan's clients do. */
function caller(s: ServiceTitanSimulator, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(
      `${s.url}/${path.split("/")[0]}/v2/tenant/${s.credentials.tenantId}/${path.split("/").slice(1).join("/")}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          "st-app-key": s.credentials.appKey,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
    return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : undefined) as any };
  };
}

let api: ReturnType<typeof caller>;
const bookings = `crm/booking-provider/${SIMULATOR_BOOKING_PROVIDER_ID}/bookings`;
const booking = (externalId: string, more: Record<string, unknown> = {}) => ({
  source: "FieldLead",
  name: "Ada Lovelace",
  summary: "Heat pump estimate",
  isFirstTimeClient: true,
  externalId,
  ...more,
});
const address = { street: "12 Elm St", city: "Montclair", state: "NJ", zip: "07042", country: "US" };

async function customerAndJob(
  externalValue: string,
  start = "2026-03-10T14:00:00Z",
  end = "2026-03-10T16:00:00Z",
) {
  const externalData = {
    applicationGuid: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
    externalData: [{ key: "k", value: externalValue }],
  };
  const customer = await api("POST", "crm/customers", {
    name: "Ada Lovelace",
    address,
    locations: [{ name: "Home", address }],
    externalData,
  });
  const job = await api("POST", "jpm/jobs", {
    customerId: customer.json.id,
    locationId: customer.json.locations[0].id,
    businessUnitId: 5101,
    jobTypeId: 8201,
    priority: "Normal",
    campaignId: 9301,
    appointments: [{ start, end }],
    externalData,
  });
  return { customer, job };
}

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
  api = caller(sim, await tokenOf(sim));
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.clearStats();
  sim.clearRecords();
});

describe("bookings", () => {
  it("validates the body with the documented schema: 400 with the errors by field", async () => {
    const missing = await api("POST", bookings, { name: "Ada" });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      status: 400,
      title: expect.any(String),
      traceId: expect.any(String),
    });
    expect(Object.keys(missing.json.errors).sort()).toEqual([
      "externalId",
      "isFirstTimeClient",
      "source",
      "summary",
    ]);
    const misspelt = await api("POST", bookings, booking("k1", { bussinessUnitId: 5101 }));
    expect(misspelt.status).toBe(400);
    const badTime = await api("POST", bookings, booking("k1", { start: "tomorrow", priority: "Soon" }));
    expect(Object.keys(badTime.json.errors).sort()).toEqual(["priority", "start"]);
    const unknownProvider = await api("POST", "crm/booking-provider/999/bookings", booking("k1"));
    expect(unknownProvider.status).toBe(404);
    expect(sim.records().bookings).toHaveLength(0);
  });

  it("creates with 200 and the booking's own fields; does not refuse a second with the same externalId", async () => {
    const first = await api("POST", bookings, booking("dup", { start: "2026-03-10T14:00:00Z" }));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      id: expect.any(Number),
      status: "New",
      externalId: "dup",
      start: "2026-03-10T14:00:00.000Z",
      createdOn: expect.any(String),
      modifiedOn: expect.any(String),
      jobId: null,
      bookingProviderId: SIMULATOR_BOOKING_PROVIDER_ID,
    });
    expect((await api("POST", bookings, booking("dup"))).status).toBe(200);
    expect(sim.records().byKey.dup).toEqual({ bookings: 2, jobs: 0, customers: 0 });
    const found = await api("GET", `${bookings}?externalId=dup`);
    expect(found.json).toMatchObject({ page: 1, hasMore: false });
    expect(found.json.data).toHaveLength(2);
    const byIds = await api("GET", `${bookings}?ids=${first.json.id}`);
    expect(byIds.json.data.map((b: { id: number }) => b.id)).toEqual([first.json.id]);
  });

  it("keeps each booking's operations, a patch after a dismissal included", async () => {
    const made = await api("POST", bookings, booking("ops"));
    const id = made.json.id;
    expect((await api("POST", `${bookings}/${id}/dismiss`, { dismissingMemo: "Cancelled" })).status).toBe(
      200,
    );
    expect((await api("POST", `${bookings}/${id}/dismiss`, {})).status).toBe(409);
    const patched = await api("PATCH", `${bookings}/${id}`, { start: "2026-03-11T14:00:00Z" });
    expect(patched.json).toMatchObject({ status: "Dismissed", start: "2026-03-11T14:00:00.000Z" });
    const ops = sim.records().bookings[0].operations;
    expect(ops.map((o) => o.op)).toEqual(["created", "dismissed", "patched"]);
    expect(ops[2].detail).toMatchObject({ status: "Dismissed" });
    expect(ops.every((o) => !Number.isNaN(Date.parse(o.at)))).toBe(true);
    expect((await api("PATCH", `${bookings}/999`, { summary: "x" })).status).toBe(404);
  });
});

describe("customers, jobs, appointments, invoices", () => {
  it("makes a customer with its locations and a job with its appointment, in the documented shapes", async () => {
    const { customer, job } = await customerAndJob("job-key");
    expect(customer.status).toBe(200);
    expect(customer.json).toMatchObject({
      id: expect.any(Number),
      name: "Ada Lovelace",
      locations: [{ id: expect.any(Number), name: "Home" }],
      externalData: [{ key: "k", value: "job-key" }],
    });
    expect(job.status).toBe(200);
    expect(job.json).toMatchObject({
      id: expect.any(Number),
      jobNumber: expect.any(String),
      jobStatus: "Scheduled",
      firstAppointmentId: expect.any(Number),
      customerId: customer.json.id,
    });
    const found = await api(
      "GET",
      "jpm/jobs?externalDataApplicationGuid=6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f&externalDataKey=k&externalDataValues=job-key",
    );
    expect(found.json.data.map((j: { id: number }) => j.id)).toEqual([job.json.id]);
    const none = await api(
      "GET",
      "jpm/jobs?externalDataApplicationGuid=6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f&externalDataKey=k&externalDataValues=other",
    );
    expect(none.json.data).toEqual([]);
    const appts = await api("GET", `jpm/appointments?ids=${job.json.firstAppointmentId}`);
    expect(appts.json.data[0]).toMatchObject({ jobId: job.json.id, start: "2026-03-10T14:00:00.000Z" });
    expect(sim.records().byKey["job-key"]).toEqual({ bookings: 0, jobs: 1, customers: 1 });
  });

  it("checks references: unknown customer, a location not the customer's, an inactive job type, end before start", async () => {
    const { customer } = await customerAndJob("refs");
    const body = {
      customerId: customer.json.id,
      locationId: customer.json.locations[0].id,
      businessUnitId: 5101,
      jobTypeId: 8201,
      priority: "Normal",
      campaignId: 9301,
      appointments: [{ start: "2026-03-10T14:00:00Z", end: "2026-03-10T16:00:00Z" }],
    };
    expect((await api("POST", "jpm/jobs", { ...body, customerId: 42 })).json.errors).toHaveProperty(
      "customerId",
    );
    expect((await api("POST", "jpm/jobs", { ...body, locationId: 42 })).json.errors).toHaveProperty(
      "locationId",
    );
    expect((await api("POST", "jpm/jobs", { ...body, jobTypeId: 8206 })).json.errors).toHaveProperty(
      "jobTypeId",
    );
    const backwards = await api("POST", "jpm/jobs", {
      ...body,
      appointments: [{ start: "2026-03-10T16:00:00Z", end: "2026-03-10T14:00:00Z" }],
    });
    expect(backwards.json.errors).toHaveProperty(["appointments.0.end"]);
    const orphan = await api("POST", "crm/locations", { customerId: 42, name: "Shop", address });
    expect(orphan.status).toBe(409);
    const extra = await api("POST", "crm/locations", { customerId: customer.json.id, name: "Shop", address });
    expect(extra.json).toMatchObject({ customerId: customer.json.id, name: "Shop" });
  });

  it("reschedules, cancels once, and logs both", async () => {
    const { job } = await customerAndJob("moves");
    const apptId = job.json.firstAppointmentId;
    const moved = await api("PATCH", `jpm/appointments/${apptId}/reschedule`, {
      start: "2026-03-12T14:00:00Z",
      end: "2026-03-12T16:00:00Z",
    });
    expect(moved.json).toMatchObject({ id: apptId, start: "2026-03-12T14:00:00.000Z" });
    expect((await api("POST", `jpm/jobs/${job.json.id}/cancel`, {})).status).toBe(200);
    expect((await api("POST", `jpm/jobs/${job.json.id}/cancel`, {})).status).toBe(409);
    const late = await api("PATCH", `jpm/appointments/${apptId}/reschedule`, {
      start: "2026-03-13T14:00:00Z",
      end: "2026-03-13T16:00:00Z",
    });
    expect(late.status).toBe(409);
    expect(sim.records().jobs[0].operations.map((o) => o.op)).toEqual([
      "created",
      "rescheduled",
      "cancelled",
    ]);
  });

  it("progresses by hand: a booking into a job, a job completed with an invoice whose money is a string", async () => {
    const made = await api("POST", bookings, booking("progress", { start: "2026-03-10T14:00:00Z" }));
    const moved = sim.progress(made.json.id, { jobStatus: "Completed", invoiceTotal: 1234.5 });
    expect(moved.booking).toMatchObject({ status: "Converted", jobId: expect.any(Number) });
    expect(moved.job).toMatchObject({ jobStatus: "Completed", bookingId: made.json.id });
    const invoices = await api("GET", `accounting/invoices?jobIds=${moved.booking!.jobId}`);
    expect(invoices.json.data).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        job: { id: moved.booking!.jobId, number: expect.any(String) },
        total: "1234.50",
        balance: "1234.50",
        invoiceDate: expect.any(String),
      }),
    ]);
    // Over HTTP too.
    const noShow = await fetch(`${sim.url}/__simulator/progress`, {
      method: "POST",
      body: JSON.stringify({ id: moved.booking!.jobId, noShow: true }),
    });
    expect(((await noShow.json()) as { job: object }).job).toMatchObject({
      jobStatus: "Canceled",
      noShow: true,
      cancelReason: { name: "Customer no-show" },
    });
    const unknown = await fetch(`${sim.url}/__simulator/progress`, {
      method: "POST",
      body: JSON.stringify({ id: 1 }),
    });
    expect(unknown.status).toBe(404);
    const bad = await fetch(`${sim.url}/__simulator/progress`, {
      method: "POST",
      body: JSON.stringify({ id: made.json.id, jobStatus: "Done" }),
    });
    expect(bad.status).toBe(400);
  });

  it("answers the records over HTTP as in code, and forgets them", async () => {
    await api("POST", bookings, booking("http"));
    const over = (await (await fetch(`${sim.url}/__simulator/records`)).json()) as SimulatedRecords;
    expect(over).toEqual(JSON.parse(JSON.stringify(sim.records())));
    expect(over.byKey.http).toEqual({ bookings: 1, jobs: 0, customers: 0 });
    await fetch(`${sim.url}/__simulator/records`, { method: "DELETE" });
    expect(sim.records().bookings).toEqual([]);
  });
});

describe("the new switches", () => {
  it("failEvery: every Nth API call answers 500", async () => {
    await fetch(`${sim.url}/__simulator/switches`, {
      method: "POST",
      body: JSON.stringify({ failEvery: 2 }),
    });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api("GET", "marketing/campaigns")).status);
    expect(statuses).toEqual([200, 500, 200, 500]);
  });

  it("throttle: every API call answers 429 with Retry-After while on", async () => {
    sim.set({ throttle: true, retryAfterSeconds: 3 });
    for (let i = 0; i < 3; i++) {
      const r = await api("GET", "marketing/campaigns");
      expect(r.status).toBe(429);
      expect(r.headers.get("retry-after")).toBe("3");
    }
    sim.set({ throttle: false });
    expect((await api("GET", "marketing/campaigns")).status).toBe(200);
  });

  it("dropAfterWrite: the write is carried out, the answer never comes", async () => {
    await fetch(`${sim.url}/__simulator/switches`, {
      method: "POST",
      body: JSON.stringify({ dropAfterWrite: 1 }),
    });
    await expect(api("POST", bookings, booking("dropped"))).rejects.toThrow();
    expect(sim.records().byKey.dropped).toEqual({ bookings: 1, jobs: 0, customers: 0 });
    expect(sim.stats().calls.at(-1)).toMatchObject({ method: "POST", status: 0 });
    // Reads are not writes, and the count is spent.
    expect((await api("GET", `${bookings}?externalId=dropped`)).status).toBe(200);
    expect((await api("POST", bookings, booking("dropped"))).status).toBe(200);
    expect(sim.switches().dropAfterWrite).toBe(0);
  });
});

describe("autoProgress", () => {
  /** One simulator on a clock of its own, with `n` bookings made at its start, read after `hours`. */
  async function progressed(n: number, hours: number) {
    let clock = Date.parse("2026-03-02T12:00:00Z");
    const s = await startServiceTitanSimulator({ port: 0, autoProgress: true, now: () => new Date(clock) });
    try {
      const call = caller(s, await tokenOf(s));
      for (let i = 0; i < n; i++)
        await call(
          "POST",
          bookings,
          booking(`auto-${i}`, { start: new Date(clock + (2 + (i % 5)) * 3_600_000).toISOString() }),
        );
      clock += 3 * 60_000;
      const early = s.records();
      clock += hours * 3_600_000;
      // Twelve hours on, the first token has long expired.
      const later = caller(s, await tokenOf(s));
      return {
        early,
        late: s.records(),
        invoices: (await later("GET", "accounting/invoices?pageSize=500")).json,
      };
    } finally {
      await s.close();
    }
  }

  it("moves bookings and jobs on by themselves, the same way every time", async () => {
    const a = await progressed(60, 12);
    // Three minutes in: some accepted, none converted yet.
    expect(a.early.bookings.every((b) => b.status === "New" || b.status === "Accepted")).toBe(true);
    expect(a.early.bookings.some((b) => b.status === "Accepted")).toBe(true);
    // Twelve hours on: every booking converted, every appointment over.
    expect(a.late.bookings.every((b) => b.status === "Converted" && b.jobId)).toBe(true);
    const jobs = a.late.jobs;
    expect(jobs).toHaveLength(60);
    const sold = jobs.filter((j) => j.jobStatus === "Completed" && Number(j.invoices[0]?.total) > 0);
    const notSold = jobs.filter((j) => j.jobStatus === "Completed" && Number(j.invoices[0]?.total) === 0);
    const noShows = jobs.filter((j) => j.noShow);
    expect(sold.length).toBeGreaterThan(15);
    expect(sold.length).toBeLessThan(45);
    expect(notSold.length).toBeGreaterThan(0);
    expect(noShows.length).toBeGreaterThan(0);
    for (const j of sold) {
      expect(Number(j.invoices[0].total)).toBeGreaterThanOrEqual(800);
      expect(Number(j.invoices[0].total)).toBeLessThanOrEqual(15_000);
    }
    expect(a.invoices.data.length).toBe(sold.length + notSold.length);
    const b = await progressed(60, 12);
    const statuses = (r: typeof a) =>
      r.late.jobs.map((j) => [j.jobStatus, j.noShow, j.invoices[0]?.total ?? null]);
    expect(statuses(b)).toEqual(statuses(a));
  });
});
