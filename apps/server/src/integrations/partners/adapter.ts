import type { z } from "zod";
import {
  type AppointmentPayload,
  type DeliveryFailure,
  type DeliveryResult,
  type Destination,
  type DestinationConfig,
  type DestinationEnv,
  delivered,
  failureFromStatus,
  failureFromThrown,
  type PermanentFailure,
  permanent,
  type ReadResult,
} from "../destination";
import {
  capitalized,
  describeFieldErrors,
  fieldErrorsOf,
  PARTNER_LEAD_BODIES,
  PARTNER_NAMES,
  PARTNER_PATHS,
  PARTNER_SETTINGS,
  type PartnerCode,
  type PartnerCredentials,
  type PartnerKind,
  type PartnerLeadBodies,
  type PartnerSettings,
  partnerAccepted,
  partnerCredentials,
  type partnerLeadBase,
  partnerPing,
  partnerProblem,
  partnerStale,
  type RetailerProgramSettings,
  type RetailerSettings,
  type SecondPartnerSettings,
} from "./schemas";
import { PARTNER_HEADERS, signBody } from "./signature";

/**
 * The adapter of the three partner destinations (`Destination` of destination.ts): one shape of call for all
 * three, each with its own settings and `program` block. `send` is one signed `PUT {endpoint}/v1/leads/{key}` of
 * the lead as it is now; the partner keeps one record per key, the highest version it was sent.
 *
 * Answers:
 * - 200/201 `{id, version}`: delivered (the partner's id is the external id);
 * - 409 `{currentVersion}` at or above ours: delivered too (see `interpret`);
 * - 401/403: permanent, the signature was refused (the shared secret differs);
 * - 400/422: permanent with the partner's field messages;
 * - 408/425/429 (its `Retry-After`)/5xx and no answer: retryable.
 *
 * `state.unclear` (the last try got no clear answer) needs nothing special here: the PUT is idempotent by key, so
 * sending again can only overwrite our own record with the same or a newer version, never make a second one.
 */

