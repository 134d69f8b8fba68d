import {
  type ConsentDestination,
  DESTINATION_SETTINGS,
  DESTINATIONS,
  type DeliveryItem,
  type DeliverySearchRequest,
  type DestinationHealth,
  type DestinationTestResponse,
  type DestinationUpsertRequest,
  type DestinationView,
  deliverySearchRequest,
  destinationName,
  type LeadRevenue,
} from "@fieldlead/contracts";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { appointments, leads, organizations } from "../../db/schema/index";
import type { TokenCache } from "../../integrations/destination";
import type { Registry } from "../../integrations/registry";
import type { TenantContext } from "../../platform/context";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { OutboxSignal } from "../../platform/outbox";
import { pageOf, pageResult } from "../../platform/query-kit";
import { inLeadScope, leadScope, requireCan } from "../../platform/scope";
import type { SecretBox } from "../../platform/secrets";
import { afterCommit, type Executor, type UnitOfWork } from "../../platform/unit-of-work";
import type { CrmRepository } from "../crm/index";
import { type DeliveriesRepository, NEEDS_CONSENT } from "./deliveries.repository";
import { type DeliverySender, vendorOf } from "./deliveries.sender";

type Deps = {
  uow: UnitOfWork;
  repo: DeliveriesRepository;
  crm: CrmRepository;
  registry: Registry;
  secrets: SecretBox;
  signal: OutboxSignal;
  /** PostgreSQL: nudge workers of other processes with a NOTIFY in the change's transaction. */
  notify: boolean;
  /** Tries a lead's deliveries at once (the send calls); absent, they wait for the worker. */
  sender?: DeliverySender;
  fetch?: typeof fetch;
  tokens?: TokenCache;
};

/** How long a send-now call waits for a delivery another worker is sending (then it answers `sending`). */
const SEND_NOW_WAIT_MS = 15_000;

const EMPTY_HEALTH: DestinationHealth = {
  sentLastHour: 0,
  pending: 0,
  failing: 0,
  dead: 0,
  oldestPendingAt: null,
};

/** The CRM's settings that live on its connection (the rest are the destination's own settings). */
const CRM_CONNECTION_KEYS = ["apiUrl", "authUrl", "tenantId", "clientId", "appKey"] as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A zod error of a settings or credentials object as field errors under `body.<part>.<field>`. */
function fieldErrorsOf(part: string, error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = ["body", part, ...issue.path.map(String)].join(".");
    if (!out[key]) out[key] = [];
    out[key].push(issue.message);
  }
  return out;
}

/**
 * The recording port (docs/decisions/0039): the appointments module calls it inside the transaction that books,
 * moves or cancels, so a delivery exists if and only if the change committed.
 */
export function deliveryRecorder(d: Pick<Deps, "repo" | "signal" | "notify">) {
  return {
    /**
     * One delivery per destination the organization has on (and, for the retailer and the programs, the lead
     * agreed to), asking it to send the lead's state as it is now. Answers the delivery ids.
     */
    async leadChanged(
      tx: Executor,
      organizationId: number,
      leadId: number,
      appointmentId: number | null | undefined,
      only?: readonly ConsentDestination[],
    ): Promise<number[]> {
      let targets = await d.repo.enabledDestinations(tx, organizationId);
      if (only) targets = targets.filter((t) => only.includes(t));
      if (targets.length === 0) return [];
      if (targets.some((t) => NEEDS_CONSENT.has(t))) {
        const agreed = await d.repo.consentedDestinations(tx, organizationId, leadId);
        targets = targets.filter((t) => !NEEDS_CONSENT.has(t) || agreed.has(t));
      }
      const ids = await d.repo.want(tx, organizationId, leadId, targets, appointmentId);
      if (ids.length) {
        if (d.notify) await d.repo.notify(tx);
        afterCommit(d.signal.nudge);
      }
      return ids;
    },
  };
}
export type DeliveryRecorder = ReturnType<typeof deliveryRecorder>;

