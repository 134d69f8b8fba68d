import { z } from "zod";
import {
  type CallOptions,
  type ServiceTitanClientOptions,
  type ServiceTitanConnection,
  type ServiceTitanEnv,
  type ServiceTitanTransport,
  serviceTitanTransport,
} from "./client";
import {
  type StAppointment,
  type StAppointmentRescheduleRequest,
  type StBooking,
  type StBookingCreateRequest,
  type StBookingDismissRequest,
  type StBookingUpdateRequest,
  type StBusinessUnit,
  type StCustomer,
  type StCustomerCreateRequest,
  type StInvoice,
  type StJob,
  type StJobCancelRequest,
  type StJobCreateRequest,
  stAppointment,
  stBooking,
  stBusinessUnit,
  stCustomer,
  stInvoice,
  stJob,
  stPage,
} from "./schemas";

/**
 * The calls that make and read our records in ServiceTitan (docs/integrations/servicetitan.md): bookings, customers,
 * jobs and their appointments, invoices. Built on the same transport as the lookups client (tokens, the 401
 * renewal, the vendor's errors in words), but every call here throws `ServiceTitanFailure` rather than answering a
 * `ReadResult`: a send is several calls in a row, and the destination turns the first failure into its answer.
 *
 * Calls default to one attempt with a 15 s timeout (`DELIVERY_CALL`): a delivery is retried by the worker with its
 * own backoff, and retrying a write in here could make a second record. A 401 still renews the token once (that is
 * not a retry of the write: the first try was refused before anything was made). Reads of the read-back may pass
 * their own retry policy.
 */

/** One attempt, 15 s: what a delivery's calls use unless told otherwise. */
export const DELIVERY_CALL = { timeoutMs: 15_000, retry: { maxAttempts: 1 } } as const satisfies CallOptions;

/** ServiceTitan reads at most this many ids per list call (`ids`, `jobIds`). */
export const MAX_IDS_PER_CALL = 50;

/** `[1..120]` as `[[1..50], [51..100], [101..120]]`. */
export function chunks<T>(items: readonly T[], size = MAX_IDS_PER_CALL): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Where we find our own records: our app's guid, the key's name, and the value (the idempotency key). */
export type ExternalKey = { applicationGuid: string; key: string; value: string };

export type ServiceTitanRecords = {
  readonly transport: ServiceTitanTransport;
  createBooking(providerId: number, body: StBookingCreateRequest, o?: CallOptions): Promise<StBooking>;
  /** The bookings with this `externalId` (ServiceTitan may hold more than one: it does not refuse a second). */
  findBookings(providerId: number, externalId: string, o?: CallOptions): Promise<StBooking[]>;
  bookingsByIds(providerId: number, ids: readonly number[], o?: CallOptions): Promise<StBooking[]>;
  updateBooking(
    providerId: number,
    id: number,
    body: StBookingUpdateRequest,
    o?: CallOptions,
  ): Promise<StBooking | undefined>;
  dismissBooking(
    providerId: number,
    id: number,
    body: StBookingDismissRequest,
    o?: CallOptions,
  ): Promise<void>;
  createCustomer(body: StCustomerCreateRequest, o?: CallOptions): Promise<StCustomer>;
  /** Customers carrying our key in their external data (the same unconfirmed query as `findJobs`). */
  findCustomers(key: ExternalKey, o?: CallOptions): Promise<StCustomer[]>;
  createJob(body: StJobCreateRequest, o?: CallOptions): Promise<StJob>;
  /** Jobs carrying our key in their external data. */
  findJobs(key: ExternalKey, o?: CallOptions): Promise<StJob[]>;
  jobsByIds(ids: readonly number[], o?: CallOptions): Promise<StJob[]>;
  cancelJob(id: number, body: StJobCancelRequest, o?: CallOptions): Promise<void>;
  appointmentsByIds(ids: readonly number[], o?: CallOptions): Promise<StAppointment[]>;
  rescheduleAppointment(
    id: number,
    body: StAppointmentRescheduleRequest,
    o?: CallOptions,
  ): Promise<StAppointment | undefined>;
  /** Every invoice of these jobs (up to 50 job ids per call, as many calls as needed). */
  invoicesByJobIds(jobIds: readonly number[], o?: CallOptions): Promise<StInvoice[]>;
  /** The first page of business units and the total (the settings test). */
  businessUnitsPage(o?: CallOptions): Promise<{ data: StBusinessUnit[]; total: number }>;
};

/** An answer we do not read (a dismiss, a cancel): whatever JSON it is, or nothing. */
const ignored = z.unknown();

