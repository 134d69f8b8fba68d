import type { Feature, FeatureUpsertRequest } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { notFound } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { requirePlatformAdmin } from "./admin.policy";
import type { FeaturesRepository } from "./features.repository";

type Deps = { uow: UnitOfWork; features: FeaturesRepository; mailer: Mailer };

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

/** Platform administration: the feature notes everyone reads and the Super Admin writes, and the mailbox. */
export function adminService(d: Deps) {
  return {
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
          attachments: m.attachments ?? [],
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
          error: m.error,
        })),
      };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
