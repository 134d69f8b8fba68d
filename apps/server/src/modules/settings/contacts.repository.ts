import { DEFAULT_DUPLICATE_WINDOW_DAYS } from "@fieldlead/contracts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { businessContacts, leadSettings, territories } from "../../db/schema/index";
import type { Db } from "../../platform/db";

type Scope = { organizationId: number };
export type ContactValues = { name: string; email: string; phone: string | null; topics: string[] };

const contactColumns = {
  id: businessContacts.id,
  name: businessContacts.name,
  email: businessContacts.email,
  phone: businessContacts.phone,
  topics: businessContacts.topics,
  sortOrder: businessContacts.sortOrder,
};

/** Business contacts (organization or territory level) and the organization's lead settings. */
export function contactsRepository(db: Db) {
  const scopeWhere = (ctx: Scope, territoryId: number | null) =>
    and(
      eq(businessContacts.organizationId, ctx.organizationId),
      territoryId === null
        ? isNull(businessContacts.territoryId)
        : eq(businessContacts.territoryId, territoryId),
      isNull(businessContacts.appointmentTypeId),
    );

  return {
    async territoryExists(ctx: Scope, territoryId: number) {
      const [row] = await db
        .select({ id: territories.id })
        .from(territories)
        .where(and(eq(territories.organizationId, ctx.organizationId), eq(territories.id, territoryId)));
      return Boolean(row);
    },

    /** Organization-level contacts when `territoryId` is null. */
    async list(ctx: Scope, territoryId: number | null) {
      return db
        .select(contactColumns)
        .from(businessContacts)
        .where(scopeWhere(ctx, territoryId))
        .orderBy(asc(businessContacts.sortOrder), asc(businessContacts.id));
    },

    /** Replaces the whole list in one transaction: readers see the old list or the new one, never half. */
    async replace(ctx: Scope, territoryId: number | null, contacts: ContactValues[]) {
      return db.transaction(async (tx) => {
        await tx.delete(businessContacts).where(scopeWhere(ctx, territoryId));
        if (contacts.length === 0) return [];
        return tx
          .insert(businessContacts)
          .values(
            contacts.map((c, i) => ({
              organizationId: ctx.organizationId,
              territoryId,
              ...c,
              sortOrder: i,
            })),
          )
          .returning(contactColumns);
      });
    },

    async leadSettings(ctx: Scope) {
      const [row] = await db
        .select({ duplicateWindowDays: leadSettings.duplicateWindowDays })
        .from(leadSettings)
        .where(eq(leadSettings.organizationId, ctx.organizationId));
      return row ?? { duplicateWindowDays: DEFAULT_DUPLICATE_WINDOW_DAYS };
    },

    async saveLeadSettings(ctx: Scope, v: { duplicateWindowDays: number }) {
      const [row] = await db
        .insert(leadSettings)
        .values({ organizationId: ctx.organizationId, ...v })
        .onConflictDoUpdate({ target: leadSettings.organizationId, set: { ...v, updatedAt: new Date() } })
        .returning({ duplicateWindowDays: leadSettings.duplicateWindowDays });
      return row;
    },
  };
}

export type ContactsRepository = ReturnType<typeof contactsRepository>;
