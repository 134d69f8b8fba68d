import { addDays, dayOfWeek, formatDate } from "@fieldlead/contracts";
import { sql } from "drizzle-orm";
import { rowsOf as rows, type Tx } from "../platform/db";
import { ensureDemoServiceTypes } from "./demo-service-types";

export type GenerateLeadsOptions = {
  organizationId: number;
  count: number;
  /** Leads spread over this many years back from `now`. */
  years: number;
  now?: Date;
  /** Rows per INSERT ... SELECT. */
  batchSize?: number;
  /** Also write the answers to each lead's questions and a capture entry per app, QR and web lead. */
  answers?: boolean;
  captureEntries?: boolean;
  /**
   * Switch off foreign-key triggers inside each batch's transaction (`session_replication_role = replica`)
   * when the connection may: the rows are built from ids just read, and the checks are half the time.
   */
  skipForeignKeyChecks?: boolean;
  onBatch?: (done: number, total: number) => void;
};

const FIRST =
  `Ava Liam Mia Noah Sofia Ethan Isabella Lucas Emma Mateo Olivia Diego Chloe Jayden Grace Carlos Amelia James
Harper Benjamin Evelyn Elijah Abigail William Emily Henry Elizabeth Alexander Camila Michael Luna Daniel Aria Jacob
Scarlett Logan Victoria Jackson Madison Sebastian Layla Jack Penelope Aiden Riley Owen Zoey Samuel Nora Wyatt Lily
John Eleanor David Hannah Joseph Lillian Levi Addison Luke Aubrey Anthony Ellie Isaac Stella Gabriel Natalie Julian
Zoe Dylan Leah Christopher Hazel Joshua Violet Andrew Aurora Lincoln Savannah Nathan Audrey Ryan Brooklyn Asher
Bella Leo Claire Thomas Skylar Charles Lucy Caleb Paisley Josiah Everly Christian Anna Hunter Caroline Eli Nova
Jonathan Genesis Connor Emilia Jeremiah Kennedy Ezra Samantha Aaron Maya`.split(/\s+/);
const LAST =
  `Garcia Nguyen Patel Johnson Kim Rodriguez Smith Lee Martinez Brown Lopez Davis Williams Jones Miller
Wilson Moore Taylor Anderson Thomas Jackson White Harris Martin Thompson Robinson Clark Lewis Walker Hall Allen Young
Hernandez King Wright Scott Torres Hill Flores Green Adams Nelson Baker Rivera Campbell Mitchell Carter Roberts Gomez
Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez
Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Cox Ward Richardson Watson Brooks Chavez Wood James
Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Myers Long Ross Foster Jimenez Powell Jenkins`.split(
    /\s+/,
  );
const AREA_CODES = [201, 973, 908, 732, 516, 631, 718, 215, 610, 267, 818, 213, 310, 619, 858, 510, 214, 972];
const HOUR_WEIGHTS: [number, number][] = [
  [9, 2],
  [10, 4],
  [11, 6],
  [12, 7],
  [13, 8],
  [14, 8],
  [15, 8],
  [16, 7],
  [17, 6],
  [18, 4],
  [19, 2],
];
// Sunday .. Saturday: weekends are the busy days at a warehouse club.
const DAY_WEIGHTS = [8, 4, 4, 4, 5, 6, 10];
// January .. December: spring and early fall are the season for home projects.
const MONTH_WEIGHTS = [6, 7, 10, 11, 11, 10, 9, 9, 10, 10, 8, 5];