export function serviceTitanRecords(
  connection: ServiceTitanConnection,
  env: ServiceTitanEnv = {},
  options: ServiceTitanClientOptions = {},
): ServiceTitanRecords {
  const t = serviceTitanTransport(connection, env, options);
  const call = (o: CallOptions | undefined): CallOptions => ({ ...DELIVERY_CALL, ...o });
  const bookings = (providerId: number, rest = "") =>
    t.tenantPath("crm", `booking-provider/${encodeURIComponent(String(providerId))}/bookings${rest}`);
  const byKey = (key: ExternalKey) => ({
    externalDataApplicationGuid: key.applicationGuid,
    externalDataKey: key.key,
    externalDataValues: key.value,
  });
  /** Reads `ids` 50 at a time, each batch read to its last page. */
  async function byIds<T extends z.ZodType>(
    what: string,
    path: string,
    item: T,
    param: string,
    ids: readonly number[],
    o: CallOptions | undefined,
  ): Promise<z.output<T>[]> {
    const out: z.output<T>[] = [];
    for (const batch of chunks([...new Set(ids)]))
      out.push(
        ...(await t.list(
          what,
          path,
          item,
          { [param]: batch.join(","), pageSize: String(MAX_IDS_PER_CALL) },
          call(o),
        )),
      );
    return out;
  }

  return {
    transport: t,
    createBooking: (providerId, body, o) =>
      t.request("the new booking", "POST", bookings(providerId), stBooking, { body }, call(o)),
    findBookings: (providerId, externalId, o) =>
      t.list("the bookings of our key", bookings(providerId), stBooking, { externalId }, call(o)),
    bookingsByIds: (providerId, ids, o) =>
      byIds("the bookings", bookings(providerId), stBooking, "ids", ids, o),
    updateBooking: (providerId, id, body, o) =>
      t.request(
        "the booking's update",
        "PATCH",
        bookings(providerId, `/${id}`),
        stBooking.optional(),
        { body },
        call(o),
      ),
    dismissBooking: async (providerId, id, body, o) => {
      await t.request(
        "the dismissal",
        "POST",
        bookings(providerId, `/${id}/dismiss`),
        ignored,
        { body },
        call(o),
      );
    },
    createCustomer: (body, o) =>
      t.request("the new customer", "POST", t.tenantPath("crm", "customers"), stCustomer, { body }, call(o)),
    // The external-data filter is as generated clients show it for customers and jobs; unconfirmed against the
    // real API. The destination checks every record found for our key, so a tenant that ignores the filter makes
    // it adopt nothing wrong (it creates instead).
    findCustomers: (key, o) =>
      t.list("the customers of our key", t.tenantPath("crm", "customers"), stCustomer, byKey(key), call(o)),
    createJob: (body, o) =>
      t.request("the new job", "POST", t.tenantPath("jpm", "jobs"), stJob, { body }, call(o)),
    // `GET /jpm/v2/tenant/{t}/jobs?externalDataApplicationGuid=&externalDataKey=&externalDataValues=`: as real
    // clients show it, unconfirmed (see findCustomers).
    findJobs: (key, o) =>
      t.list("the jobs of our key", t.tenantPath("jpm", "jobs"), stJob, byKey(key), call(o)),
    jobsByIds: (ids, o) => byIds("the jobs", t.tenantPath("jpm", "jobs"), stJob, "ids", ids, o),
    cancelJob: async (id, body, o) => {
      await t.request(
        "the job's cancellation",
        "POST",
        t.tenantPath("jpm", `jobs/${id}/cancel`),
        ignored,
        { body },
        call(o),
      );
    },
    appointmentsByIds: (ids, o) =>
      byIds("the appointments", t.tenantPath("jpm", "appointments"), stAppointment, "ids", ids, o),
    rescheduleAppointment: (id, body, o) =>
      t.request(
        "the appointment's new time",
        "PATCH",
        t.tenantPath("jpm", `appointments/${id}/reschedule`),
        stAppointment.optional(),
        { body },
        call(o),
      ),
    invoicesByJobIds: (jobIds, o) =>
      byIds("the invoices", t.tenantPath("accounting", "invoices"), stInvoice, "jobIds", jobIds, o),
    businessUnitsPage: async (o) => {
      const page = await t.request(
        "the business units",
        "GET",
        t.tenantPath("settings", "business-units"),
        stPage(stBusinessUnit),
        { query: { page: "1", pageSize: "50", active: "Any", includeTotal: "true" } },
        call(o),
      );
      return { data: page.data, total: page.totalCount ?? page.data.length };
    },
  };
}
