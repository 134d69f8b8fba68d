import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../test/render";
import {
  choiceParam,
  dateParam,
  flagParam,
  idsParam,
  intParam,
  type ListParams,
  named,
  optionalChoiceParam,
  type SetListParams,
  switchParam,
  textParam,
  textsParam,
  useListParams,
} from "./list-params";

const CODECS = {
  page: intParam(1),
  pageSize: named("size", intParam(25, 1, 200)),
  sortDirection: named("dir", choiceParam(["asc", "desc"] as const, "desc")),
  range: optionalChoiceParam(["1", "custom"] as const),
  from: dateParam(),
  territoryIds: named("territory", idsParam()),
  sources: textsParam(),
  text: named("q", textParam()),
  deleted: switchParam(),
  isActive: flagParam(true),
  lead: intParam(0),
};

let current: { params: ListParams<typeof CODECS>; set: SetListParams<typeof CODECS> };
function Probe() {
  const [params, set] = useListParams(CODECS);
  current = { params, set };
  return <p>page {params.page}</p>;
}

const start = (path: string) => renderRoutes([{ path: "/list", Component: Probe }], path).router;

describe("useListParams", () => {
  it("reads each setting under its name in the address, defaults for what is missing or unreadable", async () => {
    start(
      "/list?size=500&dir=up&territory=3,4&territory=9&sources=qr&q=smith&deleted=1&from=2026-13&range=custom",
    );
    await screen.findByText("page 1");
    expect(current.params).toEqual({
      page: 1,
      pageSize: 200, // at most 200
      sortDirection: "desc", // "up" is no direction
      range: "custom",
      from: null, // not a date
      territoryIds: [3, 4, 9], // repeated and comma-separated both read
      sources: ["qr"],
      text: "smith",
      deleted: true,
      isActive: true,
      lead: 0,
    });
  });

  it("writes changes under their names, leaves defaults out, and goes back to page 1 unless told", async () => {
    const router = start("/list?page=3&other=kept");
    await screen.findByText("page 3");
    act(() => current.set({ territoryIds: [1, 2], text: "ana", deleted: true, pageSize: 50 }));
    await screen.findByText("page 1");
    const params = new URLSearchParams(router.state.location.search);
    expect(params.getAll("territory")).toEqual(["1", "2"]);
    expect(params.get("q")).toBe("ana");
    expect(params.get("deleted")).toBe("1");
    expect(params.get("size")).toBe("50");
    expect(params.has("page")).toBe(false);
    expect(params.get("other")).toBe("kept");

    act(() => current.set({ page: 4 }));
    await screen.findByText("page 4");
    // Opening something on the page keeps the page and adds a history entry.
    const before = router.state.historyAction;
    act(() => current.set({ lead: 12 }, { push: true, keepPage: true }));
    await screen.findByText("page 4");
    expect(new URLSearchParams(router.state.location.search).get("lead")).toBe("12");
    expect(router.state.historyAction).toBe("PUSH");
    expect(before).not.toBe("PUSH");

    act(() => current.set({ text: "", deleted: false, territoryIds: [], lead: 0 }, { keepPage: true }));
    await screen.findByText("page 4");
    expect(router.state.location.search).toBe("?other=kept&size=50&page=4");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("builds a write from an older render's setter on the address as it is now", async () => {
    const router = start("/list");
    await screen.findByText("page 1");
    // A debounced search keeps the setter of the render it was typed in...
    const stale = current.set;
    // ...a row is opened meanwhile...
    act(() => current.set({ lead: 7 }, { push: true, keepPage: true }));
    await screen.findByText("page 1");
    expect(new URLSearchParams(router.state.location.search).get("lead")).toBe("7");
    // ...and the search, written late through the old setter, keeps the opened row.
    act(() => stale({ text: "smith" }));
    await screen.findByText("page 1");
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("q")).toBe("smith");
    expect(params.get("lead")).toBe("7");
  });
});