export type PartnerDestinationOptions = {
  /** Per call; the worker's `env.signal` may end it sooner. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 15_000;

export type PartnerDestination<K extends PartnerKind> = Destination<
  PartnerSettings[K],
  PartnerCredentials
> & {
  readonly vendor: K;
  readonly kind: K;
};

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** `{endpoint}/v1/leads/{key}`: the key is ours and may hold any character, so it is encoded. */
export const leadUrl = (endpoint: string, key: string) =>
  `${trimSlash(endpoint)}${PARTNER_PATHS.lead.replace("{key}", encodeURIComponent(key))}`;
export const pingUrl = (endpoint: string) => `${trimSlash(endpoint)}${PARTNER_PATHS.ping}`;

/** The signed headers of a call (the body is the exact text sent; a GET signs the empty body). */
export function signedHeaders(secret: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    [PARTNER_HEADERS.timestamp]: String(timestamp),
    [PARTNER_HEADERS.signature]: signBody(secret, timestamp, body),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The body
// ---------------------------------------------------------------------------------------------------------------

type Resolved<T> = { ok: true; value: T } | { ok: false; failure: PermanentFailure };

/**
 * The lead's program id, else the settings' default, found in the settings' list. Missing or unknown is permanent:
 * the partner would file the lead under no code or a wrong one, and only a person can choose the right one.
 */
function resolveCode(
  list: readonly PartnerCode[],
  leadId: number | null,
  defaultId: number | null,
  words: { what: string; destination: string; listName: string },
): Resolved<PartnerCode> {
  const id = leadId ?? defaultId;
  if (id === null)
    return {
      ok: false,
      failure: permanent(
        `The lead has no ${words.what}, and ${words.destination}'s settings have no default ${words.what}.`,
      ),
    };
  const found = list.find((item) => item.id === id);
  if (found) return { ok: true, value: { id: found.id, code: found.code, name: found.name } };
  const whose = leadId === null ? `The default ${words.what}` : `The lead's ${words.what}`;
  return {
    ok: false,
    failure: permanent(
      `${whose} (${id}) is not among ${words.destination}'s ${words.listName}: add it in the settings.`,
    ),
  };
}

/** The part every partner gets the same way (the store and the program block are each partner's own). */
function baseBody(payload: AppointmentPayload, sentAt: Date) {
  const a = payload.appointment;
  return {
    key: payload.idempotencyKey,
    version: payload.version,
    sentAt: sentAt.toISOString(),
    status: a ? a.status : ("lead" as const),
    organization: { id: payload.organization.id, name: payload.organization.name },
    customer: {
      firstName: payload.customer.firstName,
      lastName: payload.customer.lastName,
      phone: payload.customer.phone,
      email: payload.customer.email,
      address: { ...payload.customer.address },
      languageId: payload.customer.languageId,
    },
    appointment: a
      ? {
          id: a.id,
          type: { id: a.typeId, name: a.typeName },
          start: a.start,
          end: a.end,
          timeZone: a.timeZone,
          notes: a.notes,
        }
      : null,
    serviceType: payload.serviceType ? { id: payload.serviceType.id, name: payload.serviceType.name } : null,
    answers: payload.answers.map((x) => ({ question: x.question, answer: x.answer })),
    consent: payload.consent
      ? { disclosureText: payload.consent.disclosureText, acceptedAt: payload.consent.acceptedAt }
      : null,
    capturedAt: payload.capturedAt,
    capturedBy: payload.capturedBy
      ? { userId: payload.capturedBy.userId, name: payload.capturedBy.name }
      : null,
    notes: payload.notes,
  } satisfies z.input<typeof partnerLeadBase>;
}

const storeOf = (payload: AppointmentPayload) =>
  payload.store
    ? { id: payload.store.id, name: payload.store.name, storeNumber: payload.store.storeNumber }
    : null;

type BodyBuilder<K extends PartnerKind> = (
  payload: AppointmentPayload,
  settings: PartnerSettings[K],
  now: Date,
) => Resolved<PartnerLeadBodies[K]>;

const BUILDERS: { [K in PartnerKind]: BodyBuilder<K> } = {
  retailer(payload, settings: RetailerSettings, now) {
    const store = payload.store;
    if (!store)
      return {
        ok: false,
        failure: permanent("The lead has no store, and the retailer needs the store's warehouse number."),
      };
    const warehouseNumber = settings.storeNumbers[String(store.id)];
    if (!warehouseNumber)
      return {
        ok: false,
        failure: permanent(
          `Store ${store.name} (${store.id}) has no warehouse number in the retailer's settings.`,
        ),
      };
    // The payload names no IME sub-category: the one named as the lead's service type is it, when there is one.
    const serviceName = payload.serviceType?.name.trim().toLowerCase();
    const ime = serviceName
      ? settings.imeSubCategories.find((c) => c.name.trim().toLowerCase() === serviceName)
      : undefined;
    return {
      ok: true,
      value: {
        ...baseBody(payload, now),
        store: { id: store.id, name: store.name, warehouseNumber },
        program: {
          vendorNumber: settings.vendorNumber,
          imeSubCategory: ime ? { id: ime.id, name: ime.name } : null,
          externalReference: payload.program.externalReference,
        },
      },
    };
  },
  retailerProgram(payload, settings: RetailerProgramSettings, now) {
    const destination = PARTNER_NAMES.retailerProgram;
    const group = resolveCode(settings.groups, payload.program.hdsfiGroupId, settings.defaultGroupId, {
      what: "HDSFI group",
      destination,
      listName: "groups",
    });
    if (!group.ok) return group;
    const jobType = resolveCode(settings.jobTypes, payload.program.hdJobTypeId, settings.defaultJobTypeId, {
      what: "HD job type",
      destination,
      listName: "job types",
    });
    if (!jobType.ok) return jobType;
    return {
      ok: true,
      value: {
        ...baseBody(payload, now),
        store: storeOf(payload),
        program: {
          hdsfiGroup: group.value,
          hdJobType: jobType.value,
          externalReference: payload.program.externalReference,
        },
      },
    };
  },
  secondPartner(payload, settings: SecondPartnerSettings, now) {
    const destination = PARTNER_NAMES.secondPartner;
    const service = resolveCode(
      settings.serviceIds,
      payload.program.centahServiceId,
      settings.defaultServiceId,
      { what: "service id", destination, listName: "service ids" },
    );
    if (!service.ok) return service;
    const adCode = resolveCode(settings.adCodes, payload.program.centahAdCodeId, settings.defaultAdCodeId, {
      what: "ad code",
      destination,
      listName: "ad codes",
    });
    if (!adCode.ok) return adCode;
    return {
      ok: true,
      value: {
        ...baseBody(payload, now),
        store: storeOf(payload),
        program: {
          service: service.value,
          adCode: adCode.value,
          externalReference: payload.program.externalReference,
        },
      },
    };
  },
};

/**
 * The body a partner is sent for this payload, checked with the schema the simulator (and the OpenAPI file)
 * holds partners to: a body we would build wrong is refused here, in our words, rather than by the partner.
 */
export function buildPartnerBody<K extends PartnerKind>(
  kind: K,
  payload: AppointmentPayload,
  settings: PartnerSettings[K],
  now: Date,
): Resolved<PartnerLeadBodies[K]> {
  const built = (BUILDERS[kind] as BodyBuilder<K>)(payload, settings, now);
  if (!built.ok) return built;
  const checked = (PARTNER_LEAD_BODIES[kind] as z.ZodType).safeParse(built.value);
  if (checked.success) return built;
  const fieldErrors = fieldErrorsOf(checked.error);
  return {
    ok: false,
    failure: permanent(
      `The lead cannot be sent to ${PARTNER_NAMES[kind]} as it is (${describeFieldErrors(fieldErrors)}).`,
      { fieldErrors },
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The call
// ---------------------------------------------------------------------------------------------------------------

/** The stored settings and credentials, parsed (defaults applied), or a failure a manager can act on. */
function readConfig<K extends PartnerKind>(
  kind: K,
  config: DestinationConfig<PartnerSettings[K], PartnerCredentials>,
): Resolved<{ settings: PartnerSettings[K]; secret: string }> {
  const settings = PARTNER_SETTINGS[kind].safeParse(config.settings);
  const credentials = partnerCredentials.safeParse(config.credentials);
  if (settings.success && credentials.success)
    return { ok: true, value: { settings: settings.data, secret: credentials.data.secret } };
  // zod's messages name the rule, never the value given, so the secret cannot leak through them.
  const fieldErrors = {
    ...(settings.success ? {} : fieldErrorsOf(settings.error)),
    ...(credentials.success ? {} : fieldErrorsOf(credentials.error)),
  };
  return {
    ok: false,
    failure: permanent(
      `The settings of ${PARTNER_NAMES[kind]} are incomplete (${describeFieldErrors(fieldErrors)}).`,
      { fieldErrors },
    ),
  };
}

/** The caller's signal (the worker's deadline) and our own timeout, whichever ends first. */
function deadline(env: DestinationEnv, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return env.signal ? AbortSignal.any([env.signal, timeout]) : timeout;
}

/** The answer's JSON, or null when there is none or it is not JSON (a proxy's page). */
async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** An error answer in our words, with the partner's title and field messages when it sent them. */
function errorAnswer(kind: PartnerKind, res: Response, json: unknown, now: Date): DeliveryFailure {
  const status = res.status;
  const Name = capitalized(kind);
  if (status === 401 || status === 403)
    return permanent(`${Name} refused our signature: check the shared secret.`, { httpStatus: status });
  // Redirects are not followed (a signed call goes only where the settings say): the endpoint has moved.
  if (status >= 300 && status < 400) {
    const location = res.headers.get("location");
    return permanent(
      `${Name}'s endpoint answers with a redirect (HTTP ${status}${location ? ` to ${location}` : ""}): check the endpoint in the settings.`,
      { httpStatus: status },
    );
  }
  const problem = partnerProblem.safeParse(json);
  const title = problem.success ? (problem.data.title ?? problem.data.detail ?? null) : null;
  const fieldErrors = problem.success && problem.data.errors ? problem.data.errors : undefined;
  const what =
    status === 429
      ? `${Name} is limiting the rate of calls`
      : status === 408
        ? `${Name} did not answer in time`
        : status >= 500
          ? `${Name} failed`
          : status === 404
            ? `${Name} has nothing at this address (check the endpoint in the settings)`
            : `${Name} refused the lead`;
  const messages =
    fieldErrors && Object.keys(fieldErrors).length ? `: ${describeFieldErrors(fieldErrors)}` : "";
  const error = `${what} (HTTP ${status}${title ? `: ${title}` : ""})${messages}`;
  return failureFromStatus(status, /[.!?]$/.test(error) ? error : `${error}.`, {
    retryAfter: res.headers.get("retry-after"),
    now,
    fieldErrors,
  });
}

/** What the partner's answer to the PUT comes to. */
function interpret(
  kind: PartnerKind,
  res: Response,
  json: unknown,
  sentVersion: number,
  fallbackId: string,
  now: Date,
): DeliveryResult {
  // The protocol answers 200 or 201; any 2xx with the id is taken, a partner's gateway may say 202.
  if (res.ok) {
    const accepted = partnerAccepted.safeParse(json);
    if (accepted.success) return delivered(accepted.data.id, {});
    return permanent(
      `${capitalized(kind)} accepted the lead but answered without its id (${describeFieldErrors(
        fieldErrorsOf(accepted.error),
      )}).`,
      { httpStatus: res.status },
    );
  }
  if (res.status === 409) {
    const stale = partnerStale.safeParse(json);
    // The partner already holds this key at our version or a newer one. Versions are ours and only grow, so a
    // newer one came from us later: this older state is superseded, and sending it again would change nothing.
    // Its own delivery is done (the newer version's delivery carries the lead's current state).
    if (stale.success && stale.data.currentVersion >= sentVersion)
      return delivered(stale.data.id ?? fallbackId, {});
  }
  return errorAnswer(kind, res, json, now);
}

/** Replaces the secret wherever a partner's words might have echoed it (an error must never carry it). */
function scrub<T extends DeliveryResult | ReadResult<unknown>>(result: T, secret: string): T {
  if (result.outcome === "delivered" || result.outcome === "ok" || !secret) return result;
  const clean = (s: string) => s.split(secret).join("[secret]");
  const out = { ...result, error: clean(result.error) };
  if ("fieldErrors" in out && out.fieldErrors)
    out.fieldErrors = Object.fromEntries(
      Object.entries(out.fieldErrors).map(([k, v]) => [clean(k), v.map(clean)]),
    );
  return out;
}

export function partnerDestination<K extends PartnerKind>(
  kind: K,
  options: PartnerDestinationOptions = {},
): PartnerDestination<K> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const Name = capitalized(kind);

  return {
    vendor: kind,
    kind,
    schemas: { settings: PARTNER_SETTINGS[kind], credentials: partnerCredentials },

    async send(payload, state, config, env) {
      const read = readConfig(kind, config);
      if (!read.ok) return read.failure;
      const { settings, secret } = read.value;
      const now = env.now();
      const built = buildPartnerBody(kind, payload, settings, now);
      if (!built.ok) return scrub(built.failure, secret);
      const body = JSON.stringify(built.value);
      let result: DeliveryResult;
      try {
        const res = await env.fetch(leadUrl(settings.endpoint, payload.idempotencyKey), {
          method: "PUT",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            [PARTNER_HEADERS.idempotencyKey]: payload.idempotencyKey,
            ...signedHeaders(secret, now, body),
          },
          body,
          signal: deadline(env, timeoutMs),
          redirect: "manual",
        });
        const json = await readJson(res);
        result = interpret(
          kind,
          res,
          json,
          payload.version,
          state.externalId ?? payload.idempotencyKey,
          env.now(),
        );
      } catch (err) {
        result = failureFromThrown(err);
      }
      return scrub(result, secret);
    },

    async test(config, env) {
      const read = readConfig(kind, config);
      if (!read.ok) return read.failure;
      const { settings, secret } = read.value;
      let result: ReadResult<{ message: string }>;
      try {
        const res = await env.fetch(pingUrl(settings.endpoint), {
          method: "GET",
          headers: { accept: "application/json", ...signedHeaders(secret, env.now(), "") },
          signal: deadline(env, timeoutMs),
          redirect: "manual",
        });
        const json = await readJson(res);
        if (!res.ok) result = errorAnswer(kind, res, json, env.now());
        else {
          const ping = partnerPing.safeParse(json);
          if (!ping.success)
            result = permanent(
              `${Name} answered, but not as the protocol says (GET ${PARTNER_PATHS.ping}).`,
              {
                httpStatus: res.status,
              },
            );
          else {
            const vendor = ping.data.vendor ?? null;
            const ours = kind === "retailer" ? (settings as RetailerSettings).vendorNumber : null;
            // The retailer knows us by the secret; a different vendor number means two settings were mixed up.
            result =
              ours !== null && vendor !== null && vendor !== ours
                ? permanent(
                    `${Name} knows this secret as vendor ${vendor}, but the settings say vendor ${ours}: check the vendor number.`,
                  )
                : {
                    outcome: "ok",
                    value: {
                      message: `${Name} answered: connected${vendor ? ` as vendor ${vendor}` : ""}.`,
                    },
                  };
          }
        }
      } catch (err) {
        result = failureFromThrown(err);
      }
      return scrub(result, secret);
    },
  };
}

export const retailerDestination = partnerDestination("retailer");
export const retailerProgramDestination = partnerDestination("retailerProgram");
export const secondPartnerDestination = partnerDestination("secondPartner");

/** The three, by vendor key (what the registry is given). */
export const PARTNER_DESTINATIONS = {
  retailer: retailerDestination,
  retailerProgram: retailerProgramDestination,
  secondPartner: secondPartnerDestination,
} as const;
