import { randomBytes } from "node:crypto";
import type { z } from "zod";
import {
  type StAddress,
  type StBookingStatus,
  type StContact,
  type StExternalDataRequest,
  type StJobStatus,
  stAppointmentRescheduleRequest,
  stBookingCreateRequest,
  stBookingDismissRequest,
  stBookingUpdateRequest,
  stCustomerCreateRequest,
  stJobCancelRequest,
  stJobCreateRequest,
  stLocationCreateRequest,
} from "./schemas";
import type { SimulatedTenant } from "./simulator-data";

/**
 * The simulator's records (decision 0036): bookings, customers and their locations, jobs with their appointments,
 * invoices, in memory, in exactly the shapes of docs/integrations/servicetitan.md. Bodies are checked with the
 * request schemas of schemas.ts (400 with the errors by field, RFC 7807), references with the tenant's data.
 *
 * Like the real API it does NOT refuse a second booking or job with the same external key: that is why the adapter
 * looks before creating. It counts instead (`records().byKey`), and keeps each record's operations with their times
 * so a test can see what happened in which order (a booking patched after it was dismissed shows as such).
 *
 * Progression, for the demo and the read-back: `progress(id, ...)` moves a booking or a job on by hand; with
 * `autoProgress` every record moves on by itself, the same way every time for the same id (a hash of it), computed
 * when the records are read (no timers): a booking is accepted a few minutes after it was made and converted into a
 * job a few minutes later; a job runs when its appointment starts and ends, once it has ended, completed (about half
 * sold, with an invoice of 800 to 15,000 dollars, some not sold) or cancelled (a few no-shows).
 */

/** What happened to a record, when (the simulator's clock), with what. */
export type SimulatedOperation = {
  op:
    | "created"
    | "patched"
    | "dismissed"
    | "accepted"
    | "converted"
    | "rescheduled"
    | "cancelled"
    | "progressed";
  at: string;
  detail?: Record<string, unknown>;
};

export type SimulatedBooking = {
  id: number;
  source: string;
  name: string;
  summary: string;
  isFirstTimeClient: boolean;
  externalId: string;
  address: StAddress | null;
  contacts: StContact[];
  customerType: "Residential" | "Commercial" | null;
  start: string | null;
  campaignId: number | null;
  businessUnitId: number | null;
  jobTypeId: number | null;
  priority: string | null;
  uploadedImages: string[];
  isSendConfirmationEmail: boolean;
  createdOn: string;
  modifiedOn: string;
  status: StBookingStatus;
  jobId: number | null;
  bookingProviderId: number;
};

export type SimulatedLocation = {
  id: number;
  customerId: number;
  name: string;
  address: StAddress;
  contacts: StContact[];
  createdOn: string;
  modifiedOn: string;
};

export type SimulatedCustomer = {
  id: number;
  name: string;
  type: "Residential" | "Commercial";
  address: StAddress;
  contacts: StContact[];
  locations: SimulatedLocation[];
  createdOn: string;
  modifiedOn: string;
};

export type SimulatedAppointment = {
  id: number;
  jobId: number;
  appointmentNumber: string;
  start: string;
  end: string;
  arrivalWindowStart: string | null;
  arrivalWindowEnd: string | null;
  status: "Scheduled" | "Dispatched" | "Working" | "Hold" | "Done" | "Canceled";
  technicianIds: number[];
  createdOn: string;
  modifiedOn: string;
};

export type SimulatedJob = {
  id: number;
  jobNumber: string;
  customerId: number;
  locationId: number;
  jobStatus: StJobStatus;
  businessUnitId: number;
  jobTypeId: number;
  priority: string;
  campaignId: number;
  summary: string | null;
  appointmentCount: number;
  firstAppointmentId: number;
  lastAppointmentId: number;
  createdOn: string;
  modifiedOn: string;
  completedOn: string | null;
  /** The booking it was converted from, if any. */
  bookingId: number | null;
  /** Our marker of a no-show (see schemas.ts, `stJob`), with the cancel reason the simulator names. */
  noShow: boolean;
  cancelReason: { id: number; name: string } | null;
};

/** Our assumption of an invoice's shape (not in the documentation): money as decimal strings. */
export type SimulatedInvoice = {
  id: number;
  referenceNumber: string;
  invoiceDate: string;
  total: string;
  balance: string;
  job: { id: number; number: string };
  customer: { id: number; name: string };
  createdOn: string;
  modifiedOn: string;
};

