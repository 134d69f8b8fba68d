import {
  type ConsentDestination,
  type DeliveryStateName,
  type JobOutcomeName,
  ROLE,
  SUBSCRIPTION,
} from "@fieldlead/contracts";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  appointments,
  appointmentTypeBusinessUnits,
  appointmentTypes,
  crmReferences,
  deliveries,
  destinationSettings,
  leadAnswers,
  leadConsents,
  leads,
  memberships,
  organizations,
  questionResponses,
  serviceTypeQuestions,
  serviceTypes,
  stores,
  users,
} from "../../db/schema/index";
import type { AppointmentPayload, DeliveryState } from "../../integrations/destination";
import { rowsOf } from "../../platform/db";
import { likePattern, type PageWindow, searchWords } from "../../platform/query-kit";
import { isSealed, type SecretBox } from "../../platform/secrets";
import type { Executor } from "../../platform/unit-of-work";
import { displayAnswer } from "../leads/index";

export type DeliveryRow = typeof deliveries.$inferSelect;
export type DestinationSettingsRow = typeof destinationSettings.$inferSelect;

/** The channel the API nudges workers of other processes on when a delivery is due (PostgreSQL only). */
export const DELIVERY_CHANNEL = "fieldlead_deliveries";

/** Destinations that may only receive a lead who agreed to be contacted by them (decision 0039). */
export const NEEDS_CONSENT: ReadonlySet<ConsentDestination> = new Set([
  "retailer",
  "retailerProgram",
  "secondPartner",
]);

/** What a claim hands the sender: the row, and the version it is sending. */
export type ClaimedDelivery = DeliveryRow & { claimToken: number };

export type DeliveryFilters = {
  destinations?: ConsentDestination[];
  states?: DeliveryStateName[];
  text?: string | null;
  leadId?: number | null;
  ids?: number[];
};
export type DeliverySortKey = "updatedAt" | "nextAttemptAt" | "leadName" | "state";

const leadName = sql<string>`trim(${leads.firstName} || ' ' || ${leads.lastName})`;

/** The idempotency key a destination knows a lead by: stable, and naming no person. */
export const deliveryKey = (organizationId: number, leadId: number, destination: ConsentDestination) =>
  `fieldlead-${organizationId}-${leadId}-${destination}`;

/**
 * The deliveries module's SQL, always by organization except the worker's claim (which takes due work of every
 * organization, as the outbox's does).
 */
