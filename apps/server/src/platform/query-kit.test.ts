import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "./errors";
import {
  countQuery,
  decodeCursor,
  encodeCursor,
  inChunks,
  keysetAfter,
  likePattern,
  type OrderTerm,
  orderByOf,
  pageOf,
  pageResult,
  resolveSort,
  type SortValue,
  searchWords,
  sortBy,
  sortValuesOf,
  tenantDateRange,
  withinRange,
} from "./query-kit";

const dialect = new PgDialect();
const render = (parts: SQL[]) => dialect.sqlToQuery(sql.join(parts, sql`, `));
const t = pgTable("t", { id: serial("id"), name: text("name"), at: timestamp("at", { withTimezone: true }) });

describe("likePattern", () => {
  it("escapes the wildcards and the escape character, then adds its own", () => {
    expect(likePattern("garc")).toBe("%garc%");
    expect(likePattern("garc", "prefix")).toBe("garc%");
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(likePattern("a_b", "prefix")).toBe("a\\_b%");
    expect(likePattern("")).toBe("%%");
  });

  it("splits a search box into words", () => {
    expect(searchWords("  Ana   de la\tCruz ")).toEqual(["Ana", "de", "la", "Cruz"]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords("   ")).toEqual([]);
  });
});

describe("paging", () => {
  it("turns a page into a limit and an offset", () => {
    expect(pageOf({ page: 1, pageSize: 25 })).toEqual({ limit: 25, offset: 0 });
    expect(pageOf({ page: 3, pageSize: 10 })).toEqual({ limit: 10, offset: 20 });
    expect(pageOf({ page: 1000, pageSize: 200 })).toEqual({ limit: 200, offset: 199_800 });
  });

  it("refuses a page past the count cap, naming the field", () => {
    expect(pageOf({ page: 50, pageSize: 200 }, { countCap: 10_000 })).toEqual({ limit: 200, offset: 9_800 });
    let error: unknown;
    try {
      pageOf({ page: 51, pageSize: 200 }, { countCap: 10_000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toBe(
      "Pages past the first 10,000 results are not listed; narrow the search or export it to CSV.",
    );
    expect((error as AppError).errors).toEqual({ "body.page": ["Too deep; narrow the search."] });
  });

  it("counts everything, or at most cap + 1 rows", () => {
    const rows = sql`select 1 from ${t} where ${t.name} = ${"x"}`;
    expect(dialect.sqlToQuery(countQuery(rows)).sql).toBe(
      'select count(*)::int as n from (select 1 from "t" where "t"."name" = $1) t',
    );
    const capped = dialect.sqlToQuery(countQuery(rows, 10_000));
    expect(capped.sql).toBe(
      'select count(*)::int as n from (select 1 from "t" where "t"."name" = $1 limit $2) t',
    );
    expect(capped.params).toEqual(["x", 10_001]);
  });

  it("answers a page with its total, and says when the total is capped", () => {
    expect(pageResult(["a"], 1, { page: 2, pageSize: 25 })).toEqual({
      items: ["a"],
      total: 1,
      page: 2,
      pageSize: 25,
    });
    expect(pageResult([], { total: 10_000, capped: true }, { page: 1, pageSize: 25 })).toEqual({
      items: [],
      total: 10_000,
      totalCapped: true,
      page: 1,
      pageSize: 25,
    });
  });

  it("reads ids in chunks, each only when asked for", async () => {
    const asked: number[][] = [];
    const chunks = inChunks([1, 2, 3, 4, 5], 2, async (ids) => {
      asked.push(ids);
      return ids.map((id) => id * 10);
    });
    expect(asked).toEqual([]);
    const first = await chunks.next();
    expect(first.value).toEqual([10, 20]);
    expect(asked).toEqual([[1, 2]]);
    const rest: number[][] = [];
    for await (const c of chunks) rest.push(c);
    expect(rest).toEqual([[30, 40], [50]]);
    expect(asked).toHaveLength(3);
  });
});

describe("sortBy", () => {
  const allowList = {
    name: sql`lower(${t.name})`,
    at: [{ by: t.at, nulls: "low" as const }],
    lastSeen: [{ by: t.at, nulls: "last" as const }, sql`lower(${t.name})`],
    rank: [
      { by: t.id, direction: "reverse" as const },
      { by: sql`lower(${t.name})`, direction: "asc" as const },
    ],
  };
  const fallback = { key: "name" as const, direction: "asc" as const };
  const order = (key: string | undefined, direction: "asc" | "desc") =>
    render(sortBy(allowList, { key, direction }, fallback, { tieBreak: [{ by: t.id, direction: "asc" }] }))
      .sql;

  it("sorts by the terms of the asked key, then the tie-breaker", () => {
    expect(order("name", "desc")).toBe('lower("t"."name") desc, "t"."id" asc');
    expect(order("name", "asc")).toBe('lower("t"."name") asc, "t"."id" asc');
  });

  it("puts nulls low (first ascending, last descending) or always last", () => {
    expect(order("at", "asc")).toBe('"t"."at" asc nulls first, "t"."id" asc');
    expect(order("at", "desc")).toBe('"t"."at" desc nulls last, "t"."id" asc');
    expect(order("lastSeen", "asc")).toBe('"t"."at" asc nulls last, lower("t"."name") asc, "t"."id" asc');
    expect(order("lastSeen", "desc")).toBe('"t"."at" desc nulls last, lower("t"."name") desc, "t"."id" asc');
  });

  it("reverses a rank and keeps a fixed direction", () => {
    expect(order("rank", "desc")).toBe('"t"."id" asc, lower("t"."name") asc, "t"."id" asc');
    expect(order("rank", "asc")).toBe('"t"."id" desc, lower("t"."name") asc, "t"."id" asc');
  });

  it("falls back to the default sort for a key not on the allow-list", () => {
    expect(order("password", "desc")).toBe('lower("t"."name") asc, "t"."id" asc');
    expect(order("constructor", "desc")).toBe('lower("t"."name") asc, "t"."id" asc');
    expect(order(undefined, "desc")).toBe('lower("t"."name") asc, "t"."id" asc');
  });
});

describe("resolveSort", () => {
  const allowList = {
    at: [{ by: t.at, nulls: "low" as const, notNull: true, type: "timestamp" as const }],
    name: sql`lower(${t.name})`,
    lastSeen: [{ by: t.at, nulls: "last" as const }],
    rank: [{ by: t.id, direction: "reverse" as const }],
  };
  const tieBreak: OrderTerm[] = [{ by: t.id, nulls: "low", notNull: true, type: "integer" }];
  const fallback = { key: "at" as const, direction: "desc" as const };

  it("answers the key and direction it resolved to, and each term's direction and null placement", () => {
    const at = resolveSort(allowList, { key: "at", direction: "asc" }, fallback, { tieBreak });
    expect(at.key).toBe("at");
    expect(at.direction).toBe("asc");
    expect(at.terms.map(({ by: _, ...rest }) => rest)).toEqual([
      { direction: "asc", nulls: "first", nullsWritten: true, notNull: true, type: "timestamp" },
      { direction: "asc", nulls: "first", nullsWritten: true, notNull: true, type: "integer" },
    ]);
    // A bare expression: PostgreSQL's default, nulls high (last ascending, first descending), not written out.
    const name = resolveSort(allowList, { key: "name", direction: "desc" }, fallback);
    expect(name.terms.map((x) => [x.direction, x.nulls, x.nullsWritten, x.notNull])).toEqual([
      ["desc", "first", false, false],
    ]);
    expect(
      resolveSort(allowList, { key: "lastSeen", direction: "desc" }, fallback).terms.map((x) => x.nulls),
    ).toEqual(["last"]);
    expect(
      resolveSort(allowList, { key: "rank", direction: "desc" }, fallback).terms.map((x) => x.direction),
    ).toEqual(["asc"]);
  });

  it("falls back to the default key and direction, and writes the same ORDER BY as sortBy", () => {
    const unknown = resolveSort(allowList, { key: "password", direction: "asc" }, fallback, { tieBreak });
    expect([unknown.key, unknown.direction]).toEqual(["at", "desc"]);
    expect(render(orderByOf(unknown.terms)).sql).toBe('"t"."at" desc nulls last, "t"."id" desc nulls last');
    expect(render(sortBy(allowList, { key: "password", direction: "asc" }, fallback, { tieBreak })).sql).toBe(
      render(orderByOf(unknown.terms)).sql,
    );
  });
});

describe("keysetAfter", () => {
  const term = (by: OrderTerm, direction: "asc" | "desc" = "desc") =>
    resolveSort({ k: [by] }, { key: "k", direction }, { key: "k", direction }).terms[0];
  const at = { by: t.at, nulls: "low" as const, notNull: true };
  const id = { by: t.id, nulls: "low" as const, notNull: true };
  const name = { by: t.name, nulls: "low" as const };
  const resolved = (terms: OrderTerm[], direction: "asc" | "desc") =>
    resolveSort({ k: terms }, { key: "k", direction }, { key: "k", direction }).terms;
  const where = (s: SQL) => dialect.sqlToQuery(s);

  it("compares whole rows when every term is never null and all go one way (an index bound)", () => {
    const desc = where(keysetAfter(resolved([at, id], "desc"), ["2026-03-08T07:30:00.123456+00:00", 42]));
    expect(desc.sql).toBe('("t"."at", "t"."id") < ($1, $2)');
    expect(desc.params).toEqual(["2026-03-08T07:30:00.123456+00:00", 42]);
    expect(where(keysetAfter(resolved([at, id], "asc"), ["2026-03-08T07:30:00Z", 42])).sql).toBe(
      '("t"."at", "t"."id") > ($1, $2)',
    );
    expect(where(keysetAfter(resolved([id], "desc"), [7])).sql).toBe('("t"."id") < ($1)');
  });

  it("expands term by term when a term may be null, nulls low: after the last non-null come the nulls (desc)", () => {
    const desc = where(keysetAfter(resolved([name, id], "desc"), ["kim", 9]));
    expect(desc.sql).toBe('(("t"."name" < $1 or "t"."name" is null) or ("t"."name" = $2 and "t"."id" < $3))');
    expect(desc.params).toEqual(["kim", "kim", 9]);
    // Ascending, nulls come first: a non-null value is passed only by greater ones.
    expect(where(keysetAfter(resolved([name, id], "asc"), ["kim", 9])).sql).toBe(
      '("t"."name" > $1 or ("t"."name" = $2 and "t"."id" > $3))',
    );
    // The last row had no name: descending, only nulls with a smaller id follow; ascending, every named row too.
    expect(where(keysetAfter(resolved([name, id], "desc"), [null, 9])).sql).toBe(
      '("t"."name" is null and "t"."id" < $1)',
    );
    expect(where(keysetAfter(resolved([name, id], "asc"), [null, 9])).sql).toBe(
      '("t"."name" is not null or ("t"."name" is null and "t"."id" > $1))',
    );
  });

  it("expands term by term when the terms go different ways", () => {
    const mixed = [term(id, "desc"), { ...term(at, "asc") }];
    expect(where(keysetAfter(mixed, [3, "2026-01-01T00:00:00+00:00"])).sql).toBe(
      '("t"."id" < $1 or ("t"."id" = $2 and "t"."at" > $3))',
    );
  });

  it("refuses values that do not match the terms (a bug, not a request)", () => {
    expect(() => keysetAfter(resolved([at, id], "desc"), [1])).toThrow(/1 values for 2 sort terms/);
  });
});

describe("keysetAfter on a database", () => {
  // Every row, then each row's cursor: the rows after it must be exactly the rest of the order, for every null
  // placement and direction, with ties and nulls in each term.
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`create table t (id serial primary key, name text, at timestamptz);
      insert into t (name, at) values
        ('b', '2026-01-01 10:00:00.000001+00'), ('b', '2026-01-01 10:00:00.000002+00'), (null, null),
        ('a', null), (null, '2026-01-01 10:00:00.000001+00'), ('b', '2026-01-01 10:00:00.000001+00'),
        ('c', '2025-12-31 23:59:59.999999+00'), (null, null), ('a', '2026-01-01 10:00:00.000002+00'),
        ('c', null), ('b', null), ('a', '2026-01-01 10:00:00.000001+00');`);
  });
  afterAll(() => db?.close());

  const id = { by: t.id, nulls: "low" as const, notNull: true };
  const shapes: Record<string, OrderTerm[]> = {
    "nulls low": [{ by: t.name, nulls: "low" }, { by: t.at, nulls: "low" }, id],
    "nulls last": [{ by: t.name, nulls: "last" }, { by: t.at, nulls: "last" }, id],
    "PostgreSQL's default": [t.name, t.at, t.id],
    "a reversed term": [{ by: t.name, direction: "reverse" }, { by: t.at, nulls: "low" }, id],
    "a fixed direction": [{ by: t.at, direction: "asc" }, t.name, id],
  };

  for (const [shape, terms] of Object.entries(shapes)) {
    for (const direction of ["asc", "desc"] as const) {
      it(`gives the rest of the order after each row: ${shape}, ${direction}`, async () => {
        const sort = resolveSort({ k: terms }, { key: "k", direction }, { key: "k", direction });
        const run = async (where?: SQL) => {
          const q = dialect.sqlToQuery(
            sql`select ${t.id} as id, ${sortValuesOf(sort.terms)} as v from ${t} ${where ? sql`where ${where}` : sql``} order by ${sql.join(orderByOf(sort.terms), sql`, `)}`,
          );
          return (await db.query<{ id: number; v: SortValue[] }>(q.sql, q.params)).rows;
        };
        const all = await run();
        expect(all).toHaveLength(12);
        for (const [i, row] of all.entries()) {
          const rest = await run(keysetAfter(sort.terms, row.v));
          expect(
            rest.map((r) => r.id),
            `after row ${row.id} ${JSON.stringify(row.v)}`,
          ).toEqual(all.slice(i + 1).map((r) => r.id));
        }
      });
    }
  }

  it("reads timestamps with their microseconds", async () => {
    const sort = resolveSort(
      { k: [{ by: t.at, nulls: "low" }, id] },
      { key: "k", direction: "desc" },
      {
        key: "k",
        direction: "desc",
      },
    );
    const q = dialect.sqlToQuery(sql`select ${sortValuesOf(sort.terms)} as v from ${t} where ${t.id} = 2`);
    expect((await db.query<{ v: SortValue[] }>(q.sql, q.params)).rows[0].v).toEqual([
      "2026-01-01T10:00:00.000002+00:00",
      2,
    ]);
  });
});

