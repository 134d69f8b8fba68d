import { z } from "zod";
import type { AppointmentPayload } from "../destination";
import {
  type CapacityWindow,
  type DeliveryResult,
  type DeliveryState,
  type Destination,
  type DestinationConfig,
  type DestinationEnv,
  delivered,
  type JobOutcome,
  type LookupItem,
  type LookupKind,
  permanent,
  type ReadResult,
  type TokenCache,
} from "../destination";
import {
  type CallOptions,
  memoryTokenCache,
  type RetryPolicy,
  readResult,
  type ServiceTitanConnection,
  type ServiceTitanEnv,
  ServiceTitanFailure,
  serviceTitanClient,
} from "./client";
import { chunks, type ExternalKey, type ServiceTitanRecords, serviceTitanRecords } from "./records";
import {
  ST_PRIORITIES,
  type StAddress,
  type StBooking,
  type StBookingCreateRequest,
  type StContact,
  type StInvoice,
  type StJob,
} from "./schemas";

/**
 * The field-service CRM as a destination (integrations/destination.ts; docs/integrations/servicetitan.md): every
 * booked appointment goes to the organization's ServiceTitan tenant, in one of two modes.
 *
 * - `booking` (the default): a booking under the organization's booking provider. A CSR accepts it (and converts it
 *   into a job) or dismisses it in ServiceTitan. A move patches the booking's start; a cancel dismisses it.
 * - `job`: straight onto the dispatch board, a customer with one location and a job with one appointment. A move
 *   reschedules the appointment; a cancel cancels the job. Needs a job type, business unit and campaign for every
 *   appointment (the appointment type's, else the defaults here).
 *
 * `send` is told the lead as it is now and what ServiceTitan was last told (`state`), and makes the one record
 * match: create, patch, dismiss, reschedule, cancel, or nothing. ServiceTitan does not refuse a second record with
 * the same external key, so before creating the adapter looks for ours when the last try ended unclear (the record
 * may exist) and when a send takes two writes (a failure cannot hand back the ids of the first one, so the next try
 * could not know). Every call is one attempt: the worker retries with its own backoff.
 *
 * `outcomes` reads the records back (bookings, jobs, invoices, 50 ids a call) for the reports: ran, sold, revenue.
 */

/** The key name of our idempotency key in a customer's or job's external data. */
export const EXTERNAL_DATA_KEY = "fieldlead.idempotencyKey";
/**
 * The application guid our external data is filed under when the settings give none. ServiceTitan issues an app its
 * guid; an organization whose app has another sets `applicationGuid`.
 */
export const FIELDLEAD_APPLICATION_GUID = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";

/** A whole positive id, also from a form's string ("61"). */
const stId = (what: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `The ${what} is the number ServiceTitan shows for it.` })
      .int({ error: `The ${what} is a whole number.` })
      .positive({ error: `The ${what} is a number above 0.` }),
  );
/** An optional default id: `null` (or absent, or "") when the appointment types always give one. */
const stDefaultId = (what: string) =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), stId(what).nullable()).default(null);