type ExternalData = { applicationGuid: string; key: string; value: string }[];

type BookingRow = { booking: SimulatedBooking; operations: SimulatedOperation[]; auto: boolean };
type CustomerRow = { customer: SimulatedCustomer; externalData: ExternalData };
type JobRow = {
  job: SimulatedJob;
  appointments: SimulatedAppointment[];
  invoices: SimulatedInvoice[];
  externalData: ExternalData;
  operations: SimulatedOperation[];
  auto: boolean;
};

/** What `records()` answers (and `GET /__simulator/records`, as JSON). */
export type SimulatedRecords = {
  bookings: (SimulatedBooking & { operations: SimulatedOperation[] })[];
  jobs: (SimulatedJob & {
    appointments: SimulatedAppointment[];
    invoices: SimulatedInvoice[];
    externalData: ExternalData;
    operations: SimulatedOperation[];
  })[];
  customers: (SimulatedCustomer & { externalData: ExternalData })[];
  /**
   * How many records carry each external key: a booking by its `externalId`, a job or a customer by every value of
   * its external data. More than one booking or job for a key is a double.
   */
  byKey: Record<string, { bookings: number; jobs: number; customers: number }>;
};

/** A hand-made move of a record (the demo, the tests). Given a booking id, the job parts apply to its job. */
export type SimulatedProgress = {
  bookingStatus?: StBookingStatus;
  jobStatus?: StJobStatus;
  /** Dollars: the job's invoice total (one invoice, made or replaced). */
  invoiceTotal?: number;
  /** Cancels the job as a no-show. */
  noShow?: boolean;
};

/** An answer of the simulated API. */
export type SimulatedAnswer = { status: number; body: unknown };

const NO_SHOW_REASON = { id: 1, name: "Customer no-show" };
const CANCEL_REASON = { id: 2, name: "Customer cancelled" };
const MINUTE = 60_000;

/** An RFC 7807 problem body, as ServiceTitan answers its errors. */
export function problemBody(status: number, title: string, errors?: Record<string, string[]>) {
  return {
    type: `https://httpstatuses.io/${status}`,
    title,
    status,
    traceId: randomBytes(8).toString("hex"),
    errors: errors ?? {},
    data: {},
  };
}

const problem = (status: number, title: string, errors?: Record<string, string[]>): SimulatedAnswer => ({
  status,
  body: problemBody(status, title, errors),
});
const invalid = (errors: Record<string, string[]>) =>
  problem(400, "One or more validation errors occurred.", errors);
const ok = (body: unknown): SimulatedAnswer => ({ status: 200, body });

/** A zod error as ServiceTitan's `errors`: messages by field path. */
export function errorsByField(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const i of issues) {
    const field = i.path.map(String).join(".") || "body";
    errors[field] = [...(errors[field] ?? []), i.message];
  }
  return errors;
}

/** FNV-1a: the same id always progresses the same way. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Parses a body with a schema: the data, or the 400 to answer. */
function parse<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { data: z.output<S>; error?: undefined } | { error: SimulatedAnswer } {
  const parsed = schema.safeParse(body ?? {});
  return parsed.success ? { data: parsed.data } : { error: invalid(errorsByField(parsed.error.issues)) };
}

const idsParam = (q: URLSearchParams, name: string): number[] | null | "bad" => {
  const raw = q.get(name);
  if (raw === null) return null;
  const ids = raw.split(",").filter(Boolean).map(Number);
  return ids.length > 50 || ids.some((id) => !Number.isInteger(id)) ? "bad" : ids;
};

const copy = <T>(value: T): T => structuredClone(value);

