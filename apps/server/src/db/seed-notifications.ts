import { LEAD_GENERATOR_ROLE_IDS, roleName } from "@fieldlead/contracts";
import { sql } from "drizzle-orm";
import { type AudienceQuery, audienceSummary, notificationsRepository } from "../modules/notifications/index";
import { rowsOf, type Tx } from "../platform/db";

type Seeded = {
  sender: string;
  hoursAgo: number;
  title: string;
  body: string;
  link: string | null;
  audience: Pick<AudienceQuery, "everyone" | "roleIds" | "territoryIds">;
  places: string[];
  /** Who has not read it: these demo logins, and a quarter of the crew (so the read count is not the whole). */
  unreadBy: string[];
};

/**
 * Demo notifications (docs/decisions/0041-notifications-and-support.md) in Summit Home East: the manager's message to
 * everyone (two days ago), the regional manager's to North Jersey (yesterday) and the manager's to the lead
 * generators (this morning), resolved with the same audience query as a real send and already emailed. Most people
 * have read the first; Luis (lg@demo.local) has the other two unread, so his bell shows 2.
 */
export async function seedDemoNotifications(tx: Tx, orgs: { east: number }): Promise<void> {
  const repo = notificationsRepository();
  const idOf = async (table: "users" | "territories", column: string, value: string) => {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from ${sql.raw(table)} where ${sql.raw(column)} = ${value} limit 1`,
    );
    return row ? Number(row.id) : null;
  };
  const northJersey = await idOf("territories", "name", "North Jersey");
  if (!northJersey) return;
  const seeded: Seeded[] = [
    {
      sender: "manager@demo.local",
      hoursAgo: 50,
      title: "New season, new stores",
      body: "Thanks for a strong month, everyone. From Monday we add weekend shifts at Costco Westbury; schedules are up in Labor.",
      link: "/labor/schedules",
      audience: { everyone: true, roleIds: [], territoryIds: [] },
      places: [],
      unreadBy: [],
    },
    {
      sender: "regional@demo.local",
      hoursAgo: 26,
      title: "North Jersey: store walk on Thursday",
      body: "I will visit Costco Wayne and The Home Depot Paramus on Thursday afternoon. Bring your questions about the new consent texts.",
      link: null,
      audience: { everyone: false, roleIds: [], territoryIds: [northJersey] },
      places: ["North Jersey"],
      unreadBy: ["lg@demo.local"],
    },
    {
      sender: "manager@demo.local",
      hoursAgo: 3,
      title: "Log your approaches",
      body: "Please tap +1 Approach as you go: the no-activity list goes to payroll review on Friday.",
      link: "/labor/activities",
      audience: { everyone: false, roleIds: [...LEAD_GENERATOR_ROLE_IDS], territoryIds: [] },
      places: [],
      unreadBy: ["lg@demo.local", "lglead@demo.local"],
    },
  ];
  for (const s of seeded) {
    const sender = await idOf("users", "email", s.sender);
    if (!sender) continue;
    const reach = s.sender === "regional@demo.local" ? await territoriesOf(tx, orgs.east, sender) : null;
    const query: AudienceQuery = {
      organizationId: orgs.east,
      senderUserId: sender,
      reachTerritoryIds: reach,
      userIds: [],
      storeIds: [],
      ...s.audience,
    };
    const id = await repo.insertNotification(tx, {
      organizationId: orgs.east,
      kind: "message",
      senderUserId: sender,
      title: s.title,
      body: s.body,
      link: s.link,
      audience: { ...s.audience, userIds: [], storeIds: [] },
      audienceSummary: audienceSummary({
        everyone: s.audience.everyone,
        roles: s.audience.roleIds.map(roleName),
        places: s.places,
        people: [],
      }),
      sendEmail: true,
    });
    await repo.insertRecipients(tx, id, query, true);
    const at = sql`now() - make_interval(hours => ${s.hoursAgo})`;
    // Already emailed (the demo keeps no mail of it), read by all but a few, an hour after it was sent.
    await tx.execute(sql`update notification_recipients r set email = 'sent', created_at = ${at},
        read_at = case when u.email in (${sql.join(
          ["-", ...s.unreadBy].map((e) => sql`${e}`),
          sql`, `,
        )}) or (r.user_id % 4 = 0 and u.email not like '%@demo.local') then null else ${at} + interval '1 hour' end
      from users u where u.id = r.user_id and r.notification_id = ${id}`);
    await tx.execute(sql`update notifications set status = 'sent', created_at = ${at},
        completed_at = ${at} + interval '2 minutes', processed_count = recipient_count,
        emailed_count = recipient_count
      where id = ${id}`);
  }
}

async function territoriesOf(tx: Tx, organizationId: number, userId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select mt.territory_id as id from memberships m
      join membership_territories mt on mt.organization_id = m.organization_id and mt.membership_id = m.id
      where m.organization_id = ${organizationId} and m.user_id = ${userId}`,
  );
  return rows.map((r) => Number(r.id));
}
