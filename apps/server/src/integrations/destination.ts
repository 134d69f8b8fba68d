import type { ConsentDestination } from "@fieldlead/contracts";

/**
 * A destination: where an appointment goes once it is set (docs/reference/architecture-note.md, "Integrations";
 * docs/domain.md, "Destinations"; the field-service CRM's API: docs/integrations/servicetitan.md). One interface in our own words: make the destination hold a lead and its appointment as they are now
 * (`send`), read back outcomes, read lookups and capacity, test the settings. Each vendor folder (`integrations/<vendor>/`) implements it with its HTTP client,
 * mapper, settings schema, error translation and a simulator that speaks the vendor's protocol.
 *
 * An adapter receives everything as arguments: the appointment, the organization's settings and (decrypted)
 * credentials, and the environment (`fetch`, the clock, a token cache). It never imports the database
 * (registry.ts); what it needs from our data comes in the payload or through a port it is given.
 *
 * What a call answers decides the delivery record (pending, sent, failed, dead: docs/domain.md):
 * - `delivered`: sent; keep the destination's ids (`externalId` first, the others beside it).
 * - `retryable`: the destination is down, slow, rate-limiting (429) or failing (5xx): nothing is lost, the
 *   delivery is tried again with backoff (`retryAfterMs` when the destination said when), dead after its last try.
 * - `permanent`: the destination refused what we sent (a 4xx validation error): trying again cannot help, the
 *   delivery is dead at once and a person has to fix the lead, the appointment or the settings.
 */

/** The kind of destination, as the lead's consents name them (the field-service CRM, the retailer, the programs). */
export type DestinationKind = ConsentDestination;

/** Something that turns stored JSON into typed settings, or throws (a zod schema is one). */
export type SettingsParser<T> = { parse(raw: unknown): T };

/** An organization's configuration of one destination: its settings, and its credentials decrypted by the caller. */
export type DestinationConfig<S = unknown, C = unknown> = { settings: S; credentials: C };

/** Where a cached access token is kept between calls (ServiceTitan's last about 900 s and cannot be refreshed). */
export type TokenCache = {
  get(key: string): Promise<{ token: string; expiresAt: Date } | null>;
  set(key: string, value: { token: string; expiresAt: Date }): Promise<void>;
};

/** What an adapter may use besides its arguments: injected so tests and simulators can stand in. */
export type DestinationEnv = {
  fetch: typeof fetch;
  now: () => Date;
  /** Aborts the call (the worker's deadline). */
  signal?: AbortSignal;
  tokens?: TokenCache;
};

/** A postal address as destinations take it. */
export type PayloadAddress = {
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: "US";
};

/**
 * One lead and its appointment as every destination is sent it (the vendor's mapper turns it into the vendor's
 * shape). Times are ISO 8601 in UTC; `timeZone` is the store's, for the destination's people. It is always the
 * lead's state *now* (read when the delivery is sent), never an event: a destination is told what is, and a later
 * change only ever follows an earlier one (docs/decisions/0039-deliveries.md).
 */
export type AppointmentPayload = {
  /**
   * Ours, per lead and destination: the same key must never make two records at the destination
   * (ServiceTitan's `externalId`). Every send of the delivery, first or retried, carries the same key.
   */
  idempotencyKey: string;
  /**
   * Grows by one with every change to send (a booking, a move, a cancel, a resend). Destinations that keep one
   * record per key (the HTTP destinations) keep the highest version they were sent and ignore a lower one.
   */
  version: number;
  organization: { id: number; name: string };
  /** The lead's current (or last cancelled) appointment; `null` when the lead has none (sent as a lead only). */
  appointment: {
    id: number;
    typeId: number;
    typeName: string;
    status: "booked" | "cancelled";
    start: string;
    end: string;
    timeZone: string;
    notes: string | null;
    /** The type's CRM ids (job type, campaign, business unit); `null` fields fall back to the destination's defaults. */
    crm: { jobTypeId: number | null; campaignId: number | null; businessUnitId: number | null };
  } | null;
  customer: {
    leadId: number;
    firstName: string;
    lastName: string;
    phone: string | null;
    email: string | null;
    address: PayloadAddress;
    languageId: number | null;
  };
  store: { id: number; name: string; storeNumber: string | null } | null;
  serviceType: { id: number; name: string } | null;
  /** The answers to the service type's questions, as a person reads them. */
  answers: { question: string; answer: string }[];
  /** The disclosure the shopper accepted for this destination, and when; `null` when the destination needs none. */
  consent: { disclosureText: string; acceptedAt: string } | null;
  /** The programs' own ids, for the destinations that take them (group, job type, service id, ad code). */
  program: {
    hdsfiGroupId: number | null;
    hdJobTypeId: number | null;
    centahServiceId: number | null;
    centahAdCodeId: number | null;
    externalReference: string | null;
  };
  capturedAt: string;
  capturedBy: { userId: number; name: string } | null;
  notes: string | null;
};