export function simulatedRecordStore(opts: {
  data: SimulatedTenant;
  now: () => Date;
  autoProgress: boolean;
  bookingProviderIds: readonly number[];
}) {
  const { data, now } = opts;
  const bookings = new Map<number, BookingRow>();
  const customers = new Map<number, CustomerRow>();
  const jobs = new Map<number, JobRow>();
  const appointmentJob = new Map<number, number>();
  // Apart from one another, so one id names one record (`progress` takes a booking's or a job's).
  const next = {
    booking: 1_000_001,
    customer: 3_000_001,
    location: 4_000_001,
    job: 2_000_001,
    appointment: 5_000_001,
    invoice: 6_000_001,
  };
  const take = (kind: keyof typeof next) => next[kind]++;
  const iso = (at: Date | number = now()) => new Date(at).toISOString();

  const externalAnswer = (rows: ExternalData, guid: string | null) =>
    guid === null
      ? null
      : rows.filter((e) => e.applicationGuid === guid).map(({ key, value }) => ({ key, value }));
  const flatten = (ext: StExternalDataRequest | null | undefined): ExternalData =>
    ext
      ? ext.externalData.map((e) => ({ applicationGuid: ext.applicationGuid, key: e.key, value: e.value }))
      : [];
  const jobAnswer = (row: JobRow, guid: string | null) => ({
    ...copy(row.job),
    externalData: externalAnswer(row.externalData, guid),
  });
  const customerAnswer = (row: CustomerRow, guid: string | null) => ({
    ...copy(row.customer),
    active: true,
    externalData: externalAnswer(row.externalData, guid),
  });

  // ---- references the tenant must know

  function checkRefs(refs: {
    campaignId?: number | null;
    businessUnitId?: number | null;
    jobTypeId?: number | null;
  }) {
    const errors: Record<string, string[]> = {};
    const known = (list: { id: number; active: boolean }[], id: number | null | undefined) =>
      id == null || list.some((x) => x.id === id && x.active);
    if (!known(data.campaigns, refs.campaignId))
      errors.campaignId = [`Campaign ${refs.campaignId} was not found or is inactive.`];
    if (!known(data.businessUnits, refs.businessUnitId))
      errors.businessUnitId = [`Business unit ${refs.businessUnitId} was not found or is inactive.`];
    if (!known(data.jobTypes, refs.jobTypeId))
      errors.jobTypeId = [`Job type ${refs.jobTypeId} was not found or is inactive.`];
    return Object.keys(errors).length ? invalid(errors) : null;
  }

  const endAfterStart = (a: { start: string; end: string }, field: string) =>
    Date.parse(a.end) > Date.parse(a.start)
      ? null
      : invalid({ [field]: ["The end must be after the start."] });

  // ---- making records

  function makeCustomer(body: z.output<typeof stCustomerCreateRequest>, at: string): CustomerRow {
    const id = take("customer");
    const customer: SimulatedCustomer = {
      id,
      name: body.name,
      type: body.type ?? "Residential",
      address: body.address,
      contacts: body.contacts ?? [],
      locations: body.locations.map((l) => ({
        id: take("location"),
        customerId: id,
        name: l.name,
        address: l.address,
        contacts: l.contacts ?? [],
        createdOn: at,
        modifiedOn: at,
      })),
      createdOn: at,
      modifiedOn: at,
    };
    const row = { customer, externalData: flatten(body.externalData) };
    customers.set(id, row);
    return row;
  }

  function makeJob(body: z.output<typeof stJobCreateRequest>, at: string, bookingId: number | null): JobRow {
    const id = take("job");
    const appointments: SimulatedAppointment[] = body.appointments.map((a, i) => ({
      id: take("appointment"),
      jobId: id,
      appointmentNumber: `${id}-${i + 1}`,
      start: iso(Date.parse(a.start)),
      end: iso(Date.parse(a.end)),
      arrivalWindowStart: a.arrivalWindowStart ? iso(Date.parse(a.arrivalWindowStart)) : null,
      arrivalWindowEnd: a.arrivalWindowEnd ? iso(Date.parse(a.arrivalWindowEnd)) : null,
      status: "Scheduled",
      technicianIds: body.appointments[i].technicianIds ?? [],
      createdOn: at,
      modifiedOn: at,
    }));
    for (const a of appointments) appointmentJob.set(a.id, id);
    const job: SimulatedJob = {
      id,
      jobNumber: String(id),
      customerId: body.customerId,
      locationId: body.locationId,
      jobStatus: "Scheduled",
      businessUnitId: body.businessUnitId,
      jobTypeId: body.jobTypeId,
      priority: body.priority,
      campaignId: body.campaignId,
      summary: body.summary ?? null,
      appointmentCount: appointments.length,
      firstAppointmentId: appointments[0].id,
      lastAppointmentId: appointments[appointments.length - 1].id,
      createdOn: at,
      modifiedOn: at,
      completedOn: null,
      bookingId,
      noShow: false,
      cancelReason: null,
    };
    const row: JobRow = {
      job,
      appointments,
      invoices: [],
      externalData: flatten(body.externalData),
      operations: [{ op: "created", at }],
      auto: true,
    };
    jobs.set(id, row);
    return row;
  }

  /** What a CSR does when converting a booking: a customer and location from it, and a job with one appointment. */
  function convert(row: BookingRow, atMs: number) {
    const b = row.booking;
    const at = iso(atMs);
    const address: StAddress = b.address ?? {
      street: "Address to confirm",
      city: "Unknown",
      state: "NJ",
      zip: "00000",
      country: "US",
    };
    const customer = makeCustomer(
      {
        name: b.name,
        type: b.customerType ?? "Residential",
        address,
        locations: [{ name: b.name, address }],
      },
      at,
    );
    const jobType = data.jobTypes.find((j) => j.id === b.jobTypeId) ?? data.jobTypes.find((j) => j.active)!;
    const unit =
      b.businessUnitId ?? jobType.businessUnitIds?.[0] ?? data.businessUnits.find((u) => u.active)!.id;
    const campaign = b.campaignId ?? data.campaigns.find((c) => c.active)!.id;
    // No time on the booking: the CSR books the next day at 10:00 UTC.
    const start = b.start ? Date.parse(b.start) : Math.ceil(atMs / 86_400_000) * 86_400_000 + 10 * 3_600_000;
    const job = makeJob(
      {
        customerId: customer.customer.id,
        locationId: customer.customer.locations[0].id,
        businessUnitId: unit,
        jobTypeId: jobType.id,
        priority: "Normal",
        campaignId: campaign,
        summary: b.summary,
        appointments: [{ start: iso(start), end: iso(start + (jobType.duration ?? 7200) * 1000) }],
      },
      at,
      b.id,
    );
    b.status = "Converted";
    b.jobId = job.job.id;
    b.modifiedOn = at;
    row.operations.push({ op: "converted", at, detail: { jobId: job.job.id } });
    return job;
  }

  // ---- progression

  function setJobStatus(row: JobRow, status: StJobStatus, at: string) {
    row.job.jobStatus = status;
    row.job.modifiedOn = at;
    const appt: SimulatedAppointment["status"] =
      status === "Completed"
        ? "Done"
        : status === "Canceled"
          ? "Canceled"
          : status === "InProgress"
            ? "Working"
            : status;
    for (const a of row.appointments) {
      a.status = appt;
      a.modifiedOn = at;
    }
    if (status === "Completed") row.job.completedOn = at;
  }

  function setInvoice(row: JobRow, total: number, at: string) {
    const money = total.toFixed(2);
    const customer = customers.get(row.job.customerId)?.customer;
    const invoice: SimulatedInvoice = row.invoices[0] ?? {
      id: take("invoice"),
      referenceNumber: `INV-${row.job.jobNumber}`,
      invoiceDate: at,
      total: money,
      balance: money,
      job: { id: row.job.id, number: row.job.jobNumber },
      customer: { id: row.job.customerId, name: customer?.name ?? "" },
      createdOn: at,
      modifiedOn: at,
    };
    invoice.total = money;
    invoice.balance = money;
    invoice.modifiedOn = at;
    row.invoices = [invoice];
  }

  /** Brings every record that moves by itself up to now (`autoProgress`): a pure function of the id and the times. */
  function advance() {
    if (!opts.autoProgress) return;
    const nowMs = now().getTime();
    for (const row of bookings.values()) {
      const b = row.booking;
      if (!row.auto || (b.status !== "New" && b.status !== "Accepted")) continue;
      const h = hash(`booking|${b.id}`);
      const acceptAt = Date.parse(b.createdOn) + (2 + (h % 9)) * MINUTE;
      const convertAt = acceptAt + (3 + ((h >>> 8) % 20)) * MINUTE;
      if (b.status === "New" && nowMs >= acceptAt) {
        b.status = "Accepted";
        b.modifiedOn = iso(acceptAt);
        row.operations.push({ op: "accepted", at: b.modifiedOn });
      }
      if (nowMs >= convertAt) convert(row, convertAt);
    }
    for (const row of jobs.values()) {
      const j = row.job;
      if (!row.auto || j.jobStatus === "Completed" || j.jobStatus === "Canceled") continue;
      const first = row.appointments[0];
      const start = Date.parse(first.start);
      const end = Date.parse(row.appointments[row.appointments.length - 1].end);
      const h = hash(`job|${j.id}`);
      if (nowMs >= end) {
        const at = iso(end);
        const pick = h % 20;
        if (pick < 10) {
          // Sold: 800 to 15,000 dollars, in cents.
          setJobStatus(row, "Completed", at);
          setInvoice(row, 800 + ((h >>> 5) % 1_420_001) / 100, at);
        } else if (pick < 15) {
          setJobStatus(row, "Completed", at);
          setInvoice(row, 0, at);
        } else if (pick < 18) {
          setJobStatus(row, "Canceled", at);
          j.noShow = true;
          j.cancelReason = NO_SHOW_REASON;
        } else if (pick < 19) {
          setJobStatus(row, "Canceled", at);
          j.cancelReason = CANCEL_REASON;
        } else {
          // Still on it (a long install): it ran, nothing decided yet.
          if (j.jobStatus !== "InProgress") setJobStatus(row, "InProgress", at);
          continue;
        }
        row.operations.push({ op: "progressed", at, detail: { jobStatus: j.jobStatus, auto: true } });
      } else if (nowMs >= start && j.jobStatus === "Scheduled") {
        setJobStatus(row, "InProgress", iso(start));
        row.operations.push({
          op: "progressed",
          at: iso(start),
          detail: { jobStatus: "InProgress", auto: true },
        });
      }
    }
  }

  function progressJob(row: JobRow, p: SimulatedProgress, at: string) {
    row.auto = false;
    if (p.noShow) {
      setJobStatus(row, "Canceled", at);
      row.job.noShow = true;
      row.job.cancelReason = NO_SHOW_REASON;
    } else if (p.jobStatus) {
      setJobStatus(row, p.jobStatus, at);
      if (p.jobStatus === "Canceled") row.job.cancelReason = CANCEL_REASON;
    }
    if (p.invoiceTotal !== undefined) setInvoice(row, p.invoiceTotal, at);
    row.operations.push({ op: "progressed", at, detail: { ...p } });
  }

  /** Moves a booking or a job on by hand; answers both as they are then. Throws for an id it does not hold. */
  function progress(id: number, p: SimulatedProgress) {
    advance();
    const at = iso();
    const bookingRow = bookings.get(id);
    let jobRow = jobs.get(id);
    if (!bookingRow && !jobRow) throw new Error(`The simulator holds no booking or job ${id}.`);
    if (bookingRow) {
      bookingRow.auto = false;
      const wantsJob = p.jobStatus !== undefined || p.invoiceTotal !== undefined || p.noShow === true;
      if (p.bookingStatus === "Converted" || wantsJob) {
        jobRow = bookingRow.booking.jobId
          ? jobs.get(bookingRow.booking.jobId)
          : convert(bookingRow, now().getTime());
      } else if (p.bookingStatus) {
        bookingRow.booking.status = p.bookingStatus;
        bookingRow.booking.modifiedOn = at;
        bookingRow.operations.push({ op: "progressed", at, detail: { bookingStatus: p.bookingStatus } });
      }
      if (jobRow && wantsJob) progressJob(jobRow, p, at);
    } else if (jobRow) progressJob(jobRow, p, at);
    return {
      booking: bookingRow ? copy(bookingRow.booking) : null,
      job: jobRow ? jobAnswer(jobRow, null) : null,
    };
  }

  // ---- lists

  /** One page of `items` as ServiceTitan pages lists; `filters` narrow them first. */
  function page<T>(q: URLSearchParams, items: T[]): SimulatedAnswer {
    const errors: Record<string, string[]> = {};
    const pageNo = q.has("page") ? Number(q.get("page")) : 1;
    const pageSize = q.has("pageSize") ? Number(q.get("pageSize")) : 50;
    if (!Number.isInteger(pageNo) || pageNo < 1) errors.page = ["The page is a whole number from 1."];
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 5000)
      errors.pageSize = ["The page size is a whole number from 1 to 5000."];
    if (Object.keys(errors).length) return invalid(errors);
    return ok({
      page: pageNo,
      pageSize,
      hasMore: pageNo * pageSize < items.length,
      totalCount: q.get("includeTotal")?.toLowerCase() === "true" ? items.length : null,
      data: items.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    });
  }

  /** Reads `ids`-style parameters; a 400 when one is malformed. */
  function idFilters(q: URLSearchParams, names: string[]) {
    const out: Record<string, number[] | null> = {};
    const errors: Record<string, string[]> = {};
    for (const name of names) {
      const ids = idsParam(q, name);
      if (ids === "bad") errors[name] = ["Up to 50 ids, separated by commas."];
      else out[name] = ids;
    }
    return Object.keys(errors).length ? { error: invalid(errors) } : { ids: out };
  }

  /** The external-data filter (`externalDataApplicationGuid`, `externalDataKey`, `externalDataValues`). */
  function matchesExternal(q: URLSearchParams, rows: ExternalData): boolean {
    const guid = q.get("externalDataApplicationGuid");
    const key = q.get("externalDataKey");
    const values = q.get("externalDataValues")?.split(",") ?? null;
    if (key === null && values === null) return true;
    return rows.some(
      (e) =>
        (guid === null || e.applicationGuid === guid) &&
        (key === null || e.key === key) &&
        (values === null || values.includes(e.value)),
    );
  }

  // ---- the routes

  /**
   * Answers one call under `/{module}/v2/tenant/{t}/`, or `null` when it is not one of the records' routes. `body` is
   * the parsed JSON (`undefined` for none); `badJson` when the body was not JSON.
   */
  function handle(
    method: string,
    module: string,
    rest: string,
    q: URLSearchParams,
    body: unknown,
    badJson: boolean,
  ): SimulatedAnswer | null {
    const route = (pattern: RegExp) => pattern.exec(rest)?.slice(1).map(Number) ?? null;
    const needsBody = method === "POST" || method === "PATCH";
    if (needsBody && badJson) return problem(400, "The request body is not valid JSON.");
    advance();
    const at = iso();

    if (module === "crm") {
      let m = route(/^booking-provider\/(\d+)\/bookings$/);
      if (m) {
        const [providerId] = m;
        if (!opts.bookingProviderIds.includes(providerId))
          return problem(404, `Booking provider ${providerId} was not found.`);
        if (method === "GET") {
          const f = idFilters(q, ["ids"]);
          if (f.error) return f.error;
          const externalId = q.get("externalId");
          const items = [...bookings.values()]
            .map((r) => r.booking)
            .filter(
              (b) =>
                b.bookingProviderId === providerId &&
                (externalId === null || b.externalId === externalId) &&
                (f.ids.ids === null || f.ids.ids.includes(b.id)),
            );
          return page(q, copy(items));
        }
        if (method !== "POST") return null;
        const p = parse(stBookingCreateRequest, body);
        if (p.error) return p.error;
        const refs = checkRefs(p.data);
        if (refs) return refs;
        const b = p.data;
        const booking: SimulatedBooking = {
          id: take("booking"),
          source: b.source,
          name: b.name,
          summary: b.summary,
          isFirstTimeClient: b.isFirstTimeClient,
          externalId: b.externalId,
          address: b.address ?? null,
          contacts: b.contacts ?? [],
          customerType: b.customerType ?? null,
          start: b.start ? iso(Date.parse(b.start)) : null,
          campaignId: b.campaignId ?? null,
          businessUnitId: b.businessUnitId ?? null,
          jobTypeId: b.jobTypeId ?? null,
          priority: b.priority ?? null,
          uploadedImages: b.uploadedImages ?? [],
          isSendConfirmationEmail: b.isSendConfirmationEmail ?? false,
          createdOn: at,
          modifiedOn: at,
          status: "New",
          jobId: null,
          bookingProviderId: providerId,
        };
        bookings.set(booking.id, { booking, operations: [{ op: "created", at }], auto: true });
        return ok(copy(booking));
      }
      const match = /^booking-provider\/(\d+)\/bookings\/(\d+)(\/dismiss)?$/.exec(rest);
      if (match) {
        const providerId = Number(match[1]);
        const row = bookings.get(Number(match[2]));
        if (!opts.bookingProviderIds.includes(providerId))
          return problem(404, `Booking provider ${providerId} was not found.`);
        if (!row || row.booking.bookingProviderId !== providerId)
          return problem(404, `Booking ${match[2]} was not found.`);
        const b = row.booking;
        if (match[3]) {
          if (method !== "POST") return null;
          const p = parse(stBookingDismissRequest, body);
          if (p.error) return p.error;
          if (b.status === "Dismissed") return problem(409, `Booking ${b.id} is already dismissed.`);
          if (b.status === "Converted")
            return problem(409, `Booking ${b.id} was converted into job ${b.jobId}: cancel the job instead.`);
          b.status = "Dismissed";
          b.modifiedOn = at;
          row.auto = false;
          row.operations.push({ op: "dismissed", at, detail: { ...p.data } });
          return ok(copy(b));
        }
        if (method === "GET") return ok(copy(b));
        if (method !== "PATCH") return null;
        const p = parse(stBookingUpdateRequest, body);
        if (p.error) return p.error;
        const refs = checkRefs(p.data);
        if (refs) return refs;
        const changes = Object.fromEntries(Object.entries(p.data).filter(([, v]) => v !== undefined));
        Object.assign(b, changes, changes.start ? { start: iso(Date.parse(changes.start as string)) } : {});
        b.modifiedOn = at;
        // Kept whatever the status: a booking patched after it was dismissed shows in its operations.
        row.operations.push({ op: "patched", at, detail: { ...changes, status: b.status } });
        return ok(copy(b));
      }
      if (rest === "customers") {
        const guid = q.get("externalDataApplicationGuid");
        if (method === "GET") {
          const f = idFilters(q, ["ids"]);
          if (f.error) return f.error;
          const items = [...customers.values()]
            .filter(
              (r) =>
                (f.ids.ids === null || f.ids.ids.includes(r.customer.id)) &&
                matchesExternal(q, r.externalData),
            )
            .map((r) => customerAnswer(r, guid));
          return page(q, items);
        }
        if (method !== "POST") return null;
        const p = parse(stCustomerCreateRequest, body);
        if (p.error) return p.error;
        const row = makeCustomer(p.data, at);
        return ok(customerAnswer(row, p.data.externalData?.applicationGuid ?? null));
      }
      m = route(/^customers\/(\d+)$/);
      if (m && method === "GET") {
        const row = customers.get(m[0]);
        return row
          ? ok(customerAnswer(row, q.get("externalDataApplicationGuid")))
          : problem(404, `Customer ${m[0]} was not found.`);
      }
      if (rest === "locations" && method === "POST") {
        const p = parse(stLocationCreateRequest, body);
        if (p.error) return p.error;
        const row = customers.get(p.data.customerId);
        if (!row) return problem(409, `Customer ${p.data.customerId} was not found.`);
        const location: SimulatedLocation = {
          id: take("location"),
          customerId: row.customer.id,
          name: p.data.name,
          address: p.data.address,
          contacts: p.data.contacts ?? [],
          createdOn: at,
          modifiedOn: at,
        };
        row.customer.locations.push(location);
        return ok(copy(location));
      }
      return null;
    }

    if (module === "jpm") {
      const guid = q.get("externalDataApplicationGuid");
      if (rest === "jobs") {
        if (method === "GET") {
          const f = idFilters(q, ["ids"]);
          if (f.error) return f.error;
          const items = [...jobs.values()]
            .filter(
              (r) =>
                (f.ids.ids === null || f.ids.ids.includes(r.job.id)) && matchesExternal(q, r.externalData),
            )
            .map((r) => jobAnswer(r, guid));
          return page(q, items);
        }
        if (method !== "POST") return null;
        const p = parse(stJobCreateRequest, body);
        if (p.error) return p.error;
        const refs = checkRefs(p.data);
        if (refs) return refs;
        const customer = customers.get(p.data.customerId);
        if (!customer) return invalid({ customerId: [`Customer ${p.data.customerId} was not found.`] });
        if (!customer.customer.locations.some((l) => l.id === p.data.locationId))
          return invalid({
            locationId: [`Location ${p.data.locationId} is not one of customer ${p.data.customerId}'s.`],
          });
        for (const [i, a] of p.data.appointments.entries()) {
          const bad = endAfterStart(a, `appointments.${i}.end`);
          if (bad) return bad;
        }
        const row = makeJob(p.data, at, null);
        return ok(jobAnswer(row, p.data.externalData?.applicationGuid ?? null));
      }
      let m = route(/^jobs\/(\d+)$/);
      if (m && method === "GET") {
        const row = jobs.get(m[0]);
        return row ? ok(jobAnswer(row, guid)) : problem(404, `Job ${m[0]} was not found.`);
      }
      m = route(/^jobs\/(\d+)\/cancel$/);
      if (m && method === "POST") {
        const row = jobs.get(m[0]);
        if (!row) return problem(404, `Job ${m[0]} was not found.`);
        const p = parse(stJobCancelRequest, body);
        if (p.error) return p.error;
        if (row.job.jobStatus === "Canceled") return problem(409, `Job ${row.job.id} is already canceled.`);
        if (row.job.jobStatus === "Completed")
          return problem(409, `Job ${row.job.id} is completed: it cannot be canceled.`);
        setJobStatus(row, "Canceled", at);
        row.job.cancelReason = CANCEL_REASON;
        row.auto = false;
        row.operations.push({ op: "cancelled", at, detail: { ...p.data } });
        return ok(jobAnswer(row, null));
      }
      if (rest === "appointments" && method === "GET") {
        const f = idFilters(q, ["ids"]);
        if (f.error) return f.error;
        const jobId = q.has("jobId") ? Number(q.get("jobId")) : null;
        const items = [...jobs.values()]
          .flatMap((r) => r.appointments)
          .filter(
            (a) => (f.ids.ids === null || f.ids.ids.includes(a.id)) && (jobId === null || a.jobId === jobId),
          );
        return page(q, copy(items));
      }
      m = route(/^appointments\/(\d+)\/reschedule$/);
      if (m && method === "PATCH") {
        const jobId = appointmentJob.get(m[0]);
        const row = jobId === undefined ? undefined : jobs.get(jobId);
        const appt = row?.appointments.find((a) => a.id === m[0]);
        if (!row || !appt) return problem(404, `Appointment ${m[0]} was not found.`);
        const p = parse(stAppointmentRescheduleRequest, body);
        if (p.error) return p.error;
        const bad = endAfterStart(p.data, "end");
        if (bad) return bad;
        if (row.job.jobStatus === "Canceled" || row.job.jobStatus === "Completed")
          return problem(
            409,
            `Job ${row.job.id} is ${row.job.jobStatus.toLowerCase()}: its appointment cannot move.`,
          );
        appt.start = iso(Date.parse(p.data.start));
        appt.end = iso(Date.parse(p.data.end));
        appt.arrivalWindowStart = p.data.arrivalWindowStart
          ? iso(Date.parse(p.data.arrivalWindowStart))
          : null;
        appt.arrivalWindowEnd = p.data.arrivalWindowEnd ? iso(Date.parse(p.data.arrivalWindowEnd)) : null;
        appt.modifiedOn = at;
        row.job.modifiedOn = at;
        row.operations.push({
          op: "rescheduled",
          at,
          detail: { appointmentId: appt.id, start: appt.start, end: appt.end },
        });
        return ok(copy(appt));
      }
      return null;
    }

    if (module === "accounting" && rest === "invoices" && method === "GET") {
      const f = idFilters(q, ["ids", "jobIds"]);
      if (f.error) return f.error;
      const { ids, jobIds } = f.ids;
      const items = [...jobs.values()]
        .flatMap((r) => r.invoices)
        .filter(
          (i) => (ids === null || ids.includes(i.id)) && (jobIds === null || jobIds.includes(i.job.id)),
        );
      return page(q, copy(items));
    }
    return null;
  }

  function records(): SimulatedRecords {
    advance();
    const byKey: SimulatedRecords["byKey"] = {};
    const count = (key: string) => {
      byKey[key] ??= { bookings: 0, jobs: 0, customers: 0 };
      return byKey[key];
    };
    for (const r of bookings.values()) count(r.booking.externalId).bookings++;
    for (const r of jobs.values())
      for (const v of new Set(r.externalData.map((e) => e.value))) count(v).jobs++;
    for (const r of customers.values())
      for (const v of new Set(r.externalData.map((e) => e.value))) count(v).customers++;
    return copy({
      bookings: [...bookings.values()].map((r) => ({ ...r.booking, operations: r.operations })),
      jobs: [...jobs.values()].map((r) => ({
        ...r.job,
        appointments: r.appointments,
        invoices: r.invoices,
        externalData: r.externalData,
        operations: r.operations,
      })),
      customers: [...customers.values()].map((r) => ({ ...r.customer, externalData: r.externalData })),
      byKey,
    });
  }

  function clear() {
    bookings.clear();
    customers.clear();
    jobs.clear();
    appointmentJob.clear();
  }

  return { handle, records, progress, clear };
}

export type SimulatedRecordStore = ReturnType<typeof simulatedRecordStore>;