export function deliveriesService(d: Deps) {
  const recorder = deliveryRecorder(d);

  async function views(exec: Executor, organizationId: number): Promise<DestinationView[]> {
    // One after the other: `exec` may be a transaction's one connection.
    const rows = await d.repo.settings(exec, organizationId);
    const health = await d.repo.health(exec, organizationId);
    // A secret sealed with another key must not hide the other destinations' settings.
    const connection = await d.crm.connection(exec, organizationId).catch(() => null);
    return DESTINATIONS.map(({ id, name, vendor }) => {
      const row = rows.find((r) => r.destination === id);
      let settings: Record<string, unknown> | null = row ? { ...row.settings } : null;
      let credentialsSet = !!row?.credentials;
      if (id === "crm" && connection) {
        settings = {
          apiUrl: connection.apiUrl,
          authUrl: connection.authUrl,
          tenantId: Number(connection.tenantId),
          clientId: connection.clientId,
          appKey: connection.appKey,
          ...(settings ?? {}),
        };
        credentialsSet = true;
      }
      return {
        destination: id,
        name,
        vendor,
        isEnabled: row?.isEnabled ?? false,
        isConfigured: !!row || (id === "crm" && !!connection),
        settings,
        credentialsSet,
        health: health.get(id) ?? EMPTY_HEALTH,
        updatedAt: iso(row?.updatedAt ?? null),
      };
    });
  }

  async function viewOf(exec: Executor, organizationId: number, destination: ConsentDestination) {
    const all = await views(exec, organizationId);
    return all.find((v) => v.destination === destination) as DestinationView;
  }

  /** The settings and credentials of a form, checked against the destination's shape (400 by field otherwise). */
  function checked(destination: ConsentDestination, body: DestinationUpsertRequest) {
    const shape = DESTINATION_SETTINGS[destination];
    const settings = shape.settings.safeParse(body.settings);
    if (!settings.success)
      throw badRequest(
        `Check the ${destinationName(destination)} settings.`,
        fieldErrorsOf("settings", settings.error),
      );
    let credentials: Record<string, unknown> | null = null;
    if (body.credentials && Object.keys(body.credentials).length > 0) {
      const c = shape.credentials.safeParse(body.credentials);
      if (!c.success)
        throw badRequest(
          `Check the ${destinationName(destination)} credentials.`,
          fieldErrorsOf("credentials", c.error),
        );
      credentials = c.data as Record<string, unknown>;
    }
    return { settings: settings.data as Record<string, unknown>, credentials };
  }

  /** The organization's current program settings for the spec's `{orgUid}` calls: its own uid only, else 404. */
  async function requireOwnOrganization(exec: Executor, ctx: TenantContext, orgUid: string) {
    const [org] = await exec
      .select({ uid: organizations.uid })
      .from(organizations)
      .where(eq(organizations.id, ctx.organizationId));
    if (!org || org.uid !== orgUid) throw notFound("The organization");
  }

  async function leadInScope(exec: Executor, ctx: TenantContext, leadId: number, isExternal?: boolean) {
    const scope = leadScope(ctx);
    const [lead] = await exec
      .select({
        id: leads.id,
        kind: leads.kind,
        capturedByUserId: leads.capturedByUserId,
        territoryId: leads.territoryId,
        source: leads.source,
      })
      .from(leads)
      .where(
        and(eq(leads.organizationId, ctx.organizationId), eq(leads.id, leadId), isNull(leads.deletedAt)),
      );
    if (!lead || !inLeadScope(scope, lead)) throw notFound("The lead");
    if (isExternal !== undefined && (lead.kind === "external") !== isExternal) throw notFound("The lead");
    return lead;
  }

  async function latestAppointment(exec: Executor, organizationId: number, leadId: number) {
    const [row] = await exec
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.organizationId, organizationId), eq(appointments.leadId, leadId)))
      .orderBy(
        sql`(${appointments.status} = 'booked') desc`,
        desc(appointments.updatedAt),
        desc(appointments.id),
      )
      .limit(1);
    return row?.id ?? null;
  }

  const toItem = (r: Awaited<ReturnType<DeliveriesRepository["ofLead"]>>[number]): DeliveryItem => ({
    ...r,
    leadName: r.leadName,
    appointmentStartsAt: iso(r.appointmentStartsAt),
    appointmentStatus: r.appointmentStatus ?? null,
    nextAttemptAt: r.state === "sent" || r.state === "dead" ? null : iso(r.nextAttemptAt),
    failingSince: iso(r.failingSince),
    firstSentAt: iso(r.firstSentAt),
    lastSentAt: iso(r.lastSentAt),
    updatedAt: iso(r.updatedAt) as string,
  });

  async function ofLead(exec: Executor, organizationId: number, leadId: number) {
    return { items: (await d.repo.ofLead(exec, organizationId, leadId)).map(toItem) };
  }

  async function save(ctx: TenantContext, destination: ConsentDestination, body: DestinationUpsertRequest) {
    requireCan(ctx, "settings.manage");
    const { settings, credentials } = checked(destination, body);
    return d.uow.run(async (tx) => {
      if (destination === "crm") {
        const existing = await d.crm.connection(tx, ctx.organizationId);
        const secret = (credentials?.clientSecret as string | undefined) ?? existing?.clientSecret;
        if (!secret)
          throw badRequest("Enter the client secret ServiceTitan gave the organization.", {
            "body.credentials.clientSecret": ["Enter the client secret"],
          });
        const conn = Object.fromEntries(CRM_CONNECTION_KEYS.map((k) => [k, settings[k]])) as {
          apiUrl: string;
          authUrl: string;
          tenantId: number;
          clientId: string;
          appKey: string;
        };
        await d.crm.saveConnection(tx, { organizationId: ctx.organizationId, ...conn, clientSecret: secret });
        const rest = Object.fromEntries(
          Object.entries(settings).filter(([k]) => !(CRM_CONNECTION_KEYS as readonly string[]).includes(k)),
        );
        await d.repo.saveSetting(tx, {
          organizationId: ctx.organizationId,
          destination,
          isEnabled: body.isEnabled,
          settings: rest,
          credentials: undefined,
          updatedByUserId: ctx.userId,
        });
      } else {
        const stored = await d.repo.setting(tx, ctx.organizationId, destination);
        if (!credentials && !stored?.credentials)
          throw badRequest(`Enter the shared secret ${destinationName(destination)} gave the organization.`, {
            "body.credentials.secret": ["Enter the shared secret"],
          });
        await d.repo.saveSetting(tx, {
          organizationId: ctx.organizationId,
          destination,
          isEnabled: body.isEnabled,
          settings,
          // Sealed before it is stored (decision 0038); left out, the stored one is kept.
          credentials: credentials ? d.secrets.seal(JSON.stringify(credentials)) : undefined,
          updatedByUserId: ctx.userId,
        });
      }
      return viewOf(tx, ctx.organizationId, destination);
    });
  }

  async function sendLead(
    ctx: TenantContext,
    leadId: number,
    which: readonly ConsentDestination[] | "all",
    isExternal?: boolean,
  ) {
    requireCan(ctx, "deliveries.manage");
    const ids = await d.uow.run(async (tx) => {
      await leadInScope(tx, ctx, leadId, isExternal);
      const enabled = await d.repo.enabledDestinations(tx, ctx.organizationId);
      const agreed = await d.repo.consentedDestinations(tx, ctx.organizationId, leadId);
      if (which !== "all") {
        for (const dest of which) {
          if (!enabled.includes(dest))
            throw conflict(
              `${destinationName(dest)} is not turned on for this organization. An Admin turns it on in Settings > Destinations.`,
            );
          if (NEEDS_CONSENT.has(dest) && !agreed.has(dest))
            throw conflict(
              `This lead has not agreed to be contacted by ${destinationName(dest)}, so it cannot be sent there.`,
            );
        }
      } else if (enabled.length === 0) {
        throw conflict(
          "No destination is turned on for this organization. An Admin turns them on in Settings > Destinations.",
        );
      }
      const appointmentId = await latestAppointment(tx, ctx.organizationId, leadId);
      const made = await recorder.leadChanged(
        tx,
        ctx.organizationId,
        leadId,
        appointmentId,
        which === "all" ? undefined : which,
      );
      if (made.length === 0)
        throw conflict(
          "This lead has not agreed to be contacted by any destination the organization has on.",
        );
      return made;
    });
    // "Now": try them at once (the worker would, a moment later); whatever happens is on the delivery. One the
    // worker of this or another process claimed first is waited for a little, so the answer says how it went.
    if (d.sender) await d.sender.sweep(ids.length, ids);
    let answer = await ofLead(d.uow.read, ctx.organizationId, leadId);
    for (let waited = 0; waited < SEND_NOW_WAIT_MS; waited += 100) {
      if (!answer.items.some((i) => ids.includes(i.id) && i.state === "sending")) break;
      await new Promise((r) => setTimeout(r, 100));
      answer = await ofLead(d.uow.read, ctx.organizationId, leadId);
    }
    return answer;
  }

  return {
    recorder,

    async list(ctx: TenantContext) {
      requireCan(ctx, "settings.manage");
      return { items: await views(d.uow.read, ctx.organizationId) };
    },

    upsert: save,

    async program(ctx: TenantContext, orgUid: string, destination: ConsentDestination) {
      requireCan(ctx, "settings.manage");
      await requireOwnOrganization(d.uow.read, ctx, orgUid);
      return viewOf(d.uow.read, ctx.organizationId, destination);
    },

    async programUpsert(
      ctx: TenantContext,
      orgUid: string,
      destination: ConsentDestination,
      body: DestinationUpsertRequest,
    ) {
      requireCan(ctx, "settings.manage");
      await requireOwnOrganization(d.uow.read, ctx, orgUid);
      return save(ctx, destination, body);
    },

    /** Tries the form's settings (credentials left out: the stored ones) without sending a lead. */
    async test(
      ctx: TenantContext,
      destination: ConsentDestination,
      body: DestinationUpsertRequest,
    ): Promise<DestinationTestResponse> {
      requireCan(ctx, "settings.manage");
      const { settings, credentials } = checked(destination, body);
      let creds = credentials;
      if (!creds) {
        if (destination === "crm") {
          const conn = await d.crm.connection(d.uow.read, ctx.organizationId);
          creds = conn ? { clientSecret: conn.clientSecret } : null;
        } else {
          const row = await d.repo.setting(d.uow.read, ctx.organizationId, destination);
          creds = row?.credentials ? JSON.parse(d.secrets.open(row.credentials)) : null;
        }
      }
      if (!creds) return { ok: false, message: "Enter the credentials to test the connection." };
      const adapter = d.registry.destination(vendorOf(destination));
      if (!adapter.test) return { ok: true, message: "This destination has no connection test." };
      let config: { settings: unknown; credentials: unknown };
      try {
        config = {
          settings: adapter.schemas.settings.parse(settings),
          credentials: adapter.schemas.credentials.parse(creds),
        };
      } catch (err) {
        return { ok: false, message: `The settings are incomplete: ${(err as Error).message}` };
      }
      const result = await adapter.test(config, {
        fetch: d.fetch ?? fetch,
        now: () => new Date(),
        signal: AbortSignal.timeout(15_000),
        tokens: d.tokens,
      });
      return result.outcome === "ok"
        ? { ok: true, message: result.value.message }
        : { ok: false, message: result.error };
    },

    async search(ctx: TenantContext, input: DeliverySearchRequest) {
      requireCan(ctx, "deliveries.manage");
      const req = deliverySearchRequest.parse(input);
      const window = pageOf(req);
      const { items, total } = await d.repo.page(
        d.uow.read,
        ctx.organizationId,
        {
          destinations: req.destinations,
          states: req.states ?? ["pending", "sending", "failed", "dead"],
          text: req.text,
          leadId: req.leadId,
        },
        { sortBy: req.sortBy, direction: req.sortDirection },
        window,
      );
      return pageResult(items.map(toItem), total, req);
    },

    async resend(ctx: TenantContext, ids: number[]) {
      requireCan(ctx, "deliveries.manage");
      const resent = await d.uow.run(async (tx) => {
        const found = await d.repo.resend(tx, ctx.organizationId, ids);
        if (found.length) {
          if (d.notify) await d.repo.notify(tx);
          afterCommit(d.signal.nudge);
        }
        return found;
      });
      // Another organization's ids are not found (and not told apart from ids that never existed).
      if (resent.length === 0) throw notFound("The deliveries");
      return { resent: resent.length };
    },

    async health(ctx: TenantContext) {
      requireCan(ctx, "deliveries.manage");
      const v = await views(d.uow.read, ctx.organizationId);
      return {
        items: v.map(({ destination, name, isEnabled, health }) => ({
          destination,
          name,
          isEnabled,
          health,
        })),
      };
    },

    async leadDeliveries(ctx: TenantContext, leadId: number) {
      requireCan(ctx, "deliveries.manage");
      await leadInScope(d.uow.read, ctx, leadId);
      return ofLead(d.uow.read, ctx.organizationId, leadId);
    },

    sendLead,

    async revenue(ctx: TenantContext, leadId: number, isExternal: boolean): Promise<LeadRevenue> {
      await leadInScope(d.uow.read, ctx, leadId, isExternal);
      const row = await d.repo.revenueOf(d.uow.read, ctx.organizationId, leadId);
      if (!row) throw notFound("The lead");
      const ids = (row.externalIds ?? {}) as Record<string, string>;
      return {
        leadId: row.leadId,
        outcome: row.outcome ?? null,
        revenue: row.revenue === null ? null : Number(row.revenue),
        jobId: ids.jobId ?? null,
        jobNumber: ids.jobNumber ?? null,
        readAt: iso(row.readAt),
        capturedAt: iso(row.capturedAt) as string,
        firstDeliveredAt: iso(row.firstDeliveredAt),
        firstContactedAt: iso(row.firstContactedAt),
      };
    },
  };
}

export type DeliveriesService = ReturnType<typeof deliveriesService>;