/** What an organization stores for its ServiceTitan destination (the credentials apart, sealed). */
export const stDestinationSettings = z
  .object({
    apiUrl: z.url({ error: "The API address is a URL, such as https://api.servicetitan.io." }),
    authUrl: z.url({ error: "The sign-in address is a URL, such as https://auth.servicetitan.io." }),
    tenantId: stId("tenant id"),
    clientId: z
      .string({ error: "The client id is the one ServiceTitan issued for this tenant." })
      .trim()
      .min(1, { error: "The client id is the one ServiceTitan issued for this tenant." }),
    appKey: z
      .string({ error: "The app key is the one ServiceTitan issued for our app." })
      .trim()
      .min(1, { error: "The app key is the one ServiceTitan issued for our app." }),
    mode: z
      .enum(["booking", "job"], {
        error:
          'The mode is "booking" (a CSR accepts each booking) or "job" (straight onto the dispatch board).',
      })
      .default("booking"),
    bookingProviderId: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      stId("booking provider id").nullable(),
    ),
    campaignId: stDefaultId("default campaign id"),
    businessUnitId: stDefaultId("default business unit id"),
    jobTypeId: stDefaultId("default job type id"),
    priority: z
      .enum(ST_PRIORITIES, { error: "The priority is Low, Normal, High or Urgent." })
      .default("Normal"),
    source: z
      .string({ error: "The source is the words ServiceTitan shows as where a booking came from." })
      .trim()
      .min(1, { error: "The source is the words ServiceTitan shows as where a booking came from." })
      .default("FieldLead"),
    /** Not in the form usually: the guid our external data is filed under (see `FIELDLEAD_APPLICATION_GUID`). */
    applicationGuid: z
      .uuid({ error: "The application guid is the one ServiceTitan issued for our app." })
      .default(FIELDLEAD_APPLICATION_GUID),
  })
  .superRefine((s, ctx) => {
    if (s.mode === "booking" && s.bookingProviderId == null)
      ctx.addIssue({
        code: "custom",
        path: ["bookingProviderId"],
        message: "Booking mode needs the booking provider id ServiceTitan gave the organization.",
      });
  });
export type StDestinationSettings = z.output<typeof stDestinationSettings>;

/** What is sealed apart (decision 0038): the client secret. */
export const stDestinationCredentials = z.object({
  clientSecret: z
    .string({ error: "The client secret is the one ServiceTitan issued with the client id." })
    .min(1, { error: "The client secret is the one ServiceTitan issued with the client id." }),
});
export type StDestinationCredentials = z.output<typeof stDestinationCredentials>;

export type StDestinationConfig = DestinationConfig<StDestinationSettings, StDestinationCredentials>;

export type ServiceTitanDestinationOptions = {
  /** Each call of a send (default 15 s; ServiceTitan may take up to 100 s, the worker's signal bounds it too). */
  timeoutMs?: number;
  /** The read-back's and the settings test's retries (default: the client's, `DEFAULT_RETRY`). */
  readRetry?: Partial<RetryPolicy>;
  /** Where tokens are kept when the environment gives no cache (default: this process's memory). */
  tokens?: TokenCache;
  /** Tests stand in for the read retries' waits. */
  sleep?: ServiceTitanEnv["sleep"];
};

/** The process's own token cache, for calls whose environment has none: one token per connection, not per send. */
const processTokens = memoryTokenCache();

/** Where our record stands in ServiceTitan, as far as we know. `appointmentId` is ours (the payload's), if known. */
type Known = {
  status: "booked" | "cancelled" | null;
  start: string | null;
  end: string | null;
  appointmentId: number | null;
};

const sameInstant = (a: string | null | undefined, b: string | null | undefined) =>
  a === b || (a != null && b != null && Date.parse(a) === Date.parse(b));

/** Runs one step of a send; its failure says which step it was ("Creating the booking: ..."). */
async function step<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ServiceTitanFailure)
      throw new ServiceTitanFailure({ ...err.failure, error: `${what}: ${err.failure.error}` });
    throw err;
  }
}

const isConflict = (err: unknown) => err instanceof ServiceTitanFailure && err.failure.httpStatus === 409;

// ---- the payload in ServiceTitan's words

const fullName = (p: AppointmentPayload) =>
  `${p.customer.firstName} ${p.customer.lastName}`.trim() || `Lead ${p.customer.leadId}`;

/** The customer's address when it is whole (ServiceTitan wants street, city, state and zip), else `null`. */
function addressOf(p: AppointmentPayload): StAddress | null {
  const a = p.customer.address;
  if (!a.street || !a.city || !a.state || !a.zip) return null;
  return { street: a.street, city: a.city, state: a.state, zip: a.zip, country: a.country };
}
const missingAddress = (p: AppointmentPayload) =>
  (["street", "city", "state", "zip"] as const).filter((f) => !p.customer.address[f]);

