import type {
  StoreDetail,
  StoreOption,
  storeOptionsRequest,
  storeSearchRequest,
  storeUpsertRequest,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { AppError, fieldError, notFound } from "../../platform/errors";
import { type Page, pageOf, pageResult } from "../../platform/query-kit";
import { territoryScope } from "../../platform/scope";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { LookupsRepository } from "../lookups/index";
import { requireStoreEditor, storeReadScope } from "./stores.policy";
import type { StoreRow, StoresRepository } from "./stores.repository";

type SearchInput = z.output<typeof storeSearchRequest>;
type UpsertInput = z.output<typeof storeUpsertRequest>;
type OptionsInput = z.output<typeof storeOptionsRequest>;

type Deps = { uow: UnitOfWork; repo: StoresRepository; lookups: LookupsRepository };

const num = (v: string | null) => (v === null || v === "" ? null : Number(v));

export const toStoreDetail = (s: StoreRow): StoreDetail => ({
  id: s.id,
  organizationId: s.organizationId,
  name: s.name,
  brandId: s.brandId,
  brandName: s.brandName,
  storeNumber: s.storeNumber,
  address: s.address,
  city: s.city,
  state: s.state,
  zip: s.zip,
  timeZone: s.timeZone,
  organizationTerritoryId: s.territoryId,
  territoryName: s.territoryName,
  isActive: s.isActive,
  latitude: num(s.latitude),
  longitude: num(s.longitude),
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

const inScope = (scope: number[] | null, territoryId: number | null) =>
  scope === null || (territoryId !== null && scope.includes(territoryId));

export function storesService(d: Deps) {
  return {
    async search(ctx: TenantContext, input: SearchInput) {
      const scope = storeReadScope(ctx);
      const { rows, total } = await d.repo.search(d.uow.read, ctx, scope, input, pageOf(input));
      return pageResult(rows.map(toStoreDetail), total, input);
    },

    /**
     * The stores a caller may pick (`appApi.storeOptions`), a page at a time: the lookup list's scope (a
     * territory-limited role: their territories' stores; everyone else: the organization's), active ones unless
     * asked. Anyone of the organization may pick a store, as anyone reads the lookup list: no capability.
     */
    async options(ctx: TenantContext, input: OptionsInput): Promise<Page<StoreOption>> {
      const { rows, total } = await d.repo.options(
        d.uow.read,
        ctx,
        territoryScope(ctx),
        input,
        pageOf(input),
      );
      return pageResult(rows, total, input);
    },

    async get(ctx: TenantContext, id: number): Promise<StoreDetail> {
      const scope = storeReadScope(ctx);
      const row = await d.repo.findById(d.uow.read, ctx, id);
      if (!row || !inScope(scope, row.territoryId)) throw notFound("The store");
      return toStoreDetail(row);
    },

    async upsert(ctx: TenantContext, input: UpsertInput): Promise<StoreDetail> {
      const scope = requireStoreEditor(ctx);
      return d.uow.run(async (tx) => {
        if (input.brandId !== null) {
          const brands = (await d.lookups.referenceLists(tx)).get("storesBrands") ?? [];
          if (!brands.some((b) => b.id === input.brandId)) {
            throw fieldError("body.brandId", "Choose a brand from the list.");
          }
        }
        const before = input.id ? await d.repo.findById(tx, ctx, input.id) : null;
        if (input.id && (!before || !inScope(scope, before.territoryId))) throw notFound("The store");
        const territoryId = input.organizationTerritoryId;
        if (territoryId !== null) {
          const t = await d.repo.territory(tx, ctx, territoryId);
          if (!t) {
            throw fieldError(
              "body.organizationTerritoryId",
              `Territory ${territoryId} was not found in this organization.`,
            );
          }
          if (!t.isActive && before?.territoryId !== territoryId) {
            throw fieldError(
              "body.organizationTerritoryId",
              "This territory is inactive; choose an active one.",
            );
          }
        }
        if (!inScope(scope, territoryId)) {
          throw new AppError("forbidden", 403, "You can only place stores in your own territories.", {
            "body.organizationTerritoryId": ["Choose one of your territories"],
          });
        }
        if (input.storeNumber) {
          const twin = await d.repo.sameNumber(tx, ctx, input.brandId, input.storeNumber, input.id);
          if (twin) {
            throw fieldError(
              "body.storeNumber",
              `Store number ${input.storeNumber} of this brand is already "${twin.name}".`,
              409,
            );
          }
        }
        const values = {
          name: input.name,
          brandId: input.brandId,
          storeNumber: input.storeNumber,
          address: input.address,
          city: input.city,
          state: input.state,
          zip: input.zip,
          timeZone: input.timeZone ?? ctx.timeZone,
          territoryId,
          isActive: input.isActive,
          latitude: input.latitude === null ? null : String(input.latitude),
          longitude: input.longitude === null ? null : String(input.longitude),
        };
        let id = input.id;
        if (id) await d.repo.update(tx, ctx, id, values);
        else id = await d.repo.insert(tx, ctx, values);
        return toStoreDetail((await d.repo.findById(tx, ctx, id))!);
      });
    },
  };
}

export type StoresService = ReturnType<typeof storesService>;
