import { type SQL, sql } from "drizzle-orm";
import { PgDialect, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import {
  countQuery,
  inChunks,
  likePattern,
  pageOf,
  pageResult,
  searchWords,
  sortBy,
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