/**
 * What the destination already has from us for this lead (kept on the delivery record): its ids, what it was last
 * told, and whether the last try ended without a clear answer.
 */
export type DeliveryState = {
  /** The destination's id for our record (a booking id, a job id); `null` until a send succeeded. */
  externalId: string | null;
  /** Its other ids (a customer, a location, a job, an appointment), by name. */
  externalIds: Readonly<Record<string, string>>;
  /** What the destination was last told, `null` before the first success. */
  sent: {
    appointmentId: number | null;
    status: "booked" | "cancelled" | null;
    start: string | null;
    end: string | null;
  } | null;
  /**
   * The previous try ended without a clear answer (no answer, a timeout, a 5xx): the destination may have made
   * the record. An adapter whose destination can make two records looks for ours (by the key) before creating.
   */
  unclear: boolean;
};

/** The outcome of the CRM's job for a lead, read back on a schedule (reports: ran, sold, revenue). */
export type JobOutcome = {
  /** The delivery's `externalId` the outcome belongs to. */
  externalId: string;
  outcome: "pending" | "ran" | "sold" | "notSold" | "noShow" | "cancelled";
  /** Invoiced total, in dollars; `null` before any invoice. */
  revenue: number | null;
  jobId: string | null;
  jobNumber: string | null;
  /** When someone at the destination first acted on the record (accepted the booking, scheduled the job). */
  contactedAt: string | null;
  /** Ids learnt on the way (the job a booking became), to keep beside the others. */
  externalIds: Readonly<Record<string, string>>;
};

/** The destination refused for now (down, slow, 429, 5xx): try again later. */
export type RetryableFailure = {
  outcome: "retryable";
  error: string;
  httpStatus?: number;
  /** When the destination said when to come back (`Retry-After`). */
  retryAfterMs?: number;
};

/** The destination refused what was sent (a 4xx validation error): trying again cannot help. */
export type PermanentFailure = {
  outcome: "permanent";
  error: string;
  httpStatus?: number;
  /** The destination's own messages by field, when it gave them. */
  fieldErrors?: Record<string, string[]>;
};

export type DeliveryFailure = RetryableFailure | PermanentFailure;

/** What sending (or updating, or cancelling) an appointment came to. */
export type DeliveryResult =
  | {
      outcome: "delivered";
      /** The destination's id for what was created or changed (the booking, the job). */
      externalId: string;
      /** Its other ids worth keeping (a customer, a location, a job number), by name. */
      externalIds: Readonly<Record<string, string>>;
    }
  | DeliveryFailure;

/** What a read (lookups, capacity, a settings test) came to. */
export type ReadResult<T> = { outcome: "ok"; value: T } | DeliveryFailure;

/** The lists a destination can offer to map our data onto its own (job types, technicians...). */
export type LookupKind = "jobTypes" | "technicians" | "businessUnits" | "campaigns";
export type LookupItem = { id: string; name: string; active: boolean };

export type CapacityQuery = {
  from: string;
  to: string;
  businessUnitIds?: string[];
  jobTypeId?: string;
};
/** A window the destination can still take, in labor hours. */
export type CapacityWindow = { start: string; end: string; openHours: number; totalHours: number };

/**
 * One destination adapter (`S`: its settings, `C`: its credentials). `send` is the one required call: it makes
 * the destination hold what the payload says (creating, updating or cancelling as `state` requires) and answers
 * the ids to keep.
 */
