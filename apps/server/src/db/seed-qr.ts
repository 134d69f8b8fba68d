import { LEAD_GENERATOR_ROLE_IDS, qrPagePath } from "@fieldlead/contracts";
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../platform/db";
import type { DemoShopperPage } from "./demo-logins";

/**
 * Demo QR codes (docs/decisions/0037): every lead generator of the demo organizations gets a code of no group (0),
 * active, at the first store of their membership (by id). Those made inactive in the demo keep theirs, which is then
 * not live (the codes' list shows it so). A person who already has an active code of group 0 elsewhere keeps that one
 * (the public address names no organization: one active code per person and group).
 */
export async function seedDemoQrCodes(tx: Tx, organizationIds: number[]) {
  await tx.execute(sql`
    insert into qr_codes (organization_id, user_id, store_id, hdsfi_group, is_active)
    select m.organization_id, m.user_id,
           (select min(ms.store_id) from membership_stores ms
             where ms.organization_id = m.organization_id and ms.membership_id = m.id),
           0, true
    from memberships m
    where m.organization_id in (${sql.join(
      organizationIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and m.role_id in (${sql.join(
        LEAD_GENERATOR_ROLE_IDS.map((id) => sql`${id}`),
        sql`, `,
      )})
      and exists (select 1 from membership_stores ms
                   where ms.organization_id = m.organization_id and ms.membership_id = m.id)
    order by m.organization_id, m.user_id
    on conflict do nothing`);
}

/**
 * The page of `lg@demo.local`'s live code of no group, as a full URL on `publicUrl`; null when there is none (a
 * database seeded before QR codes existed, or a code stopped since).
 */
export async function demoShopperPage(
  exec: Tx,
  publicUrl: string,
  email = "lg@demo.local",
): Promise<DemoShopperPage | null> {
  const [row] = await rowsOf<{ uid: string; first_name: string; last_name: string; hdsfi_group: number }>(
    exec,
    sql`select u.uid, u.first_name, u.last_name, q.hdsfi_group
        from users u
        join qr_codes q on q.user_id = u.id and q.is_active
        join memberships m on m.organization_id = q.organization_id and m.user_id = u.id and m.is_active
        where lower(u.email) = ${email.toLowerCase()} and u.is_platform_active
        order by q.hdsfi_group, q.id
        limit 1`,
  );
  if (!row) return null;
  return {
    url: `${publicUrl.replace(/\/$/, "")}${qrPagePath(row.uid, Number(row.hdsfi_group))}`,
    personName: `${row.first_name} ${row.last_name}`.trim(),
  };
}
