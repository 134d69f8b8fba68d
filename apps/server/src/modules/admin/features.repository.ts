import { asc, eq } from "drizzle-orm";
import { features } from "../../db/schema/index";
import type { Tx } from "../../platform/db";

export function featuresRepository() {
  return {
    list: (exec: Tx) => exec.select().from(features).orderBy(asc(features.name)),
    async insert(exec: Tx, v: { name: string; description: string; isActive: boolean }) {
      const [row] = await exec.insert(features).values(v).returning();
      return row;
    },
    async update(exec: Tx, id: number, v: { name: string; description: string; isActive: boolean }) {
      const [row] = await exec
        .update(features)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(features.id, id))
        .returning();
      return row ?? null;
    },
    async remove(exec: Tx, id: number) {
      const rows = await exec.delete(features).where(eq(features.id, id)).returning({ id: features.id });
      return rows.length > 0;
    },
  };
}

export type FeaturesRepository = ReturnType<typeof featuresRepository>;
