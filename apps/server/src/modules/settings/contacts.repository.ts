import { type ConsentDestination, DEFAULT_DUPLICATE_WINDOW_DAYS } from "@fieldlead/contracts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { businessContacts, leadSettings, organizations, territories } from "../../db/schema/index";
import type { Tx } from "../../platform/db";

type Scope = { organizationId: number };
export type ContactValues = { name: string; email: string; phone: string | null; topics: string[] };

/** What is stored of an organization's lead settings; a null disclosure is the product's default. */
export type LeadSettingsRow = {
  organizationName: string;
  duplicateWindowDays: number;
  disclosures: Record<ConsentDestination, string | null>;
};

/** Where each destination's disclosure is stored (the one place that names the columns). */
const DISCLOSURE_COLUMNS = {
  crm: "disclosureCrm",
  retailer: "disclosureRetailer",
  retailerProgram: "disclosureRetailerProgram",
  secondPartner: "disclosureSecondPartner",
} as const satisfies Record<ConsentDestination, keyof typeof leadSettings.$inferSelect>;
const DISCLOSURE_ENTRIES = Object.entries(DISCLOSURE_COLUMNS) as [
  ConsentDestination,
  (typeof DISCLOSURE_COLUMNS)[ConsentDestination],
][];

const contactColumns = {
  id: businessContacts.id,
  name: businessContacts.name,
  email: businessContacts.email,
  phone: businessContacts.phone,
  topics: businessContacts.topics,
  sortOrder: businessContacts.sortOrder,
};

/** Business contacts (organization or territory level) and the organization's lead settings. */
export function contactsRepository() {
  const scopeWhere = (ctx: Scope, territoryId: number | null) =>
    and(
      eq(businessContacts.organizationId, ctx.organizationId),
      territoryId === null
        ? isNull(businessContacts.territoryId)
        : eq(businessContacts.territoryId, territoryId),
      isNull(businessContacts.appointmentTypeId),
    );

  return {
    async territoryExists(exec: Tx, ctx: Scope, territoryId: number) {
      const [row] = await exec
        .select({ id: territories.id })
        .from(territories)
        .where(and(eq(territories.organizationId, ctx.organizationId), eq(territories.id, territoryId)));
      return Boolean(row);
    },

    /** Organization-level contacts when `territoryId` is null. */
    async list(exec: Tx, ctx: Scope, territoryId: number | null) {
      return exec
        .select(contactColumns)
        .from(businessContacts)
        .where(scopeWhere(ctx, territoryId))
        .orderBy(asc(businessContacts.sortOrder), asc(businessContacts.id));
    },

    /** Replaces the whole list; inside one transaction readers see the old list or the new one, never half. */
    async replace(tx: Tx, ctx: Scope, territoryId: number | null, contacts: ContactValues[]) {
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
    },

    /** The organization's lead settings (its name too, for `{organization}`); no row means the defaults. */
    async leadSettings(exec: Tx, ctx: Scope): Promise<LeadSettingsRow> {
      const [row] = await exec
        .select({ name: organizations.name, settings: leadSettings })
        .from(organizations)
        .leftJoin(leadSettings, eq(leadSettings.organizationId, organizations.id))
        .where(eq(organizations.id, ctx.organizationId));
      const settings = row?.settings ?? null;
      return {
        organizationName: row?.name ?? "",
        duplicateWindowDays: settings?.duplicateWindowDays ?? DEFAULT_DUPLICATE_WINDOW_DAYS,
        disclosures: Object.fromEntries(
          DISCLOSURE_ENTRIES.map(([destination, column]) => [destination, settings?.[column] ?? null]),
        ) as LeadSettingsRow["disclosures"],
      };
    },

    /** Saves the values given (a null disclosure is the default text); the others stay. */
    async saveLeadSettings(
      exec: Tx,
      ctx: Scope,
      v: { duplicateWindowDays?: number; disclosures?: Partial<Record<ConsentDestination, string | null>> },
    ) {
      const set: Partial<typeof leadSettings.$inferInsert> = {};
      if (v.duplicateWindowDays !== undefined) set.duplicateWindowDays = v.duplicateWindowDays;
      for (const [destination, column] of DISCLOSURE_ENTRIES) {
        const text = v.disclosures?.[destination];
        if (text !== undefined) set[column] = text;
      }
      await exec
        .insert(leadSettings)
        .values({ organizationId: ctx.organizationId, ...set })
        .onConflictDoUpdate({ target: leadSettings.organizationId, set: { ...set, updatedAt: new Date() } });
    },
  };
}

export type ContactsRepository = ReturnType<typeof contactsRepository>;
