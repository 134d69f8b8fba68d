import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { crmConnections, crmReferences } from "../../db/schema/index";
import { isSealed, type SecretBox, SecretsError } from "../../platform/secrets";
import type { Executor } from "../../platform/unit-of-work";

export type CrmReferenceKind = (typeof crmReferences.$inferSelect)["kind"];
export type CrmConnectionRow = typeof crmConnections.$inferSelect;

/** One item of a CRM list as it is kept: its CRM id, name, whether the CRM has it active, and what else it said. */
export type CrmReferenceValues = {
  externalId: number;
  name: string;
  isActive: boolean;
  details: Record<string, unknown>;
};

/**
 * The CRM module's SQL: connections and references, always by organization.
 *
 * The connection's client secret is stored sealed (platform/secrets.ts; decision 0038): `saveConnection` seals it,
 * `connection` answers it opened, for the client only (no API answer carries it, no log line names it). A secret
 * written before sealing existed (the seed writes it plain: it has no key) is read as it is until the start's
 * `sealPlainSecrets` seals it. The API and the worker build this with the platform's box (`p.secrets`); without
 * one (a test writing its fixture connection) secrets are written as given and only unsealed ones can be read.
 */
export function crmRepository(secrets?: SecretBox) {
  const open = (stored: string): string => {
    if (secrets) return secrets.open(stored);
    if (isSealed(stored)) throw new SecretsError("A sealed CRM secret was read without the secrets key.");
    return stored;
  };
  return {
    /** The organization's connection, its client secret opened (in memory only). */
    async connection(exec: Executor, organizationId: number): Promise<CrmConnectionRow | null> {
      const [row] = await exec
        .select()
        .from(crmConnections)
        .where(eq(crmConnections.organizationId, organizationId));
      return row ? { ...row, clientSecret: open(row.clientSecret) } : null;
    },

    /** The organizations whose connection is on (the recurring refresh). */
    async connectedOrganizationIds(exec: Executor): Promise<number[]> {
      const rows = await exec
        .select({ id: crmConnections.organizationId })
        .from(crmConnections)
        .where(eq(crmConnections.isActive, true))
        .orderBy(asc(crmConnections.organizationId));
      return rows.map((r) => r.id);
    },

    /**
     * Creates or replaces an organization's connection (tests; the destinations screen later), given its plain
     * client secret, which is stored sealed. A saved connection is active unless it says otherwise.
     */
    async saveConnection(
      exec: Executor,
      plain: Omit<typeof crmConnections.$inferInsert, "createdAt" | "updatedAt">,
    ): Promise<void> {
      const values = secrets ? { ...plain, clientSecret: secrets.seal(plain.clientSecret) } : plain;
      const { organizationId: _o, ...rest } = values;
      await exec
        .insert(crmConnections)
        .values(values)
        .onConflictDoUpdate({
          target: crmConnections.organizationId,
          set: { isActive: true, ...rest, updatedAt: sql`now()` },
        });
    },

    /**
     * Seals every client secret still stored plain (the start, after the seed: server.ts), in the caller's
     * transaction, and answers how many it sealed. Sealed ones are left as they are, so running it again seals
     * nothing. Needs the box.
     */
    async sealPlainSecrets(tx: Executor): Promise<number> {
      if (!secrets) throw new SecretsError("Sealing the CRM secrets needs the secrets key.");
      const rows = await tx
        .select({ organizationId: crmConnections.organizationId, clientSecret: crmConnections.clientSecret })
        .from(crmConnections)
        .orderBy(asc(crmConnections.organizationId))
        .for("update");
      let sealed = 0;
      for (const row of rows) {
        if (isSealed(row.clientSecret)) continue;
        await tx
          .update(crmConnections)
          .set({ clientSecret: secrets.seal(row.clientSecret) })
          .where(eq(crmConnections.organizationId, row.organizationId));
        sealed += 1;
      }
      return sealed;
    },

    /** Serializes refreshes of one organization's references (the job and a click at the same moment). */
    async lockReferences(tx: Executor, organizationId: number): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`crm-references:${organizationId}`}, 0))`,
      );
    },

    /** Which references of a kind are active now, by CRM id (read inside the refresh's transaction). */
    async activeExternalIds(
      exec: Executor,
      organizationId: number,
      kind: CrmReferenceKind,
    ): Promise<Set<number>> {
      const rows = await exec
        .select({ externalId: crmReferences.externalId })
        .from(crmReferences)
        .where(
          and(
            eq(crmReferences.organizationId, organizationId),
            eq(crmReferences.kind, kind),
            eq(crmReferences.isActive, true),
          ),
        );
      return new Set(rows.map((r) => Number(r.externalId)));
    },

    /**
     * Makes the references of one kind what the CRM listed: each item inserted or updated by its CRM id, and
     * those it no longer lists marked inactive (never deleted: appointment types link to them).
     */
    async replaceKind(
      exec: Executor,
      organizationId: number,
      kind: CrmReferenceKind,
      items: readonly CrmReferenceValues[],
      at: Date,
    ): Promise<void> {
      const CHUNK = 500;
      for (let i = 0; i < items.length; i += CHUNK) {
        await exec
          .insert(crmReferences)
          .values(
            items.slice(i, i + CHUNK).map((item) => ({
              organizationId,
              kind,
              externalId: item.externalId,
              name: item.name,
              isActive: item.isActive,
              details: item.details,
              refreshedAt: at,
            })),
          )
          .onConflictDoUpdate({
            target: [crmReferences.organizationId, crmReferences.kind, crmReferences.externalId],
            set: {
              name: sql`excluded.name`,
              isActive: sql`excluded.is_active`,
              details: sql`excluded.details`,
              refreshedAt: sql`excluded.refreshed_at`,
            },
          });
      }
      const listed = items.map((i) => i.externalId);
      await exec
        .update(crmReferences)
        .set({ isActive: false, refreshedAt: at })
        .where(
          and(
            eq(crmReferences.organizationId, organizationId),
            eq(crmReferences.kind, kind),
            eq(crmReferences.isActive, true),
            listed.length ? notInArray(crmReferences.externalId, listed) : undefined,
          ),
        );
    },

    /** The organization's references for the lookup list: CRM id, name, kind, active. */
    async references(exec: Executor, organizationId: number) {
      return exec
        .select({
          kind: crmReferences.kind,
          externalId: crmReferences.externalId,
          name: crmReferences.name,
          isActive: crmReferences.isActive,
        })
        .from(crmReferences)
        .where(eq(crmReferences.organizationId, organizationId))
        .orderBy(asc(sql`lower(${crmReferences.name})`), asc(crmReferences.externalId));
    },
  };
}

export type CrmRepository = ReturnType<typeof crmRepository>;