export interface Destination<S = unknown, C = unknown> {
  /** The registry's key for it (`servicetitan`), as an organization's settings name it. */
  readonly vendor: string;
  readonly kind: DestinationKind;
  /** Checks what is stored for an organization before any call (and in the settings form). */
  readonly schemas: { settings: SettingsParser<S>; credentials: SettingsParser<C> };

  /**
   * Makes the destination hold the lead as the payload says. Idempotent by `payload.idempotencyKey`: sending the
   * same payload twice leaves one record; after an unclear failure (`state.unclear`) an adapter whose destination
   * can double looks for the record by the key before creating one.
   */
  send(
    payload: AppointmentPayload,
    state: DeliveryState,
    config: DestinationConfig<S, C>,
    env: DestinationEnv,
  ): Promise<DeliveryResult>;
  /** Reads back what became of records sent (the CRM: job status and invoices). */
  outcomes?(
    records: readonly { externalId: string; externalIds: Readonly<Record<string, string>> }[],
    config: DestinationConfig<S, C>,
    env: DestinationEnv,
  ): Promise<ReadResult<JobOutcome[]>>;
  lookups?(
    kind: LookupKind,
    config: DestinationConfig<S, C>,
    env: DestinationEnv,
  ): Promise<ReadResult<LookupItem[]>>;
  capacity?(
    query: CapacityQuery,
    config: DestinationConfig<S, C>,
    env: DestinationEnv,
  ): Promise<ReadResult<CapacityWindow[]>>;
  /** Tries the settings and credentials without sending anything (the settings form's "Test connection"). */
  test?(config: DestinationConfig<S, C>, env: DestinationEnv): Promise<ReadResult<{ message: string }>>;
}

/** Any destination, whatever its settings (what the registry holds). */
export type AnyDestination = Destination<unknown, unknown>;

export const delivered = (externalId: string, externalIds: Record<string, string> = {}): DeliveryResult => ({
  outcome: "delivered",
  externalId,
  externalIds,
});

export const retryable = (
  error: string,
  more: Omit<RetryableFailure, "outcome" | "error"> = {},
): RetryableFailure => ({
  outcome: "retryable",
  error,
  ...more,
});

export const permanent = (
  error: string,
  more: Omit<PermanentFailure, "outcome" | "error"> = {},
): PermanentFailure => ({
  outcome: "permanent",
  error,
  ...more,
});

/**
 * `Retry-After` in milliseconds from `now`: delay-seconds or an HTTP date; `undefined` when absent or unreadable
 * (the caller backs off on its own then). A date in the past is 0.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** HTTP statuses worth another try: timeout, too early, too many requests, and every 5xx. */
export const isRetryableStatus = (status: number) =>
  status === 408 || status === 425 || status === 429 || status >= 500;

/**
 * A destination's error answer as a failure: retryable for 408, 425, 429 and 5xx (with its `Retry-After`),
 * permanent for the other 4xx (validation, not found, conflict).
 */
export function failureFromStatus(
  status: number,
  error: string,
  opts: { retryAfter?: string | null; now?: Date; fieldErrors?: Record<string, string[]> } = {},
): DeliveryFailure {
  if (isRetryableStatus(status)) {
    const retryAfterMs = parseRetryAfter(opts.retryAfter, opts.now ?? new Date());
    return retryable(
      error,
      retryAfterMs === undefined ? { httpStatus: status } : { httpStatus: status, retryAfterMs },
    );
  }
  return permanent(
    error,
    opts.fieldErrors ? { httpStatus: status, fieldErrors: opts.fieldErrors } : { httpStatus: status },
  );
}

/**
 * What `fetch` threw (no answer at all: the destination is unreachable, the connection dropped, the deadline
 * passed) as a retryable failure.
 */
export function failureFromThrown(err: unknown): RetryableFailure {
  const name = err instanceof Error ? err.name : "";
  if (name === "AbortError" || name === "TimeoutError")
    return retryable("The destination did not answer in time.");
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return retryable(
    `The destination could not be reached (${err instanceof Error ? err.message : String(err)}${cause}).`,
  );
}