function contactsOf(p: AppointmentPayload): StContact[] {
  const out: StContact[] = [];
  // We cannot tell a mobile from a landline: "Phone" claims nothing.
  if (p.customer.phone) out.push({ type: "Phone", value: p.customer.phone });
  if (p.customer.email) out.push({ type: "Email", value: p.customer.email });
  return out;
}

/** The appointment's time as the store's people read it ("Tue, Mar 3, 10:00 AM EST"). */
function localTime(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(new Date(iso));
  } catch {
    return iso;
  }
}

/** The summary a CSR or technician reads: what, when, the shopper's answers and notes, where it came from. */
export function summaryOf(p: AppointmentPayload): string {
  const a = p.appointment;
  const what = [...new Set([a?.typeName, p.serviceType?.name].filter((x): x is string => !!x))].join(" - ");
  const lines = [what || "Appointment request"];
  if (a) lines.push(`Appointment: ${localTime(a.start, a.timeZone)} to ${localTime(a.end, a.timeZone)}`);
  for (const qa of p.answers) lines.push(`${qa.question}: ${qa.answer}`);
  if (a?.notes) lines.push(`Appointment notes: ${a.notes}`);
  if (p.notes) lines.push(`Notes: ${p.notes}`);
  if (!addressOf(p)) {
    const parts = [
      p.customer.address.street,
      p.customer.address.city,
      p.customer.address.state,
      p.customer.address.zip,
    ];
    if (parts.some(Boolean)) lines.push(`Address (incomplete): ${parts.filter(Boolean).join(", ")}`);
  }
  if (p.store) lines.push(`Store: ${p.store.name}${p.store.storeNumber ? ` #${p.store.storeNumber}` : ""}`);
  if (p.capturedBy) lines.push(`Captured by ${p.capturedBy.name}`);
  lines.push(`${p.organization.name} lead ${p.customer.leadId}`);
  return lines.join("\n");
}

/** The job type, business unit and campaign: the appointment type's, else the destination's defaults. */
function crmIds(p: AppointmentPayload, s: StDestinationSettings) {
  const crm = p.appointment?.crm;
  return {
    jobTypeId: crm?.jobTypeId ?? s.jobTypeId,
    businessUnitId: crm?.businessUnitId ?? s.businessUnitId,
    campaignId: crm?.campaignId ?? s.campaignId,
  };
}

function bookingBody(p: AppointmentPayload, s: StDestinationSettings): StBookingCreateRequest {
  const ids = crmIds(p, s);
  const address = addressOf(p);
  const contacts = contactsOf(p);
  return {
    source: s.source,
    name: fullName(p),
    summary: summaryOf(p),
    // We cannot tell: the CSR matches an existing customer when accepting the booking.
    isFirstTimeClient: true,
    externalId: p.idempotencyKey,
    ...(address ? { address } : {}),
    ...(contacts.length ? { contacts } : {}),
    customerType: "Residential",
    ...(p.appointment ? { start: p.appointment.start } : {}),
    ...(ids.campaignId != null ? { campaignId: ids.campaignId } : {}),
    ...(ids.businessUnitId != null ? { businessUnitId: ids.businessUnitId } : {}),
    ...(ids.jobTypeId != null ? { jobTypeId: ids.jobTypeId } : {}),
    priority: s.priority,
    // Our own confirmations go to the shopper; ServiceTitan's would be a second one.
    isSendConfirmationEmail: false,
  };
}

const bookingKnown = (b: StBooking): Known => ({
  status: b.status === "Dismissed" ? "cancelled" : "booked",
  start: b.start ?? null,
  end: null,
  appointmentId: null,
});

const hasOurKey = (externalData: { key: string; value: string }[] | null | undefined, key: ExternalKey) =>
  (externalData ?? []).some((e) => e.key === key.key && e.value === key.value);

// ---- the read-back

/** Dollars, to the cent. */
const sumTotals = (invoices: readonly StInvoice[]) =>
  Math.round(invoices.reduce((sum, i) => sum + i.total, 0) * 100) / 100;

/**
 * A no-show: our `noShow` marker (the simulator's) or a cancel reason named so. See `stJob` in schemas.ts: how a
 * real tenant shows it is unconfirmed.
 */
const isNoShow = (job: StJob) => job.noShow === true || /no[\s-]?show/i.test(job.cancelReason?.name ?? "");

/** A job's status and invoices as an outcome. */
function jobOutcome(
  job: StJob,
  invoices: readonly StInvoice[],
): Pick<JobOutcome, "outcome" | "revenue" | "jobId" | "jobNumber"> {
  const ids = { jobId: String(job.id), jobNumber: job.jobNumber };
  const revenue = invoices.length ? sumTotals(invoices) : null;
  switch (job.jobStatus) {
    case "Completed":
      return revenue && revenue > 0
        ? { outcome: "sold", revenue, ...ids }
        : { outcome: "notSold", revenue: 0, ...ids };
    case "Canceled":
      return { outcome: isNoShow(job) ? "noShow" : "cancelled", revenue: null, ...ids };
    case "InProgress":
    case "Dispatched":
    case "Hold":
      return { outcome: "ran", revenue, ...ids };
    default:
      return { outcome: "pending", revenue: null, ...ids };
  }
}

const numericId = (value: string | undefined | null) =>
  value != null && /^\d+$/.test(value) ? Number(value) : null;

export function createServiceTitanDestination(
  options: ServiceTitanDestinationOptions = {},
): Destination<StDestinationSettings, StDestinationCredentials> {
  const timeoutMs = options.timeoutMs ?? 15_000;

  const connectionOf = (config: StDestinationConfig): ServiceTitanConnection => ({
    apiUrl: config.settings.apiUrl,
    authUrl: config.settings.authUrl,
    tenantId: config.settings.tenantId,
    clientId: config.settings.clientId,
    clientSecret: config.credentials.clientSecret,
    appKey: config.settings.appKey,
  });
  const clientEnv = (env: DestinationEnv): ServiceTitanEnv => ({
    fetch: env.fetch,
    now: env.now,
    tokens: env.tokens ?? options.tokens ?? processTokens,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const connect = (config: StDestinationConfig, env: DestinationEnv) =>
    serviceTitanRecords(connectionOf(config), clientEnv(env), { timeoutMs });
  /** A send's calls: one attempt each (the worker retries), bounded by the worker's signal. */
  const sendCall = (env: DestinationEnv): CallOptions => ({
    signal: env.signal,
    timeoutMs,
    retry: { maxAttempts: 1 },
  });
  /** The reads': retried in here as the lookups are (`readRetry`). */
  const readCall = (env: DestinationEnv): CallOptions => ({
    signal: env.signal,
    timeoutMs,
    retry: options.readRetry ?? {},
  });

  // ---- booking mode

  async function sendBooking(
    p: AppointmentPayload,
    state: DeliveryState,
    s: StDestinationSettings,
    api: ServiceTitanRecords,
    call: CallOptions,
  ): Promise<DeliveryResult> {
    // A booking made earlier stays under the provider it was made under, whatever the settings say now.
    const providerId = numericId(state.externalIds.bookingProviderId) ?? s.bookingProviderId;
    if (providerId == null)
      return permanent("Booking mode needs the booking provider id ServiceTitan gave the organization.");
    const appt = p.appointment;
    const cancelled = appt?.status === "cancelled";
    let bookingId = numericId(state.externalId);
    let known: Known | null = state.sent;
    let jobId = state.externalIds.jobId ?? null;

    if (bookingId === null) {
      // Look first when the last try may have made it, and when this send is two writes (create, then dismiss).
      if (state.unclear || cancelled) {
        const found = await step("Looking for an earlier booking", () =>
          api.findBookings(providerId, p.idempotencyKey, call),
        );
        const ours = found.filter((b) => b.externalId === p.idempotencyKey).sort((a, b) => a.id - b.id)[0];
        if (ours) {
          bookingId = ours.id;
          known = bookingKnown(ours);
          if (ours.jobId) jobId = String(ours.jobId);
        }
      }
      if (bookingId === null) {
        const created = await step("Creating the booking", () =>
          api.createBooking(providerId, bookingBody(p, s), call),
        );
        bookingId = created.id;
        known = {
          status: "booked",
          start: created.start ?? appt?.start ?? null,
          end: null,
          appointmentId: appt?.id ?? null,
        };
      }
    } else if (state.unclear) {
      // The last change may or may not have happened: read what ServiceTitan holds rather than trust `sent`.
      const id = bookingId;
      const [read] = await step("Reading the booking", () => api.bookingsByIds(providerId, [id], call));
      if (!read)
        return permanent(`The booking ${id} is no longer in ServiceTitan: send the lead again as a new one.`);
      known = { ...bookingKnown(read), appointmentId: state.sent?.appointmentId ?? null };
      if (read.jobId) jobId = String(read.jobId);
    }

    const id = bookingId;
    if (cancelled) {
      if (known?.status !== "cancelled") {
        // Moved, then cancelled before the move was sent: the booking shows the time it had when it was cancelled.
        if (appt && !sameInstant(known?.start, appt.start))
          await step("Moving the booking", () =>
            api.updateBooking(providerId, id, { start: appt.start, summary: summaryOf(p) }, call),
          );
        try {
          await step("Dismissing the booking", () =>
            api.dismissBooking(providerId, id, { dismissingMemo: "Cancelled in FieldLead." }, call),
          );
        } catch (err) {
          // Already dismissed (by a CSR, or by a try whose answer was lost) is what we wanted; anything else is not.
          if (!isConflict(err)) throw err;
          const [read] = await step("Reading the booking", () => api.bookingsByIds(providerId, [id], call));
          if (read?.status !== "Dismissed") throw err;
        }
      }
    } else if (appt) {
      if (known?.status === "cancelled")
        return permanent(
          `The ServiceTitan booking ${id} was dismissed and a booking cannot be reopened: book the new appointment in ServiceTitan by hand.`,
        );
      const moved =
        !sameInstant(known?.start, appt.start) ||
        (known?.appointmentId != null && known.appointmentId !== appt.id);
      if (moved)
        await step("Moving the booking", () =>
          api.updateBooking(providerId, id, { start: appt.start, summary: summaryOf(p) }, call),
        );
    }
    return delivered(String(id), {
      bookingId: String(id),
      bookingProviderId: String(providerId),
      ...(jobId ? { jobId } : {}),
    });
  }

  // ---- job mode

  async function sendJob(
    p: AppointmentPayload,
    state: DeliveryState,
    s: StDestinationSettings,
    api: ServiceTitanRecords,
    call: CallOptions,
  ): Promise<DeliveryResult> {
    const appt = p.appointment;
    if (!appt)
      return permanent("Job mode sends appointments: this lead has none yet, so there is no job to make.");
    const cancelled = appt.status === "cancelled";
    const key: ExternalKey = {
      applicationGuid: s.applicationGuid,
      key: EXTERNAL_DATA_KEY,
      value: p.idempotencyKey,
    };
    let ids: Record<string, string> = { ...state.externalIds };
    let jobId = numericId(state.externalId);
    let known: Known | null = state.sent;

    /** Reads a job and its first appointment into what we know of it. */
    const adopt = async (job: StJob) => {
      ids = {
        ...ids,
        jobId: String(job.id),
        jobNumber: job.jobNumber,
        ...(job.customerId ? { customerId: String(job.customerId) } : {}),
        ...(job.locationId ? { locationId: String(job.locationId) } : {}),
        ...(job.firstAppointmentId ? { appointmentId: String(job.firstAppointmentId) } : {}),
      };
      const apptId = job.firstAppointmentId;
      const [first] = apptId
        ? await step("Reading the job's appointment", () => api.appointmentsByIds([apptId], call))
        : [];
      known = {
        status: job.jobStatus === "Canceled" ? "cancelled" : "booked",
        start: first?.start ?? null,
        end: first?.end ?? null,
        appointmentId: state.sent?.appointmentId ?? null,
      };
    };

    if (jobId === null) {
      if (state.unclear || cancelled) {
        const found = await step("Looking for an earlier job", () => api.findJobs(key, call));
        // The filter is unconfirmed: only a job that carries our key is ours.
        const ours = found.filter((j) => hasOurKey(j.externalData, key)).sort((a, b) => a.id - b.id)[0];
        if (ours) {
          jobId = ours.id;
          await adopt(ours);
        }
      }
      if (jobId === null) {
        const refs = crmIds(p, s);
        const missing = [
          refs.jobTypeId == null && "job type",
          refs.businessUnitId == null && "business unit",
          refs.campaignId == null && "campaign",
        ].filter((x): x is string => !!x);
        if (missing.length)
          return permanent(
            `Job mode needs a job type, business unit and campaign for every appointment: set them on the appointment type "${appt.typeName}" or as the destination's defaults (missing: ${missing.join(", ")}).`,
          );
        const address = addressOf(p);
        if (!address)
          return permanent(
            `Job mode needs the customer's whole address to make a ServiceTitan customer (missing: ${missingAddress(p).join(", ")}).`,
          );
        const contacts = contactsOf(p);
        const externalData = {
          applicationGuid: key.applicationGuid,
          externalData: [{ key: key.key, value: key.value }],
        };
        // A customer made by an earlier try whose job was refused is ours to use, not to make again.
        const earlier = await step("Looking for an earlier customer", () => api.findCustomers(key, call));
        const customer =
          earlier
            .filter((c) => hasOurKey(c.externalData, key) && c.locations?.length)
            .sort((a, b) => a.id - b.id)[0] ??
          (await step("Creating the customer", () =>
            api.createCustomer(
              {
                name: fullName(p),
                type: "Residential",
                address,
                locations: [{ name: fullName(p), address, ...(contacts.length ? { contacts } : {}) }],
                ...(contacts.length ? { contacts } : {}),
                externalData,
              },
              call,
            ),
          ));
        const location = customer.locations?.[0];
        if (!location) return permanent(`ServiceTitan answered customer ${customer.id} without a location.`);
        const job = await step("Creating the job", () =>
          api.createJob(
            {
              customerId: customer.id,
              locationId: location.id,
              businessUnitId: refs.businessUnitId!,
              jobTypeId: refs.jobTypeId!,
              priority: s.priority,
              campaignId: refs.campaignId!,
              appointments: [{ start: appt.start, end: appt.end }],
              summary: summaryOf(p),
              externalData,
            },
            call,
          ),
        );
        jobId = job.id;
        ids = {
          customerId: String(customer.id),
          locationId: String(location.id),
          jobId: String(job.id),
          jobNumber: job.jobNumber,
          ...(job.firstAppointmentId ? { appointmentId: String(job.firstAppointmentId) } : {}),
        };
        known = { status: "booked", start: appt.start, end: appt.end, appointmentId: appt.id };
      }
    } else if (state.unclear || !ids.appointmentId) {
      // The last change may or may not have happened (or we never learnt the appointment): read the job.
      const id = jobId;
      const [job] = await step("Reading the job", () => api.jobsByIds([id], call));
      if (!job)
        return permanent(`The job ${id} is no longer in ServiceTitan: send the lead again as a new one.`);
      const sent = known;
      await adopt(job);
      if (!state.unclear && sent) known = sent;
    }

    const id = jobId;
    if (cancelled) {
      if (known?.status !== "cancelled") {
        try {
          await step("Cancelling the job", () =>
            api.cancelJob(id, { memo: "Cancelled in FieldLead." }, call),
          );
        } catch (err) {
          if (!isConflict(err)) throw err;
          const [read] = await step("Reading the job", () => api.jobsByIds([id], call));
          if (read?.jobStatus !== "Canceled") throw err;
        }
      }
    } else {
      if (known?.status === "cancelled")
        return permanent(
          `The ServiceTitan job ${ids.jobNumber ?? id} was cancelled: book the new appointment in ServiceTitan by hand.`,
        );
      const moved =
        !sameInstant(known?.start, appt.start) ||
        !sameInstant(known?.end, appt.end) ||
        (known?.appointmentId != null && known.appointmentId !== appt.id);
      const appointmentId = numericId(ids.appointmentId);
      if (moved) {
        if (appointmentId === null) return permanent(`ServiceTitan's job ${id} has no appointment to move.`);
        await step("Moving the job's appointment", () =>
          api.rescheduleAppointment(appointmentId, { start: appt.start, end: appt.end }, call),
        );
      }
    }
    return delivered(String(id), ids);
  }

  // ---- the read-back

  async function readOutcomes(
    records: readonly { externalId: string; externalIds: Readonly<Record<string, string>> }[],
    s: StDestinationSettings,
    api: ServiceTitanRecords,
    call: CallOptions,
  ): Promise<JobOutcome[]> {
    // A record is a booking's when it says so (its ids), else as the settings' mode says.
    const asBooking = (r: (typeof records)[number]) =>
      r.externalIds.bookingId !== undefined || (r.externalIds.jobId === undefined && s.mode === "booking");
    const providerOf = (r: (typeof records)[number]) =>
      numericId(r.externalIds.bookingProviderId) ?? s.bookingProviderId ?? null;

    const byProvider = new Map<number, number[]>();
    for (const r of records) {
      const id = numericId(r.externalId);
      const provider = providerOf(r);
      if (!asBooking(r) || id === null || provider === null) continue;
      byProvider.set(provider, [...(byProvider.get(provider) ?? []), id]);
    }
    const bookings = new Map<number, StBooking>();
    for (const [provider, ids] of byProvider)
      for (const b of await api.bookingsByIds(provider, ids, call)) bookings.set(b.id, b);

    const jobIdOf = (r: (typeof records)[number]): number | null => {
      if (!asBooking(r)) return numericId(r.externalId);
      const booking = bookings.get(numericId(r.externalId) ?? -1);
      return booking?.jobId ?? numericId(r.externalIds.jobId);
    };
    const jobIds = [...new Set(records.map(jobIdOf).filter((id): id is number => id !== null))];
    const jobs = new Map((await api.jobsByIds(jobIds, call)).map((j) => [j.id, j]));
    // Invoices only of jobs that can have one worth reading (not of those not yet run, nor cancelled).
    const invoiced = [...jobs.values()]
      .filter((j) => j.jobStatus !== "Scheduled" && j.jobStatus !== "Canceled")
      .map((j) => j.id);
    const invoices = new Map<number, StInvoice[]>();
    for (const batch of chunks(invoiced))
      for (const inv of await api.invoicesByJobIds(batch, call)) {
        const jobId = inv.job?.id;
        if (jobId != null) invoices.set(jobId, [...(invoices.get(jobId) ?? []), inv]);
      }

    return records.map((r): JobOutcome => {
      const base = {
        externalId: r.externalId,
        jobId: null,
        jobNumber: null,
        contactedAt: null,
        externalIds: {},
      };
      const jobId = jobIdOf(r);
      const job = jobId === null ? undefined : jobs.get(jobId);
      if (!asBooking(r)) {
        if (!job) return { ...base, outcome: "pending", revenue: null };
        return {
          ...base,
          ...jobOutcome(job, invoices.get(job.id) ?? []),
          contactedAt: job.createdOn ?? null,
        };
      }
      const booking = bookings.get(numericId(r.externalId) ?? -1);
      if (!booking) return { ...base, outcome: "pending", revenue: null };
      if (booking.status === "Dismissed" && !job) return { ...base, outcome: "cancelled", revenue: null };
      // Accepted or converted: someone at the organization acted on it then.
      const contactedAt = booking.status === "New" ? null : booking.modifiedOn;
      if (!job)
        return {
          ...base,
          outcome: "pending",
          revenue: null,
          contactedAt,
          jobId: jobId ? String(jobId) : null,
        };
      const outcome = jobOutcome(job, invoices.get(job.id) ?? []);
      return {
        ...base,
        ...outcome,
        contactedAt,
        externalIds: { jobId: outcome.jobId!, jobNumber: outcome.jobNumber! },
      };
    });
  }

  // ---- the adapter

  const lookupList = {
    jobTypes: "jobTypes",
    technicians: "technicians",
    businessUnits: "businessUnits",
    campaigns: "campaigns",
  } as const satisfies Record<LookupKind, string>;

  return {
    vendor: "servicetitan",
    kind: "crm",
    schemas: { settings: stDestinationSettings, credentials: stDestinationCredentials },

    async send(payload, state, config, env) {
      const api = connect(config, env);
      const call = sendCall(env);
      try {
        return config.settings.mode === "job"
          ? await sendJob(payload, state, config.settings, api, call)
          : await sendBooking(payload, state, config.settings, api, call);
      } catch (err) {
        if (err instanceof ServiceTitanFailure) return err.failure;
        throw err;
      }
    },

    outcomes: (records, config, env) =>
      readResult(() => readOutcomes(records, config.settings, connect(config, env), readCall(env))),

    async test(config, env): Promise<ReadResult<{ message: string }>> {
      const api = connect(config, env);
      const answer = await readResult(() => api.businessUnitsPage(readCall(env)));
      if (answer.outcome !== "ok") return answer;
      const n = answer.value.total;
      return {
        outcome: "ok",
        value: {
          message: `Connected to tenant ${config.settings.tenantId}: ${n} business unit${n === 1 ? "" : "s"}.`,
        },
      };
    },

    async lookups(kind, config, env): Promise<ReadResult<LookupItem[]>> {
      const client = serviceTitanClient(connectionOf(config), clientEnv(env), { timeoutMs });
      const answer = await client[lookupList[kind]](readCall(env));
      if (answer.outcome !== "ok") return answer;
      return {
        outcome: "ok",
        value: answer.value.map((i) => ({ id: String(i.id), name: i.name, active: i.active })),
      };
    },

    async capacity(query, config, env): Promise<ReadResult<CapacityWindow[]>> {
      const client = serviceTitanClient(connectionOf(config), clientEnv(env), { timeoutMs });
      const answer = await client.capacity(
        {
          startsOnOrAfter: query.from,
          endsOnOrBefore: query.to,
          businessUnitIds: query.businessUnitIds?.map(Number),
          jobTypeId: query.jobTypeId === undefined ? undefined : Number(query.jobTypeId),
          skillBasedAvailability: false,
        },
        readCall(env),
      );
      if (answer.outcome !== "ok") return answer;
      return {
        outcome: "ok",
        value: answer.value.availabilities.map((a) => ({
          start: a.startUtc,
          end: a.endUtc,
          openHours: a.openAvailability,
          totalHours: a.totalAvailability,
        })),
      };
    },
  };
}

/** The adapter the registry holds (modules/index.ts): 15 s per call, tokens in `env.tokens` or this process. */
export const serviceTitanDestination = createServiceTitanDestination();