export function deliveriesRepository() {
  const itemColumns = {
    id: deliveries.id,
    leadId: deliveries.leadId,
    leadName,
    destination: deliveries.destination,
    state: deliveries.state,
    attempts: deliveries.attempts,
    lastError: deliveries.lastError,
    externalId: deliveries.externalId,
    idempotencyKey: deliveries.idempotencyKey,
    appointmentId: deliveries.appointmentId,
    appointmentStartsAt: appointments.startsAt,
    appointmentStatus: appointments.status,
    nextAttemptAt: deliveries.nextAttemptAt,
    failingSince: deliveries.failingSince,
    firstSentAt: deliveries.firstSentAt,
    lastSentAt: deliveries.lastSentAt,
    updatedAt: deliveries.updatedAt,
  };

  /** A delivery's lead, and the appointment it carries (both of the delivery's organization). */
  const leadOfDelivery = and(
    eq(leads.organizationId, deliveries.organizationId),
    eq(leads.id, deliveries.leadId),
  );
  const appointmentOfDelivery = and(
    eq(appointments.organizationId, deliveries.organizationId),
    eq(appointments.id, deliveries.appointmentId),
  );
  /** Deliveries as the lists show them: with the lead's name and the appointment's time and status. */
  const listed = (exec: Executor) =>
    exec
      .select(itemColumns)
      .from(deliveries)
      .innerJoin(leads, leadOfDelivery)
      .leftJoin(appointments, appointmentOfDelivery);

  function where(organizationId: number, f: DeliveryFilters): SQL {
    const parts: (SQL | undefined)[] = [eq(deliveries.organizationId, organizationId)];
    if (f.ids?.length) parts.push(inArray(deliveries.id, f.ids));
    if (f.destinations?.length) parts.push(inArray(deliveries.destination, f.destinations));
    if (f.states?.length) parts.push(inArray(deliveries.state, f.states));
    if (f.leadId) parts.push(eq(deliveries.leadId, f.leadId));
    const words = searchWords(f.text ?? "");
    for (const w of words) {
      const like = likePattern(w.toLowerCase(), "prefix");
      const byName = sql`(lower(${leads.firstName}) like ${like} or lower(${leads.lastName}) like ${like})`;
      parts.push(/^\d{1,15}$/.test(w) ? sql`(${deliveries.leadId} = ${Number(w)} or ${byName})` : byName);
    }
    return and(...parts) as SQL;
  }

  const SORTS: Record<DeliverySortKey, SQL[]> = {
    updatedAt: [sql`${deliveries.updatedAt}`],
    nextAttemptAt: [sql`${deliveries.nextAttemptAt}`],
    leadName: [sql`lower(${leads.lastName})`, sql`lower(${leads.firstName})`],
    state: [sql`${deliveries.state}`, sql`${deliveries.updatedAt}`],
  };

  return {
    // ---------------------------------------------------------------------------------------------------------
    // Settings
    // ---------------------------------------------------------------------------------------------------------

    async settings(exec: Executor, organizationId: number): Promise<DestinationSettingsRow[]> {
      return exec
        .select()
        .from(destinationSettings)
        .where(eq(destinationSettings.organizationId, organizationId));
    },

    async setting(
      exec: Executor,
      organizationId: number,
      destination: ConsentDestination,
    ): Promise<DestinationSettingsRow | null> {
      const [row] = await exec
        .select()
        .from(destinationSettings)
        .where(
          and(
            eq(destinationSettings.organizationId, organizationId),
            eq(destinationSettings.destination, destination),
          ),
        );
      return row ?? null;
    },

    async saveSetting(
      exec: Executor,
      row: {
        organizationId: number;
        destination: ConsentDestination;
        isEnabled: boolean;
        settings: Record<string, unknown>;
        /** Sealed; `undefined` keeps what is stored. */
        credentials?: string | null;
        updatedByUserId: number | null;
      },
    ): Promise<void> {
      const { credentials, ...rest } = row;
      await exec
        .insert(destinationSettings)
        .values({ ...rest, credentials: credentials ?? null })
        .onConflictDoUpdate({
          target: [destinationSettings.organizationId, destinationSettings.destination],
          set: {
            isEnabled: rest.isEnabled,
            settings: rest.settings,
            updatedByUserId: rest.updatedByUserId,
            updatedAt: sql`now()`,
            ...(credentials === undefined ? {} : { credentials }),
          },
        });
    },

    /**
     * Seals every destination's credentials still stored plain (the seed writes them plain: it has no key), in the
     * caller's transaction; answers how many. Sealed ones are left as they are.
     */
    async sealPlainCredentials(tx: Executor, secrets: SecretBox): Promise<number> {
      const rows = await tx
        .select({
          organizationId: destinationSettings.organizationId,
          destination: destinationSettings.destination,
          credentials: destinationSettings.credentials,
        })
        .from(destinationSettings)
        .where(sql`${destinationSettings.credentials} is not null`)
        .for("update");
      let sealed = 0;
      for (const row of rows) {
        if (!row.credentials || isSealed(row.credentials)) continue;
        await tx
          .update(destinationSettings)
          .set({ credentials: secrets.seal(row.credentials) })
          .where(
            and(
              eq(destinationSettings.organizationId, row.organizationId),
              eq(destinationSettings.destination, row.destination),
            ),
          );
        sealed += 1;
      }
      return sealed;
    },

    /** The destinations the organization has on. */
    async enabledDestinations(exec: Executor, organizationId: number): Promise<ConsentDestination[]> {
      const rows = await exec
        .select({ destination: destinationSettings.destination })
        .from(destinationSettings)
        .where(
          and(
            eq(destinationSettings.organizationId, organizationId),
            eq(destinationSettings.isEnabled, true),
          ),
        );
      return rows.map((r) => r.destination);
    },

    // ---------------------------------------------------------------------------------------------------------
    // Recording (inside the transaction of the change)
    // ---------------------------------------------------------------------------------------------------------

    /** The lead's consents, by destination. */
    async consentedDestinations(exec: Executor, organizationId: number, leadId: number) {
      const rows = await exec
        .selectDistinct({ destination: leadConsents.destination })
        .from(leadConsents)
        .where(and(eq(leadConsents.organizationId, organizationId), eq(leadConsents.leadId, leadId)));
      return new Set(rows.map((r) => r.destination as ConsentDestination));
    },

    /**
     * One delivery per destination for the lead, created or asked to send again: the wanted version grows by one,
     * a dead or sent delivery becomes pending, and it is due now (one in flight keeps sending: its completion sees
     * the newer version and leaves it pending). Answers the ids.
     */
    async want(
      exec: Executor,
      organizationId: number,
      leadId: number,
      destinations: readonly ConsentDestination[],
      appointmentId: number | null | undefined,
    ): Promise<number[]> {
      if (destinations.length === 0) return [];
      const rows = await exec
        .insert(deliveries)
        .values(
          destinations.map((destination) => ({
            organizationId,
            leadId,
            destination,
            appointmentId: appointmentId ?? null,
            idempotencyKey: deliveryKey(organizationId, leadId, destination),
          })),
        )
        .onConflictDoUpdate({
          target: [deliveries.organizationId, deliveries.leadId, deliveries.destination],
          set: {
            wantedVersion: sql`${deliveries.wantedVersion} + 1`,
            appointmentId:
              appointmentId === undefined ? sql`${deliveries.appointmentId}` : sql`excluded.appointment_id`,
            state: sql`case when ${deliveries.state} = 'sending' then 'sending' else 'pending' end`,
            attempts: sql`case when ${deliveries.state} in ('dead', 'sent') then 0 else ${deliveries.attempts} end`,
            failingSince: sql`case when ${deliveries.state} in ('dead', 'sent') then null else ${deliveries.failingSince} end`,
            deadAt: null,
            nextAttemptAt: sql`case when ${deliveries.state} = 'sending' then ${deliveries.nextAttemptAt} else now() end`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: deliveries.id });
      return rows.map((r) => r.id);
    },

    /** Asks these deliveries (of the organization) to send again; answers the ids found. */
    async resend(exec: Executor, organizationId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await exec
        .update(deliveries)
        .set({
          wantedVersion: sql`${deliveries.wantedVersion} + 1`,
          state: sql`case when ${deliveries.state} = 'sending' then 'sending' else 'pending' end`,
          // A person asked: the adapter checks what the destination holds rather than trusting what we last sent
          // (a record removed there is then said so, instead of the resend passing as nothing to do).
          unclear: true,
          attempts: 0,
          failingSince: null,
          deadAt: null,
          nextAttemptAt: sql`case when ${deliveries.state} = 'sending' then ${deliveries.nextAttemptAt} else now() end`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(deliveries.organizationId, organizationId), inArray(deliveries.id, [...ids])))
        .returning({ id: deliveries.id });
      return rows.map((r) => r.id);
    },

    /** The organization's active Admins (a dead delivery's notice goes to them). */
    async adminUserIds(exec: Executor, organizationId: number): Promise<number[]> {
      const rows = await exec
        .select({ id: users.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, organizationId),
            eq(memberships.roleId, ROLE.admin),
            // The organization's own Admins, not a program portal's (they see only their program's leads).
            eq(memberships.subscriptionId, SUBSCRIPTION.full),
            eq(memberships.isActive, true),
          ),
        )
        .orderBy(asc(users.id));
      return rows.map((r) => r.id);
    },

    async notify(exec: Executor): Promise<void> {
      await exec.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, '')`);
    },

    // ---------------------------------------------------------------------------------------------------------
    // The worker
    // ---------------------------------------------------------------------------------------------------------

    /**
     * Takes up to `limit` due deliveries (of any organization; or only `ids`), in one statement so the lease is
     * committed before anything is sent: each becomes `sending` with the version it sends and a lease, and its
     * `total_attempts` is the claim's token. The lease is also the row's `next_attempt_at`, so a `sending` row whose
     * lease ran out (a worker died) is simply due again, and the claim walks `deliveries_due_idx` in its order.
     */
    async claim(
      exec: Executor,
      opts: { limit: number; leaseSeconds: number; ids?: readonly number[] },
    ): Promise<ClaimedDelivery[]> {
      const only = opts.ids?.length
        ? sql`and id in (${sql.join(
            opts.ids.map((i) => sql`${i}`),
            sql`, `,
          )})`
        : sql``;
      const rows = await rowsOf<Record<string, unknown>>(
        exec,
        sql`
        update deliveries set state = 'sending', sending_version = wanted_version,
          attempts = attempts + 1, total_attempts = total_attempts + 1,
          locked_until = now() + make_interval(secs => ${opts.leaseSeconds}),
          next_attempt_at = now() + make_interval(secs => ${opts.leaseSeconds}), updated_at = now()
        where id in (
          select id from deliveries
          where state in ('pending', 'failed', 'sending') and next_attempt_at <= now()
            and wanted_version > sent_version ${only}
          order by next_attempt_at, id
          limit ${opts.limit}
          for update skip locked)
        returning *`,
      );
      return rows.map((r) => {
        const row = fromRaw(r);
        return { ...row, claimToken: row.totalAttempts };
      });
    },

    /** The send worked: the destination holds `version`; pending again when a newer change came meanwhile. */
    async markSent(
      exec: Executor,
      d: ClaimedDelivery,
      result: {
        externalId: string;
        externalIds: Record<string, string>;
        sent: NonNullable<DeliveryState["sent"]>;
      },
    ): Promise<boolean> {
      const rows = await exec
        .update(deliveries)
        .set({
          sentVersion: sql`greatest(${deliveries.sentVersion}, ${deliveries.sendingVersion})`,
          state: sql`case when ${deliveries.wantedVersion} > ${deliveries.sendingVersion} then 'pending' else 'sent' end`,
          sendingVersion: null,
          attempts: 0,
          lastError: null,
          lastHttpStatus: null,
          unclear: false,
          externalId: result.externalId,
          externalIds: sql`${deliveries.externalIds} || ${JSON.stringify(result.externalIds)}::jsonb`,
          sentState: result.sent,
          lockedUntil: null,
          failingSince: null,
          deadAt: null,
          nextAttemptAt: sql`now()`,
          firstSentAt: sql`coalesce(${deliveries.firstSentAt}, now())`,
          lastSentAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(deliveries.id, d.id),
            eq(deliveries.totalAttempts, d.claimToken),
            eq(deliveries.state, "sending"),
          ),
        )
        .returning({ id: deliveries.id });
      if (rows.length === 0) return false;
      await exec
        .update(leads)
        .set({ firstDeliveredAt: sql`coalesce(${leads.firstDeliveredAt}, now())` })
        .where(and(eq(leads.organizationId, d.organizationId), eq(leads.id, d.leadId)));
      return true;
    },

    /**
     * The send failed: due again at `retryAt` (failing), or dead. Answers whether it became dead just now (the
     * caller alerts once).
     */
    async markFailed(
      exec: Executor,
      d: ClaimedDelivery,
      failure: {
        error: string;
        httpStatus: number | null;
        unclear: boolean;
        dead: boolean;
        retryInMs: number;
      },
    ): Promise<boolean> {
      const rows = await exec
        .update(deliveries)
        .set({
          state: failure.dead ? "dead" : "failed",
          sendingVersion: null,
          lastError: failure.error.slice(0, 2000),
          lastHttpStatus: failure.httpStatus,
          // Once unclear, unclear until a send succeeds (the record may exist even if later tries were refused).
          unclear: sql`${deliveries.unclear} or ${failure.unclear}`,
          lockedUntil: null,
          failingSince: sql`coalesce(${deliveries.failingSince}, now())`,
          deadAt: failure.dead ? sql`now()` : null,
          nextAttemptAt: sql`now() + make_interval(secs => ${failure.retryInMs / 1000})`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(deliveries.id, d.id),
            eq(deliveries.totalAttempts, d.claimToken),
            eq(deliveries.state, "sending"),
          ),
        )
        .returning({ id: deliveries.id });
      return rows.length > 0 && failure.dead;
    },

    /** Everything a destination is sent about a lead, read when it is sent (its state now). */
    async payload(
      exec: Executor,
      d: Pick<DeliveryRow, "organizationId" | "leadId" | "appointmentId" | "destination" | "idempotencyKey">,
      version: number,
    ): Promise<AppointmentPayload | null> {
      const org = d.organizationId;
      const [lead] = await exec
        .select({
          lead: leads,
          organizationName: organizations.name,
          store: { id: stores.id, name: stores.name, storeNumber: stores.storeNumber },
          serviceType: { id: serviceTypes.id, name: serviceTypes.name },
          capturedByName: sql<
            string | null
          >`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
        })
        .from(leads)
        .innerJoin(organizations, eq(organizations.id, leads.organizationId))
        .leftJoin(stores, and(eq(stores.organizationId, leads.organizationId), eq(stores.id, leads.storeId)))
        .leftJoin(
          serviceTypes,
          and(
            eq(serviceTypes.organizationId, leads.organizationId),
            eq(serviceTypes.id, leads.serviceTypeId),
          ),
        )
        .leftJoin(users, eq(users.id, leads.capturedByUserId))
        .where(and(eq(leads.organizationId, org), eq(leads.id, d.leadId)));
      if (!lead) return null;
      const l = lead.lead;
      const appointment = d.appointmentId
        ? (
            await exec
              .select({
                a: appointments,
                typeName: appointmentTypes.name,
                crmJobTypeId: appointmentTypes.crmJobTypeId,
                crmCampaignId: appointmentTypes.crmCampaignId,
                businessUnitId: sql<
                  number | null
                >`(select ${crmReferences.externalId} from ${appointmentTypeBusinessUnits}
                  join ${crmReferences} on ${crmReferences.organizationId} = ${appointmentTypeBusinessUnits.organizationId}
                    and ${crmReferences.id} = ${appointmentTypeBusinessUnits.crmReferenceId}
                  where ${appointmentTypeBusinessUnits.organizationId} = ${appointments.organizationId}
                    and ${appointmentTypeBusinessUnits.appointmentTypeId} = ${appointments.appointmentTypeId}
                  order by ${appointmentTypeBusinessUnits.isDefault} desc, ${appointmentTypeBusinessUnits.id} limit 1)`,
              })
              .from(appointments)
              .innerJoin(
                appointmentTypes,
                and(
                  eq(appointmentTypes.organizationId, appointments.organizationId),
                  eq(appointmentTypes.id, appointments.appointmentTypeId),
                ),
              )
              .where(and(eq(appointments.organizationId, org), eq(appointments.id, d.appointmentId)))
          )[0]
        : undefined;
      const answers = await exec
        .select({
          questionId: serviceTypeQuestions.id,
          question: serviceTypeQuestions.text,
          dataTypeId: serviceTypeQuestions.dataTypeId,
          value: leadAnswers.value,
        })
        .from(leadAnswers)
        .innerJoin(
          serviceTypeQuestions,
          and(
            eq(serviceTypeQuestions.organizationId, leadAnswers.organizationId),
            eq(serviceTypeQuestions.id, leadAnswers.questionId),
          ),
        )
        .where(and(eq(leadAnswers.organizationId, org), eq(leadAnswers.leadId, d.leadId)))
        .orderBy(asc(serviceTypeQuestions.sortOrder), asc(serviceTypeQuestions.id));
      // Choices are stored by id: the destination reads their words.
      const responses = answers.length
        ? await exec
            .select({
              id: questionResponses.id,
              questionId: questionResponses.questionId,
              text: questionResponses.text,
            })
            .from(questionResponses)
            .where(
              and(
                eq(questionResponses.organizationId, org),
                inArray(
                  questionResponses.questionId,
                  answers.map((x) => x.questionId),
                ),
              ),
            )
        : [];
      const [consent] = await exec
        .select({ text: leadConsents.disclosureText, at: leadConsents.acceptedAt })
        .from(leadConsents)
        .where(
          and(
            eq(leadConsents.organizationId, org),
            eq(leadConsents.leadId, d.leadId),
            eq(leadConsents.destination, d.destination),
          ),
        )
        .orderBy(desc(leadConsents.acceptedAt))
        .limit(1);
      const a = appointment?.a;
      return {
        idempotencyKey: d.idempotencyKey,
        version,
        organization: { id: org, name: lead.organizationName },
        appointment:
          a && appointment
            ? {
                id: a.id,
                typeId: a.appointmentTypeId,
                typeName: appointment.typeName,
                status: a.status === "cancelled" ? "cancelled" : "booked",
                start: a.startsAt.toISOString(),
                end: a.endsAt.toISOString(),
                timeZone: a.timeZone,
                notes: a.notes,
                crm: {
                  jobTypeId: numOrNull(appointment.crmJobTypeId),
                  campaignId: numOrNull(appointment.crmCampaignId),
                  businessUnitId: numOrNull(appointment.businessUnitId),
                },
              }
            : null,
        customer: {
          leadId: l.id,
          firstName: l.firstName,
          lastName: l.lastName,
          phone: l.phone,
          email: l.email,
          address: { street: l.address, city: l.city, state: l.state, zip: l.zip, country: "US" },
          languageId: l.languageId,
        },
        store: lead.store?.id
          ? { id: lead.store.id, name: lead.store.name, storeNumber: lead.store.storeNumber }
          : null,
        serviceType: lead.serviceType?.id ? { id: lead.serviceType.id, name: lead.serviceType.name } : null,
        answers: answers.map((x) => ({
          question: x.question,
          answer: displayAnswer(
            { dataTypeId: x.dataTypeId, responses: responses.filter((r) => r.questionId === x.questionId) },
            x.value,
          ),
        })),
        consent: consent ? { disclosureText: consent.text, acceptedAt: consent.at.toISOString() } : null,
        program: {
          hdsfiGroupId: l.hdsfiGroupId,
          hdJobTypeId: l.hdJobTypeId,
          centahServiceId: l.centahServiceId,
          centahAdCodeId: l.centahAdCodeId,
          externalReference: l.externalReference,
        },
        capturedAt: l.capturedAt.toISOString(),
        capturedBy: l.capturedByUserId
          ? { userId: l.capturedByUserId, name: lead.capturedByName ?? "" }
          : null,
        notes: l.notes,
      };
    },

    // ---------------------------------------------------------------------------------------------------------
    // Reading
    // ---------------------------------------------------------------------------------------------------------

    async page(
      exec: Executor,
      organizationId: number,
      filters: DeliveryFilters,
      sort: { sortBy: DeliverySortKey; direction: "asc" | "desc" },
      window: PageWindow,
    ) {
      const dir = sort.direction === "asc" ? sql`asc` : sql`desc`;
      const order = [...SORTS[sort.sortBy].map((s) => sql`${s} ${dir}`), sql`${deliveries.id} ${dir}`];
      const w = where(organizationId, filters);
      const [items, [total]] = await Promise.all([
        listed(exec)
          .where(w)
          .orderBy(...order)
          .limit(window.limit)
          .offset(window.offset),
        exec.select({ n: count() }).from(deliveries).innerJoin(leads, leadOfDelivery).where(w),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async ofLead(exec: Executor, organizationId: number, leadId: number) {
      return listed(exec)
        .where(and(eq(deliveries.organizationId, organizationId), eq(deliveries.leadId, leadId)))
        .orderBy(asc(deliveries.destination));
    },

    /** Per destination: sent in the last hour, pending, failing, dead, and when the oldest waiting one was asked. */
    async health(exec: Executor, organizationId: number) {
      const rows = await rowsOf<{
        destination: ConsentDestination;
        sent_last_hour: number;
        pending: number;
        failing: number;
        dead: number;
        oldest_pending_at: string | Date | null;
      }>(
        exec,
        sql`select destination,
          count(*) filter (where last_sent_at > now() - interval '1 hour')::int as sent_last_hour,
          count(*) filter (where state in ('pending', 'sending'))::int as pending,
          count(*) filter (where state = 'failed')::int as failing,
          count(*) filter (where state = 'dead')::int as dead,
          min(updated_at) filter (where state in ('pending', 'sending', 'failed')) as oldest_pending_at
        from deliveries where organization_id = ${organizationId}
        group by destination`,
      );
      return new Map(
        rows.map((r) => [
          r.destination,
          {
            sentLastHour: Number(r.sent_last_hour),
            pending: Number(r.pending),
            failing: Number(r.failing),
            dead: Number(r.dead),
            oldestPendingAt: r.oldest_pending_at ? new Date(r.oldest_pending_at).toISOString() : null,
          },
        ]),
      );
    },

    // ---------------------------------------------------------------------------------------------------------
    // The CRM read-back
    // ---------------------------------------------------------------------------------------------------------

    /** Sent CRM deliveries whose outcome is not final, least recently read first. */
    async toReadBack(exec: Executor, organizationId: number, limit: number) {
      return exec
        .select({
          id: deliveries.id,
          leadId: deliveries.leadId,
          externalId: deliveries.externalId,
          externalIds: deliveries.externalIds,
        })
        .from(deliveries)
        .where(
          and(
            eq(deliveries.organizationId, organizationId),
            eq(deliveries.destination, "crm"),
            sql`${deliveries.externalId} is not null`,
            sql`(${deliveries.outcome} is null or ${deliveries.outcome} in ('pending', 'ran'))`,
          ),
        )
        .orderBy(sql`${deliveries.outcomeReadAt} asc nulls first`, asc(deliveries.id))
        .limit(limit);
    },

    async organizationsWithCrmDeliveries(exec: Executor): Promise<number[]> {
      const rows = await exec
        .selectDistinct({ id: destinationSettings.organizationId })
        .from(destinationSettings)
        .where(and(eq(destinationSettings.destination, "crm"), eq(destinationSettings.isEnabled, true)));
      return rows.map((r) => r.id);
    },

    async saveOutcome(
      exec: Executor,
      organizationId: number,
      o: {
        deliveryId: number;
        leadId: number;
        outcome: JobOutcomeName;
        revenue: number | null;
        contactedAt: Date | null;
        externalIds: Record<string, string>;
      },
    ): Promise<void> {
      await exec
        .update(deliveries)
        .set({
          outcome: o.outcome,
          outcomeReadAt: sql`now()`,
          externalIds: sql`${deliveries.externalIds} || ${JSON.stringify(o.externalIds)}::jsonb`,
        })
        .where(and(eq(deliveries.organizationId, organizationId), eq(deliveries.id, o.deliveryId)));
      await exec
        .update(leads)
        .set({
          ...(o.revenue === null ? {} : { revenue: o.revenue }),
          ...(o.contactedAt
            ? {
                firstContactedAt: sql`least(coalesce(${leads.firstContactedAt}, ${o.contactedAt}), ${o.contactedAt})`,
              }
            : {}),
        })
        .where(and(eq(leads.organizationId, organizationId), eq(leads.id, o.leadId)));
    },

    async markRead(exec: Executor, organizationId: number, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await exec
        .update(deliveries)
        .set({ outcomeReadAt: sql`now()` })
        .where(and(eq(deliveries.organizationId, organizationId), inArray(deliveries.id, [...ids])));
    },

    /** The lead's CRM read-back and speed-to-lead times (revenue call). */
    async revenueOf(exec: Executor, organizationId: number, leadId: number) {
      const [row] = await exec
        .select({
          leadId: leads.id,
          revenue: leads.revenue,
          capturedAt: leads.capturedAt,
          firstDeliveredAt: leads.firstDeliveredAt,
          firstContactedAt: leads.firstContactedAt,
          outcome: deliveries.outcome,
          readAt: deliveries.outcomeReadAt,
          externalIds: deliveries.externalIds,
        })
        .from(leads)
        .leftJoin(
          deliveries,
          and(
            eq(deliveries.organizationId, leads.organizationId),
            eq(deliveries.leadId, leads.id),
            eq(deliveries.destination, "crm"),
          ),
        )
        .where(and(eq(leads.organizationId, organizationId), eq(leads.id, leadId)));
      return row ?? null;
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof deliveriesRepository>;

const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A raw `returning *` row (snake_case, strings for bigints and dates on some drivers) as a typed row. */
function fromRaw(r: Record<string, unknown>): DeliveryRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    leadId: Number(r.lead_id),
    destination: r.destination as DeliveryRow["destination"],
    appointmentId: r.appointment_id === null ? null : Number(r.appointment_id),
    state: r.state as DeliveryRow["state"],
    wantedVersion: Number(r.wanted_version),
    sentVersion: Number(r.sent_version),
    sendingVersion: r.sending_version === null ? null : Number(r.sending_version),
    idempotencyKey: String(r.idempotency_key),
    attempts: Number(r.attempts),
    totalAttempts: Number(r.total_attempts),
    lastError: (r.last_error as string | null) ?? null,
    lastHttpStatus: r.last_http_status === null ? null : Number(r.last_http_status),
    unclear: Boolean(r.unclear),
    externalId: (r.external_id as string | null) ?? null,
    externalIds: (typeof r.external_ids === "string" ? JSON.parse(r.external_ids) : r.external_ids) as Record<
      string,
      string
    >,
    sentState: (typeof r.sent_state === "string"
      ? JSON.parse(r.sent_state)
      : r.sent_state) as DeliveryRow["sentState"],
    nextAttemptAt: date(r.next_attempt_at) as Date,
    lockedUntil: date(r.locked_until),
    failingSince: date(r.failing_since),
    firstSentAt: date(r.first_sent_at),
    lastSentAt: date(r.last_sent_at),
    deadAt: date(r.dead_at),
    outcome: (r.outcome as DeliveryRow["outcome"]) ?? null,
    outcomeReadAt: date(r.outcome_read_at),
    createdAt: date(r.created_at) as Date,
    updatedAt: date(r.updated_at) as Date,
  };
}
