import { and, asc, eq, ne } from "drizzle-orm";
import { referenceItems, userTrades } from "../../db/schema/index";
import type { TenantContext } from "../../platform/context";
import type { Tx } from "../../platform/db";

const columns = {
  id: userTrades.id,
  userId: userTrades.userId,
  tradeId: userTrades.tradeId,
  tradeName: referenceItems.name,
  yearsOfExperience: userTrades.yearsOfExperience,
  notes: userTrades.notes,
  createdAt: userTrades.createdAt,
  updatedAt: userTrades.updatedAt,
};
const tradeJoin = and(eq(referenceItems.list, "userTrades"), eq(referenceItems.id, userTrades.tradeId));

export type TradeValues = { tradeId: number; yearsOfExperience: number | null; notes: string | null };

/** A person's trades within the caller's organization. */
export function userTradesRepository() {
  return {
    list(exec: Tx, ctx: TenantContext, userId: number) {
      return exec
        .select(columns)
        .from(userTrades)
        .leftJoin(referenceItems, tradeJoin)
        .where(and(eq(userTrades.organizationId, ctx.organizationId), eq(userTrades.userId, userId)))
        .orderBy(asc(referenceItems.sortOrder), asc(userTrades.id));
    },

    async find(tx: Tx, ctx: TenantContext, id: number) {
      const [row] = await tx
        .select(columns)
        .from(userTrades)
        .leftJoin(referenceItems, tradeJoin)
        .where(and(eq(userTrades.organizationId, ctx.organizationId), eq(userTrades.id, id)))
        .limit(1);
      return row ?? null;
    },

    async sameTrade(tx: Tx, ctx: TenantContext, userId: number, tradeId: number, exceptId?: number) {
      const [row] = await tx
        .select({ id: userTrades.id })
        .from(userTrades)
        .where(
          and(
            eq(userTrades.organizationId, ctx.organizationId),
            eq(userTrades.userId, userId),
            eq(userTrades.tradeId, tradeId),
            exceptId ? ne(userTrades.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insert(tx: Tx, ctx: TenantContext, userId: number, values: TradeValues): Promise<number> {
      const [row] = await tx
        .insert(userTrades)
        .values({ ...values, userId, organizationId: ctx.organizationId })
        .returning({ id: userTrades.id });
      return row.id;
    },

    async update(tx: Tx, ctx: TenantContext, id: number, values: TradeValues) {
      await tx
        .update(userTrades)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(userTrades.organizationId, ctx.organizationId), eq(userTrades.id, id)));
    },

    async remove(exec: Tx, ctx: TenantContext, id: number) {
      await exec
        .delete(userTrades)
        .where(and(eq(userTrades.organizationId, ctx.organizationId), eq(userTrades.id, id)));
    },
  };
}

export type UserTradesRepository = ReturnType<typeof userTradesRepository>;
