import { LOOKUP_LIST_KEYS, type LookupList } from "@fieldlead/contracts";
import type { Mock } from "vitest";
import { jsonResponse } from "./render";

export type MockRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (req: MockRequest) => Response | unknown | Promise<Response | unknown>;

/**
 * Answers a mocked fetch by "METHOD /path" (query string ignored for matching); a handler returns a
 * Response or any value (sent as JSON 200). Unknown calls answer 404 so a test sees what it forgot.
 */
export function mockApi(fetchMock: Mock<typeof fetch>, routes: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" && init.body ? JSON.parse(init.body) : undefined;
    const req = { method, path: decodeURIComponent(url.pathname), query: url.searchParams, body };
    calls.push(req);
    const handler = routes[`${method} ${req.path}`];
    if (!handler)
      return jsonResponse(
        { status: 404, title: "Not Found", message: `No mock for ${method} ${req.path}` },
        404,
      );
    const out = await handler(req);
    return out instanceof Response ? out : jsonResponse(out);
  });
  return {
    calls,
    /** The bodies sent to one route, oldest first. */
    bodies: (route: string) =>
      calls.filter((c) => `${c.method} ${c.path}` === route).map((c) => c.body as Record<string, unknown>),
  };
}

/** A problem response as the server sends it. */
export const problem = (status: number, message: string, errors?: Record<string, string[]>) =>
  jsonResponse(
    { type: "about:blank", title: "Error", status, message, errors },
    status,
    "application/problem+json",
  );

/** A lookup list with every key empty but those given. */
export function lookupListOf(parts: Partial<LookupList>): LookupList {
  const empty = Object.fromEntries(LOOKUP_LIST_KEYS.map((k) => [k, []])) as unknown as LookupList;
  return { ...empty, ...parts };
}

type OptionLike = {
  id: number;
  name: string;
  isActive?: boolean;
  organizationTerritoryId?: number | null;
  organizationsTerritoryIds?: number[];
};

/**
 * A mocked store or lead generator search (`appApi.storeOptions`, `appApi.leadGeneratorOptions`) over a list, as
 * the server answers it: exactly `ids`, or the words of the name, the territories, active ones unless asked
 * otherwise, a page at a time.
 */
export function optionSearch<T extends OptionLike>(all: () => readonly T[]) {
  return ({ body }: MockRequest) => {
    const b = (body ?? {}) as {
      ids?: number[];
      search?: string;
      territoryIds?: number[];
      includeInactive?: boolean;
      page?: number;
      pageSize?: number;
    };
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 25;
    const words = (b.search ?? "").toLowerCase();
    const matches = all().filter((o) => {
      if (b.ids) return b.ids.includes(o.id);
      if (!b.includeInactive && o.isActive === false) return false;
      if (words && !o.name.toLowerCase().includes(words)) return false;
      if (b.territoryIds?.length) {
        const theirs = o.organizationsTerritoryIds ?? [o.organizationTerritoryId];
        if (!theirs.some((t) => t != null && b.territoryIds?.includes(t))) return false;
      }
      return true;
    });
    return {
      items: matches.slice((page - 1) * pageSize, page * pageSize),
      total: matches.length,
      page,
      pageSize,
    };
  };
}
