import type { UserTrade, userTradeUpsertRequest } from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { isUniqueViolation } from "../../platform/db-errors";
import { fieldError, notFound } from "../../platform/errors";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { LookupsRepository } from "../lookups/index";
import type { UserTradesRepository } from "./user-trades.repository";
import { requireManageable, requireUserManager, userRecordScope } from "./users.policy";
import type { UsersRepository } from "./users.repository";

type UpsertInput = z.output<typeof userTradeUpsertRequest>;
type Row = Awaited<ReturnType<UserTradesRepository["list"]>>[number];

type Deps = {
  uow: UnitOfWork;
  repo: UserTradesRepository;
  users: UsersRepository;
  lookups: LookupsRepository;
};

const toTrade = (r: Row): UserTrade => ({
  ...r,
  tradeName: r.tradeName ?? `Trade ${r.tradeId}`,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const duplicate = () =>
  fieldError("body.tradeId", "This person already has this trade; change that one instead.", 409);

/** A person's skills (the `userTrades` list): anyone who sees the person reads them; their managers change them. */
export function userTradesService(d: Deps) {
  /** The person as the caller sees them; 404 for another organization's or an out-of-scope person. */
  async function person(ctx: TenantContext, userId: number) {
    const u = await d.users.detail(d.uow.read, ctx, userRecordScope(ctx, userId), userId);
    if (!u) throw notFound("The user");
    return u;
  }

  async function requireEditable(ctx: TenantContext, userId: number) {
    const target = await person(ctx, userId);
    requireManageable(ctx, requireUserManager(ctx), target);
  }

  return {
    async list(ctx: TenantContext, userId: number): Promise<UserTrade[]> {
      await person(ctx, userId);
      return (await d.repo.list(d.uow.read, ctx, userId)).map(toTrade);
    },

    async upsert(ctx: TenantContext, userId: number, input: UpsertInput): Promise<UserTrade> {
      await requireEditable(ctx, userId);
      const values = {
        tradeId: input.tradeId,
        yearsOfExperience: input.yearsOfExperience,
        notes: input.notes,
      };
      return d.uow
        .run(async (tx) => {
          const trades = (await d.lookups.referenceLists(tx)).get("userTrades") ?? [];
          if (!trades.some((t) => t.id === input.tradeId))
            throw fieldError("body.tradeId", "Choose a trade from the list.");
          if (input.id) {
            const before = await d.repo.find(tx, ctx, input.id);
            if (!before || before.userId !== userId) throw notFound("The trade");
          }
          if (await d.repo.sameTrade(tx, ctx, userId, input.tradeId, input.id)) throw duplicate();
          let id = input.id;
          if (id) await d.repo.update(tx, ctx, id, values);
          else id = await d.repo.insert(tx, ctx, userId, values);
          return toTrade((await d.repo.find(tx, ctx, id))!);
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw duplicate();
          throw err;
        });
    },

    async remove(ctx: TenantContext, id: number) {
      const row = await d.repo.find(d.uow.read, ctx, id);
      if (!row) throw notFound("The trade");
      await requireEditable(ctx, row.userId);
      await d.uow.run((tx) => d.repo.remove(tx, ctx, id));
      return { ok: true as const };
    },
  };
}

export type UserTradesService = ReturnType<typeof userTradesService>;