describe("cursors", () => {
  const sort = resolveSort(
    {
      name: [
        { by: t.name, nulls: "low", type: "text" },
        { by: t.at, nulls: "low", notNull: true, type: "timestamp" },
        { by: t.id, nulls: "low", notNull: true, type: "integer" },
      ],
    },
    { key: "name", direction: "asc" },
    { key: "name", direction: "asc" },
  );
  const values: SortValue[] = ["garcía 😀", "2026-03-08T07:30:00.123456+00:00", 42];
  const expectRefused = (f: () => unknown, message: RegExp) => {
    let error: unknown;
    try {
      f();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toMatch(message);
    expect(Object.keys((error as AppError).errors ?? {})).toEqual(["body.after"]);
    return error as AppError;
  };
  const raw = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

  it("writes base64url JSON and reads it back for the same sort", () => {
    const c = encodeCursor({ key: "name", direction: "asc", values });
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(c, "base64url").toString())).toEqual({
      v: 1,
      key: "name",
      dir: "asc",
      after: values,
    });
    expect(decodeCursor(c, sort)).toEqual({ key: "name", direction: "asc", values });
    expect(decodeCursor(c, { key: "name", direction: "asc", count: 3 }).values).toEqual(values);
    const nulls = encodeCursor({ key: "name", direction: "asc", values: [null, values[1], 7] });
    expect(decodeCursor(nulls, sort).values).toEqual([null, values[1], 7]);
  });

  it("refuses a cursor made for another sort, saying to start again", () => {
    const byName = encodeCursor({ key: "name", direction: "asc", values });
    const e = expectRefused(
      () => decodeCursor(byName, { ...sort, direction: "desc" }),
      /^This cursor belongs to another search order; start again from the first page\.$/,
    );
    expect(e.errors).toEqual({
      "body.after": ["Made for another sort order; start again from the first page."],
    });
    expectRefused(() => decodeCursor(byName, { ...sort, key: "at" }), /another search order/);
  });

  it("refuses a cursor that is not one, whatever it holds", () => {
    const good = encodeCursor({ key: "name", direction: "asc", values });
    const garbage = [
      "",
      "not a cursor!",
      "%%%",
      good.slice(0, -3),
      `${good}A`,
      "bm90IGpzb24", // "not json"
      raw([1, 2, 3]),
      raw(null),
      raw({ v: 2, key: "name", dir: "asc", after: values }),
      raw({ v: 1, key: "name", dir: "up", after: values }),
      raw({ v: 1, key: "name", dir: "asc", after: "x" }),
      raw({ v: 1, key: "name", dir: "asc", after: values.slice(1) }),
      raw({ v: 1, key: "name", dir: "asc", after: [...values, 1] }),
      raw({ v: 1, key: "name", dir: "asc", after: ["a", "yesterday", 42] }),
      raw({ v: 1, key: "name", dir: "asc", after: ["a", "2026-02-30T00:00:00+00:00", 42] }),
      raw({ v: 1, key: "name", dir: "asc", after: ["a", values[1], "42"] }),
      raw({ v: 1, key: "name", dir: "asc", after: ["a", values[1], 4.5] }),
      raw({ v: 1, key: "name", dir: "asc", after: ["a", values[1], 2 ** 60] }),
      raw({ v: 1, key: "name", dir: "asc", after: ["a", values[1], null] }),
      raw({ v: 1, key: "name", dir: "asc", after: ["a\u0000b", values[1], 1] }),
      raw({ v: 1, key: "name", dir: "asc", after: ["\ud800", values[1], 1] }),
      raw({ v: 1, key: "name", dir: "asc", after: [{ $gt: "" }, values[1], 1] }),
      raw({ v: 1, key: "name", dir: "asc", after: [["a"], values[1], 1] }),
    ];
    for (const text of garbage) {
      expectRefused(() => decodeCursor(text, sort), /^This cursor is not one a search gave/);
    }
  });
});

