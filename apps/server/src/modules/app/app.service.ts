import {
  DATA_TYPES,
  type Feature,
  type FeatureUpsertRequest,
  FIELD_TYPES,
  type LookupList,
} from "@fieldlead/contracts";
import type { AddressProvider } from "../../integrations/address/address-provider";
import type { SessionContext, TenantContext } from "../../platform/context";
import { notFound } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import { territoryScope } from "../../platform/scope";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { AccountRepository } from "../account/index";
import { assignableRoles, requirePlatformAdmin } from "./app.policy";
import type { featuresRepository } from "./features.repository";
import type { LookupsRepository } from "./lookups.repository";
import { listTimeZones } from "./time-zones";

const COSTCO_BRAND_ID = 1;

type Deps = {
  uow: UnitOfWork;
  lookups: LookupsRepository;
  features: ReturnType<typeof featuresRepository>;
  account: AccountRepository;
  address: AddressProvider;
  mailer: Mailer;
};

const toFeature = (f: {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}): Feature => ({
  ...f,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});

export function appService(d: Deps) {
  return {
    async lookupList(ctx: TenantContext, includeInactive = false): Promise<LookupList> {
      const read = d.uow.read;
      const [ref, parents, territories, stores, lgs] = await Promise.all([
        d.lookups.referenceLists(read),
        d.lookups.parentOrganizations(read, ctx),
        d.lookups.territories(read, ctx),
        d.lookups.stores(read, ctx),
        d.lookups.leadGenerators(read, ctx),
      ]);
      const r = (key: string) => (ref.get(key) ?? []).map(({ id, name }) => ({ id, name }));
      const coded = (key: string) => ref.get(key) ?? [];
      // A territory-limited role with no territory assigned sees none (not everything).
      const scope = territoryScope(ctx);
      const inScope = (territoryId: number | null) =>
        scope === null || (territoryId !== null && scope.includes(territoryId));
      const storeOut = ({ isActive: _a, brandId: _b, ...s }: (typeof stores)[number]) => s;
      // Those who reach only their own rows (lead generators) pick only themselves.
      const onlySelf = ctx.scope.reach === "self";
      const leadGenerator = lgs
        .filter((l) => includeInactive || l.isActive)
        .filter((l) => (onlySelf ? l.id === ctx.userId : scope === null || l.territoryIds.some(inScope)))
        .map((l) => ({
          id: l.id,
          name: `${l.firstName} ${l.lastName}`.trim() + (l.isActive ? "" : " - Inactive"),
          isActive: l.isActive,
          organizationsTerritoryIds: [...l.territoryIds].sort((a, b) => a - b),
        }))
        // Inactive ones sort after the active ones (docs/spec/product-spec.md, §4 States and transitions).
        .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name));
      return {
        parentOrganizations: parents,
        organizationTerritories: territories.filter((t) => t.isActive && inScope(t.id)),
        allOrganizationTerritories: territories,
        stores: stores.filter((s) => s.isActive && inScope(s.organizationTerritoryId)).map(storeOut),
        allStores: stores.map(storeOut),
        scheduleAppointmentTypes: [],
        leadGenerator,
        leadStatus: r("leadStatus"),
        languageTypes: r("languageTypes"),
        userActivities: r("userActivities"),
        userReasons: r("userReasons"),
        storesBrands: r("storesBrands"),
        userHoursTypes: r("userHoursTypes"),
        timeZones: listTimeZones(),
        roles: assignableRoles(ctx),
        userTrades: r("userTrades"),
        hdsfiGroup: coded("hdsfiGroup"),
        costcoStores: stores.filter((s) => s.isActive && s.brandId === COSTCO_BRAND_ID).map(storeOut),
        technicians: [],
        serviceTitanBussiness: [],
        serviceTypeField: FIELD_TYPES.map((f) => ({ id: f.id, name: f.name })),
        centahServiceId: coded("centahServiceId"),
        centahAdCode: coded("centahAdCode"),
        hdJobType: coded("hdJobType"),
        imeSubCategories: r("imeSubCategories"),
        serviceTitanJobTypes: [],
        hdsfiGroupForAppointmentTypes: coded("hdsfiGroup"),
        serviceTitanCampaigns: [],
      };
    },

    roles: (ctx: TenantContext, selector?: "all" | "lead-generators" | "partner") =>
      assignableRoles(ctx, selector),
    timeZones: () => listTimeZones(),

    async featureUpdates() {
      const all = (await d.features.list(d.uow.read)).map(toFeature);
      return { features: all, activeFeatures: all.filter((f) => f.isActive) };
    },

    async upsertFeature(ctx: TenantContext, input: FeatureUpsertRequest): Promise<Feature> {
      requirePlatformAdmin(ctx);
      const values = {
        name: input.name,
        description: input.description ?? "",
        isActive: input.isActive ?? false,
      };
      if (input.id) {
        const id = input.id;
        const row = await d.uow.run((tx) => d.features.update(tx, id, values));
        if (!row) throw notFound("The feature");
        return toFeature(row);
      }
      return toFeature(await d.uow.run((tx) => d.features.insert(tx, values)));
    },

    async deleteFeature(ctx: TenantContext, id: number) {
      requirePlatformAdmin(ctx);
      if (!(await d.uow.run((tx) => d.features.remove(tx, id)))) throw notFound("The feature");
      return { ok: true as const };
    },

    dataTypes: () => DATA_TYPES.map((t) => ({ ...t })),
    fieldTypes: () => FIELD_TYPES.map((t) => ({ ...t, dataTypeIds: [...t.dataTypeIds] })),

    /** `config` is bounded by its schema (`freeFormJson`: 32 levels, 64 KB), checked before it gets here. */
    async upsertWebConfig(s: SessionContext, config: Record<string, unknown>) {
      return { wingenWebConfig: await d.uow.run((tx) => d.account.upsertWebConfig(tx, s.userId, config)) };
    },

    addressSuggestions: (ctx: TenantContext, query: string, limit: number) =>
      d.address.suggest(ctx.organizationId, query, limit),

    async addressDetails(ctx: TenantContext, id: string) {
      const found = await d.address.details(ctx.organizationId, id);
      if (!found) throw notFound("The address");
      return found;
    },

    async mailbox(ctx: TenantContext, limit: number) {
      requirePlatformAdmin(ctx);
      const rows = await d.mailer.list(limit);
      return {
        transport: d.mailer.transport,
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
          error: m.error,
        })),
      };
    },
  };
}

export type AppService = ReturnType<typeof appService>;
