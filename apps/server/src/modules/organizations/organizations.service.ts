import type { OrganizationDetail, SettingsOrganization } from "@fieldlead/contracts";
import {
  type organizationUpsertRequest,
  randomId,
  type settingsOrganizationsRequest,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from "../../platform/errors";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import { isOrganizationAdmin, requireOrganizationCreator } from "./organizations.policy";
import type {
  OrganizationRow,
  OrganizationsRepository,
  OrganizationValues,
} from "./organizations.repository";

type UpsertInput = z.output<typeof organizationUpsertRequest>;
type SettingsInput = z.output<typeof settingsOrganizationsRequest>;
type TerritoryRow = Awaited<ReturnType<OrganizationsRepository["territoriesOf"]>>[number];

type Deps = { uow: UnitOfWork; repo: OrganizationsRepository };

const toDetail = (o: OrganizationRow, territories: TerritoryRow[]): OrganizationDetail => ({
  id: o.id,
  uid: o.uid,
  name: o.name,
  organizationParentId: o.parentId,
  parentName: o.parentName,
  timeZone: o.timeZone,
  intFirstDayOfWeek: o.firstDayOfWeek,
  crmIntegrationId: o.crmIntegrationId,
  showApproaches: o.showApproaches,
  maxShiftHours: o.maxShiftHours,
  weeklyHoursLimit: o.weeklyHoursLimit,
  punchDistanceMeters: o.punchDistanceMeters,
  isSmartCircleLG: o.isSmartCircleLG,
  smartCircleCompany: o.smartCircleCompany,
  isDeleted: o.isDeleted,
  territories: territories
    .filter((t) => t.organizationId === o.id)
    .map((t) => ({ id: t.id, name: t.name, isActive: t.isActive })),
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
});

const notFoundField = (field: string, message: string) =>
  new AppError("not_found", 404, message, { [field]: [message] });

export function organizationsService(d: Deps) {
  /**
   * The organizations a call may change and lists (docs/decisions/0016). A Super Admin's call is a platform
   * call: every organization (null). Anyone else acts on the organization the request names
   * (`CurrentOrganizationId`, the tenant context), as its Admin: that organization and, when it is an owner
   * group, the live organizations it owns. An Admin of several organizations switches organization to change
   * another one; an id outside this list answers 404 like an id that does not exist.
   */
  async function administeredByRequest(ctx: TenantContext): Promise<number[] | null> {
    if (ctx.isPlatformAdmin) return null;
    if (!isOrganizationAdmin(ctx)) return [];
    return d.repo.organizationAndChildren(d.uow.read, ctx.organizationId);
  }

  /** A parent must be a live top-level organization: owner groups hold organizations, one level deep. */
  async function checkParent(tx: Tx, parentId: number | null, selfId?: number) {
    if (parentId === null) return;
    if (parentId === selfId) {
      throw fieldError("body.organizationParentId", "An organization cannot be its own owner group.");
    }
    if (!(await d.repo.isLiveTopLevel(tx, parentId, selfId))) {
      throw fieldError(
        "body.organizationParentId",
        "Choose a live owner group: an organization that does not itself belong to an owner group.",
      );
    }
    if (selfId && (await d.repo.liveChildCount(tx, selfId)) > 0) {
      throw fieldError(
        "body.organizationParentId",
        "This organization is an owner group (organizations belong to it), so it cannot join another owner group.",
      );
    }
  }

  /** Adds, renames and (de)activates territories; ids of another organization answer 404. Names stay unique. */
  async function saveTerritories(tx: Tx, organizationId: number, input: UpsertInput["territories"]) {
    if (!input || input.length === 0) return;
    const existing = await d.repo.territoriesOf(tx, [organizationId]);
    const byId = new Map(existing.map((t) => [t.id, t]));
    const finalNames = new Map(existing.map((t) => [t.id, t.name.toLowerCase()]));
    const newNames: string[] = [];
    input.forEach((t, i) => {
      if (t.id === undefined) newNames.push(t.name.toLowerCase());
      else if (byId.has(t.id)) finalNames.set(t.id, t.name.toLowerCase());
      else {
        throw notFoundField(
          `body.territories.${i}.id`,
          `Territory ${t.id} was not found in this organization.`,
        );
      }
    });
    const counts = new Map<string, number>();
    for (const n of [...finalNames.values(), ...newNames]) counts.set(n, (counts.get(n) ?? 0) + 1);
    input.forEach((t, i) => {
      if ((counts.get(t.name.toLowerCase()) ?? 0) > 1) {
        throw fieldError(
          `body.territories.${i}.name`,
          `Another territory is already named "${t.name}".`,
          409,
        );
      }
    });
    for (const t of input) {
      if (t.id !== undefined) {
        const before = byId.get(t.id)!;
        if (before.name !== t.name || before.isActive !== t.isActive) {
          await d.repo.updateTerritory(tx, organizationId, t.id, { name: t.name, isActive: t.isActive });
        }
      }
    }
    await d.repo.insertTerritories(
      tx,
      organizationId,
      input.filter((t) => t.id === undefined).map((t) => ({ name: t.name, isActive: t.isActive })),
    );
  }

  async function detail(tx: Tx, id: number): Promise<OrganizationDetail> {
    const row = await d.repo.findById(tx, id);
    if (!row) throw notFound("The organization");
    return toDetail(row, await d.repo.territoriesOf(tx, [id]));
  }

  async function create(ctx: TenantContext, input: UpsertInput) {
    requireOrganizationCreator(ctx);
    const missing: Record<string, string[]> = {};
    if (!input.name) missing["body.name"] = ["Enter a name"];
    if (!input.timeZone) missing["body.timeZone"] = ["Choose a time zone"];
    if (Object.keys(missing).length) throw badRequest(Object.values(missing)[0][0], missing);
    input.territories?.forEach((t, i) => {
      if (t.id !== undefined) {
        throw notFoundField(
          `body.territories.${i}.id`,
          `Territory ${t.id} was not found in this organization.`,
        );
      }
    });
    return d.uow.run(async (tx) => {
      const parentId = input.organizationParentId ?? null;
      await checkParent(tx, parentId);
      const id = await d.repo.insert(tx, {
        uid: randomId(12),
        name: input.name!,
        parentId,
        timeZone: input.timeZone!,
        firstDayOfWeek: input.intFirstDayOfWeek ?? null,
        crmIntegrationId: input.crmIntegrationId ?? null,
        showApproaches: input.showApproaches ?? false,
        // Unsent labor settings take the columns' defaults.
        maxShiftHours: input.maxShiftHours,
        weeklyHoursLimit: input.weeklyHoursLimit,
        punchDistanceMeters: input.punchDistanceMeters,
        isSmartCircleLG: input.isSmartCircleLG ?? false,
        smartCircleCompany: input.smartCircleCompany ?? null,
        isDeleted: input.isDeleted ?? false,
      });
      await saveTerritories(tx, id, input.territories);
      return detail(tx, id);
    });
  }

  async function update(ctx: TenantContext, id: number, input: UpsertInput) {
    const administered = await administeredByRequest(ctx);
    const allowed = administered === null || administered.includes(id);
    return d.uow.run(async (tx) => {
      const before = await d.repo.findById(tx, id, true);
      if (!before || !allowed) throw notFound("The organization");
      const changes: Partial<OrganizationValues> = {};
      const set = <K extends keyof OrganizationValues>(key: K, value: OrganizationValues[K] | undefined) => {
        if (value !== undefined && value !== before[key]) changes[key] = value;
      };
      set("name", input.name);
      set("parentId", input.organizationParentId);
      set("timeZone", input.timeZone);
      set("firstDayOfWeek", input.intFirstDayOfWeek);
      set("crmIntegrationId", input.crmIntegrationId);
      set("showApproaches", input.showApproaches);
      set("maxShiftHours", input.maxShiftHours);
      set("weeklyHoursLimit", input.weeklyHoursLimit);
      set("punchDistanceMeters", input.punchDistanceMeters);
      set("isSmartCircleLG", input.isSmartCircleLG);
      set("smartCircleCompany", input.smartCircleCompany);
      set("isDeleted", input.isDeleted);
      if (!ctx.isPlatformAdmin) {
        if ("parentId" in changes) {
          throw new AppError(
            "forbidden",
            403,
            "Only a Super Admin can move an organization to another owner group.",
            { "body.organizationParentId": ["Only a Super Admin can change this"] },
          );
        }
        if ("isDeleted" in changes) {
          throw new AppError("forbidden", 403, "Only a Super Admin can delete or restore an organization.", {
            "body.isDeleted": ["Only a Super Admin can change this"],
          });
        }
      }
      if ("parentId" in changes) await checkParent(tx, changes.parentId ?? null, id);
      if (changes.isDeleted === true && (await d.repo.liveChildCount(tx, id)) > 0) {
        throw conflict("Organizations still belong to this owner group. Move or delete them first.", {
          "body.isDeleted": ["The owner group still has organizations"],
        });
      }
      if (changes.isDeleted === false && before.parentId !== null) {
        // Restoring under a parent that was deleted meanwhile would leave an orphan in the tree.
        const p = await d.repo.findById(tx, before.parentId);
        if (p?.isDeleted && !("parentId" in changes)) {
          throw fieldError(
            "body.organizationParentId",
            "Its owner group is deleted: choose another one or none.",
          );
        }
      }
      if (Object.keys(changes).length > 0) await d.repo.update(tx, id, changes);
      await saveTerritories(tx, id, input.territories);
      return detail(tx, id);
    });
  }

  return {
    /** The organization save, creation included (docs/decisions/0007-organization-upsert.md). */
    upsert(ctx: TenantContext, input: UpsertInput): Promise<OrganizationDetail> {
      return input.id ? update(ctx, input.id, input) : create(ctx, input);
    },

    /** Organizations the caller administers from the request's organization, owner groups with their children. */
    async settingsOrganizations(ctx: TenantContext, input: SettingsInput): Promise<SettingsOrganization[]> {
      if (input.includeDeleted && !ctx.isPlatformAdmin) {
        throw forbidden("Only a Super Admin can list deleted organizations.");
      }
      const ids = await administeredByRequest(ctx);
      if (ids && ids.length === 0) return [];
      const rows = await d.repo.list(d.uow.read, {
        ids,
        includeDeleted: input.includeDeleted,
        search: input.search,
      });
      const territories = await d.repo.territoriesOf(
        d.uow.read,
        rows.map((r) => r.id),
      );
      const listed = new Map(rows.map((r) => [r.id, r]));
      const isRoot = (r: OrganizationRow) => r.parentId === null || !listed.has(r.parentId);
      const roots = rows
        .filter(isRoot)
        .map((r) => ({ ...toDetail(r, territories), children: [] as OrganizationDetail[] }));
      const rootById = new Map(roots.map((r) => [r.id, r]));
      for (const r of rows) {
        if (isRoot(r)) continue;
        const p = rootById.get(r.parentId!);
        if (p) p.children.push(toDetail(r, territories));
        else roots.push({ ...toDetail(r, territories), children: [] });
      }
      return roots;
    },
  };
}

export type OrganizationsService = ReturnType<typeof organizationsService>;