describe("tenantDateRange", () => {
  const newYork = { timeZone: "America/New_York", firstDayOfWeek: null };
  const now = new Date("2026-03-18T15:00:00Z"); // a Wednesday

  it("turns local dates into instants in the organization's zone, either end open", () => {
    expect(tenantDateRange(newYork, { startDate: "2026-03-01", endDate: "2026-03-08" }, now)).toEqual({
      start: new Date("2026-03-01T05:00:00Z"),
      // The day after the end date, after the change to summer time.
      end: new Date("2026-03-09T04:00:00Z"),
    });
    expect(tenantDateRange(newYork, { startDate: "2026-03-01" }, now)).toEqual({
      start: new Date("2026-03-01T05:00:00Z"),
      end: null,
    });
    expect(tenantDateRange(newYork, { endDate: "2026-03-01" }, now)).toEqual({
      start: null,
      end: new Date("2026-03-02T05:00:00Z"),
    });
  });

  it("resolves a named range with the organization's first day of week", () => {
    expect(tenantDateRange(newYork, { dateRange: 1 }, now)).toEqual({
      start: new Date("2026-03-18T04:00:00Z"),
      end: new Date("2026-03-19T04:00:00Z"),
    });
    // This Week: from Monday by default, from Sunday when the organization says so.
    expect(tenantDateRange(newYork, { dateRange: 3 }, now)?.start).toEqual(new Date("2026-03-16T04:00:00Z"));
    expect(tenantDateRange({ ...newYork, firstDayOfWeek: 0 }, { dateRange: 3 }, now)?.start).toEqual(
      new Date("2026-03-15T04:00:00Z"),
    );
    expect(tenantDateRange(newYork, {}, now)).toBeUndefined();
  });

  it("refuses a start after the end", () => {
    expect(() => tenantDateRange(newYork, { startDate: "2026-03-09", endDate: "2026-03-08" }, now)).toThrow(
      "The start date 2026-03-09 is after the end date 2026-03-08.",
    );
  });

  it("keeps a column within a range", () => {
    const range = { start: new Date("2026-03-01T05:00:00Z"), end: null };
    const q = render(withinRange(t.at, range));
    expect(q.sql).toBe('"t"."at" >= $1');
    expect(withinRange(t.at, undefined)).toEqual([]);
    expect(render(withinRange(t.at, { start: range.start, end: range.start })).sql).toBe(
      '"t"."at" >= $1, "t"."at" < $2',
    );
  });
});