type Rows<T> = { rows: T[]; rowCount?: number | null; affectedRows?: number };
/** Rows an INSERT wrote (node-postgres says rowCount, PGlite affectedRows). */
const written = async (exec: Tx, q: ReturnType<typeof sql>) => {
  const r = (await exec.execute(q)) as unknown as Rows<unknown>;
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

/** Local dates of the span, each repeated by its weight (weekday, season, a business that grows). */
function weightedDays(now: Date, timeZone: string, years: number): string[] {
  const today = formatDate(now, timeZone);
  const span = Math.max(1, Math.round(years * 365));
  const out: string[] = [];
  for (let i = span - 1; i >= 0; i--) {
    const d = addDays(today, -i);
    const month = Number(d.slice(5, 7));
    const growth = 0.6 + 0.4 * (1 - i / span);
    const w = Math.max(1, Math.round((DAY_WEIGHTS[dayOfWeek(d)] * MONTH_WEIGHTS[month - 1] * growth) / 4));
    for (let k = 0; k < w; k++) out.push(d);
  }
  return out;
}

/**
 * Creates `count` realistic leads in one organization with `INSERT ... SELECT` over `generate_series`, in
 * batches: busier weekends and seasons, capture times 9:00-20:00 on the store's clock, leads spread over the
 * organization's stores and the lead generators of each store's territory, statuses along the funnel, a share of
 * external and program leads, some rejected, and repeat shoppers (the same phone within days: duplicates linked
 * to the first lead). Works on PostgreSQL and on PGlite. Returns the rows written.
 */
export async function generateLeads(exec: Tx, o: GenerateLeadsOptions) {
  const now = o.now ?? new Date();
  const batchSize = o.batchSize ?? 50_000;
  const [org] = await rows<{ time_zone: string }>(
    exec,
    sql`select time_zone from organizations where id = ${o.organizationId}`,
  );
  if (!org) throw new Error(`There is no organization ${o.organizationId}.`);
  const stores = await rows<{ id: number; territory_id: number | null; time_zone: string }>(
    exec,
    sql`select id, territory_id, time_zone from stores where organization_id = ${o.organizationId} and is_active order by id`,
  );
  const lgs = await rows<{ user_id: number; territory_ids: number[] | string }>(
    exec,
    sql`select m.user_id, coalesce(array_agg(mt.territory_id) filter (where mt.territory_id is not null), '{}') as territory_ids
        from memberships m left join membership_territories mt on mt.membership_id = m.id
        where m.organization_id = ${o.organizationId} and m.role_id in (14, 15) and m.is_active
        group by m.user_id order by m.user_id`,
  );
  let types = await rows<{ id: number }>(
    exec,
    sql`select id from service_types where organization_id = ${o.organizationId} and is_active order by sort_order, id`,
  );
  if (types.length === 0) {
    types = (await ensureDemoServiceTypes(exec, o.organizationId)).map((id) => ({ id }));
  }

  // Every (store, lead generator of its territory) pair is a place and a person a lead can come from.
  const territoriesOf = (v: number[] | string) =>
    Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  const combos: [number | null, number | null, number | null, string][] = [];
  for (const s of stores) {
    const here = lgs.filter(
      (l) => s.territory_id !== null && territoriesOf(l.territory_ids).includes(s.territory_id),
    );
    const people = here.length ? here : lgs;
    if (people.length === 0) combos.push([s.id, s.territory_id, null, s.time_zone]);
    for (const p of people) combos.push([s.id, s.territory_id, p.user_id, s.time_zone]);
  }
  if (combos.length === 0) combos.push([null, null, null, org.time_zone]);

  const days = weightedDays(now, org.time_zone, o.years);
  const hours = HOUR_WEIGHTS.flatMap(([h, w]) => Array<number>(w).fill(h));
  const params = sql`
    days as (select ordinality::int as i, value::date as d from jsonb_array_elements_text(${JSON.stringify(days)}::jsonb) with ordinality),
    hrs as (select ordinality::int as i, value::int as h from jsonb_array_elements_text(${JSON.stringify(hours)}::jsonb) with ordinality),
    combos as (select ordinality::int as i, (value->>0)::int as store_id, (value->>1)::int as territory_id,
               (value->>2)::int as user_id, value->>3 as tz from jsonb_array_elements(${JSON.stringify(combos)}::jsonb) with ordinality),
    firsts as (select ordinality::int as i, value as name from jsonb_array_elements_text(${JSON.stringify(FIRST)}::jsonb) with ordinality),
    lasts as (select ordinality::int as i, value as name from jsonb_array_elements_text(${JSON.stringify(LAST)}::jsonb) with ordinality),
    types as (select ordinality::int as i, value::int as id from jsonb_array_elements_text(${JSON.stringify(types.map((t) => t.id))}::jsonb) with ordinality)`;

  // A share of shoppers come back within three weeks: the same person again, linked to the first lead (an
  // internal repeat stays, flagged; an external one is rejected as a duplicate), as the capture would do.
  const repeatShare = 0.02;
  let done = 0;
  let total = 0;
  while (done < o.count) {
    const n = Math.min(batchSize, o.count - done);
    const repeats = Math.floor(n * repeatShare);
    const fresh = n - repeats;
    total += await exec.transaction(async (tx) => {
      if (o.skipForeignKeyChecks) {
        const [su] = await rows<{ on: boolean }>(
          tx,
          sql`select current_setting('is_superuser') = 'on' as on`,
        );
        if (su?.on) await tx.execute(sql`set local session_replication_role = replica`);
      }
      const [{ max_id: before }] = await rows<{ max_id: number | string }>(
        tx,
        sql`select coalesce(max(id), 0) as max_id from leads`,
      );
      let count = await written(
        tx,
        sql`
      with ${params},
      b as (
        select g,
          1 + floor(random() * ${days.length})::int as di, 1 + floor(random() * ${hours.length})::int as hi,
          1 + floor(random() * ${combos.length})::int as ci, 1 + floor(random() * ${FIRST.length})::int as fi,
          1 + floor(random() * ${LAST.length})::int as li, 1 + floor(random() * ${types.length})::int as ti,
          floor(random() * 3600)::int as secs, random() as r_src, random() as r_status, random() as r_email,
          random() as r_lang, random() as r_reason, random() as r_rev, random() as r_prog
        from generate_series(1, ${fresh}) g
      ),
      c as (
        select b.*, f.name as first_name, l.name as last_name, co.store_id, co.territory_id, co.user_id, t.id as type_id,
          (d.d + make_interval(hours => h.h, secs => b.secs)) at time zone co.tz as at,
          case when b.r_src < 0.80 then 'app' when b.r_src < 0.88 then 'qr' when b.r_src < 0.93 then 'retailerProgram'
               when b.r_src < 0.96 then 'secondPartner' when b.r_src < 0.99 then 'web' else 'import' end as source
        from b join days d on d.i = b.di join hrs h on h.i = b.hi join combos co on co.i = b.ci
          join firsts f on f.i = b.fi join lasts l on l.i = b.li join types t on t.i = b.ti
      ),
      e as (
        select c.*, case when c.at > ${now} then c.at - interval '1 day' else c.at end as captured_at,
          case when c.r_status < 0.20 then 1 when c.r_status < 0.33 then 2 when c.r_status < 0.45 then 3
               when c.r_status < 0.55 then 4 when c.r_status < 0.61 then 5 when c.r_status < 0.65 then 6
               when c.r_status < 0.73 then 7 when c.r_status < 0.80 then 8 when c.r_status < 0.85 then 9
               when c.r_status < 0.97 then 10 else 11 end as funnel
        from c
      ),
      f as (
        select e.*,
          case when e.captured_at > ${now}::timestamptz - interval '2 days'
            then (case when e.funnel = 11 then 11 when e.funnel > 2 then 2 else e.funnel end) else e.funnel end as status_id,
          -- Speed to lead: most leads reach a destination within minutes, some within hours, a few the next day.
          case when e.r_rev < 0.55 then make_interval(secs => 20 + floor(e.r_email * 280)::int)
               when e.r_rev < 0.85 then make_interval(mins => 5 + floor(e.r_email * 55)::int)
               when e.r_rev < 0.97 then make_interval(mins => 60 + floor(e.r_email * 420)::int)
               else make_interval(hours => 20 + floor(e.r_email * 30)::int) end as delivery_delay
        from e
      )
      insert into leads (organization_id, kind, source, store_id, territory_id, captured_by_user_id, captured_at,
        service_type_id, status_id, first_name, last_name, phone, email, city, state, zip, language_id,
        rejection_reason, hdsfi_group_id, hd_job_type_id, centah_service_id, centah_ad_code_id, external_reference,
        revenue, first_delivered_at, first_contacted_at, created_at, updated_at)
      select ${o.organizationId},
        case when source = 'app' then 'internal' else 'external' end, source,
        case when source in ('web', 'import') then null else store_id end,
        case when source in ('web', 'import') then null else territory_id end,
        case when source in ('app', 'qr') then user_id end,
        captured_at, type_id,
        status_id,
        first_name, last_name,
        (${JSON.stringify(AREA_CODES)}::jsonb ->> (g % ${AREA_CODES.length}))
          || (200 + floor(random() * 800))::int::text || lpad(floor(random() * 10000)::int::text, 4, '0'),
        case when r_email < 0.7 then lower(first_name || '.' || last_name || (g % 997)::text || '@' ||
             (array['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'aol.com'])[1 + (g % 5)]) end,
        null, null, null,
        case when r_lang < 0.80 then 1 when r_lang < 0.92 then 2 else 3 + floor(r_lang * 1000)::int % 8 end,
        case when funnel = 11 then (array['invalidPhone', 'invalidEmail', 'outsideServiceArea', 'noConsent', 'refusedByDestination'])[1 + floor(r_reason * 5)::int] end,
        case when source = 'retailerProgram' then 1 + floor(r_prog * 5)::int end,
        case when source = 'retailerProgram' then 1 + floor(r_reason * 4)::int end,
        case when source = 'secondPartner' then 1 + floor(r_prog * 3)::int end,
        case when source = 'secondPartner' then 1 + floor(r_reason * 3)::int end,
        case when source in ('retailerProgram', 'secondPartner') then 'P' || lpad(g::text, 8, '0') end,
        case when funnel = 7 then round((3000 + r_rev * 22000)::numeric, 2) end,
        -- Sent and beyond went to a destination; confirmed and beyond were contacted, a few hours after that.
        case when status_id in (4, 5, 6, 7, 8, 9) then least(captured_at + delivery_delay, ${now}::timestamptz) end,
        case when status_id in (5, 6, 7, 8, 9) then least(captured_at + delivery_delay + make_interval(mins => 10 + floor(r_lang * 600)::int), ${now}::timestamptz) end,
        captured_at, captured_at
      from f`,
      );
      count += await written(
        tx,
        sql`
        insert into leads (organization_id, kind, source, store_id, territory_id, captured_by_user_id, captured_at,
          service_type_id, status_id, first_name, last_name, phone, email, city, state, zip, language_id,
          duplicate_of_lead_id, rejection_reason, created_at, updated_at)
        select organization_id, kind, source, store_id, territory_id, captured_by_user_id, again,
          service_type_id, case when kind = 'external' then 11 else 1 end, first_name, last_name, phone, email,
          city, state, zip, language_id, id, case when kind = 'external' then 'duplicate' end, again, again
        from (
          select l.*, l.captured_at + make_interval(days => 1 + floor(random() * 20)::int, hours => floor(random() * 4)::int) as again
          from leads l
          where l.organization_id = ${o.organizationId} and l.id > ${before} and l.duplicate_of_lead_id is null
            and l.captured_at < ${now}::timestamptz - interval '22 days'
          limit ${repeats * 4}
        ) r
        where random() < 0.25
        limit ${repeats}`,
      );
      if (o.answers !== false) {
        await tx.execute(sql`
          insert into lead_answers (organization_id, lead_id, question_id, value)
          select l.organization_id, l.id, q.id,
            case q.data_type_id
              when 1 then to_jsonb((array['After 5 pm', 'Weekends only', 'Any time', 'Mornings'])[1 + (l.id % 4)::int])
              when 2 then to_jsonb(1 + (l.id % 20)::int)
              when 3 then to_jsonb(round((60 + (l.id % 300))::numeric, 2))
              when 4 then to_jsonb(to_char(l.captured_at + make_interval(days => (l.id % 60)::int), 'YYYY-MM-DD'))
              when 5 then to_jsonb(l.id % 10 < 7)
              when 6 then (select to_jsonb(r.id) from question_responses r where r.question_id = q.id
                           order by r.sort_order offset (l.id % greatest(1, (select count(*) from question_responses r2 where r2.question_id = q.id)))::int limit 1)
              when 7 then (select coalesce(jsonb_agg(r.id), '[]'::jsonb) from question_responses r where r.question_id = q.id and (r.id + l.id) % 2 = 0)
            end
          from leads l join service_type_questions q on q.service_type_id = l.service_type_id and q.is_active
          where l.organization_id = ${o.organizationId} and l.id > ${before} and q.data_type_id between 1 and 7
            and (q.is_required or l.id % 3 <> 0)`);
        // A multiple-choice question may have drawn no choice: no answer, rather than an empty one.
        await tx.execute(
          sql`delete from lead_answers where organization_id = ${o.organizationId} and lead_id > ${before} and (value is null or value = '[]'::jsonb)`,
        );
      }
      if (o.captureEntries !== false) {
        await tx.execute(sql`
          insert into capture_entries (organization_id, source, received_at, submitted_by_user_id, store_id, territory_id,
            payload, outcome, lead_id, rejection_reason)
          select organization_id, source, captured_at, captured_by_user_id, store_id, territory_id,
            jsonb_build_object('firstName', first_name, 'lastName', last_name, 'phone', phone, 'email', email,
                               'storeId', store_id, 'serviceTypeId', service_type_id),
            case when status_id = 11 and kind = 'external' then 'rejected'
                 when duplicate_of_lead_id is not null then 'duplicate' else 'lead' end, id,
            case when kind = 'external' then rejection_reason end
          from leads where organization_id = ${o.organizationId} and id > ${before} and source in ('app', 'qr', 'web')`);
      }
      return count;
    });
    done += n;
    o.onBatch?.(done, o.count);
  }
  return total;
}
