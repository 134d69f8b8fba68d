import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { leadOrder } from "./leads-search.repository";

const dialect = new PgDialect();
const render = (parts: ReturnType<typeof leadOrder>) =>
  dialect.sqlToQuery(sql.join(parts, sql`, `)).sql.replaceAll('"leads".', "");

describe("leadOrder", () => {
  it("sorts by name in the order of the name sort indexes, then capture time and id", () => {
    expect(render(leadOrder({ key: "lastName", direction: "asc" }))).toBe(
      'lower("last_name") asc nulls first, "captured_at" asc nulls first, "id" asc nulls first',
    );
    expect(render(leadOrder({ key: "firstName", direction: "desc" }))).toBe(
      'lower("first_name") desc nulls last, "captured_at" desc nulls last, "id" desc nulls last',
    );
  });

  it("keeps a text search off the name sort indexes (same order, an expression no index matches)", () => {
    expect(render(leadOrder({ key: "lastName", direction: "asc" }, { textSearch: true }))).toBe(
      `(lower("last_name") || '') asc nulls first, "captured_at" asc nulls first, "id" asc nulls first`,
    );
    // Capture-time order is untouched by a text search.
    expect(render(leadOrder({ key: "capturedAt", direction: "desc" }, { textSearch: true }))).toBe(
      '"captured_at" desc nulls last, "id" desc nulls last',
    );
  });
});
