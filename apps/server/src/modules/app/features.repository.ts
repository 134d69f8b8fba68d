import { asc, eq } from "drizzle-orm";
import { features } from "../../db/schema/index";
import type { Db } from "../../platform/db";

export function featuresRepository(db: Db) {
  return {
    list: () => db.select().from(features).orderBy(asc(features.name)),
    async insert(v: { name: string; description: string; isActive: boolean }) {
      const [row] = await db.insert(features).values(v).returning();
      return row;
    },
    async update(id: number, v: { name: string; description: string; isActive: boolean }) {
      const [row] = await db
        .update(features)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(features.id, id))
        .returning();
      return row ?? null;
    },
    async remove(id: number) {
      const rows = await db.delete(features).where(eq(features.id, id)).returning({ id: features.id });
      return rows.length > 0;
    },
  };
}
