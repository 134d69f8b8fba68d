import type { StoreOption } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keyOf } from "../lib/queries";
import { session } from "../lib/session";
import { demoUser } from "../test/fixtures";
import { mockApi, optionSearch } from "../test/mock-api";
import { renderWithQueries } from "../test/render";
import { SearchMultiSelect } from "./search-multi-select";
import { SearchSelect } from "./search-select";

const STORES = "POST /api/app/lookup-list/stores/search";
const store = (id: number, name = `Store ${String(id).padStart(2, "0")}`): StoreOption => ({
  id,
  name,
  address: null,
  city: null,
  organizationTerritoryId: id % 2 ? 1 : 2,
  organizationId: 7,
  isActive: id !== 60,
  brandId: null,
});
// 60 stores: 59 active, the last one inactive; one of them in Wayne.
const all = Array.from({ length: 60 }, (_, i) => (i === 41 ? store(42, "Costco Wayne") : store(i + 1)));

const fetchMock = vi.fn<typeof fetch>();
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set(demoUser);
  api = mockApi(fetchMock, { [STORES]: optionSearch(() => all) });
});
afterEach(() => vi.unstubAllGlobals());

/** The options of the list the input controls (the dropdown is in a portal). */
function options(input: HTMLElement) {
  const list = document.getElementById(input.getAttribute("aria-controls") ?? "");
  return list ? within(list).queryAllByRole("option", { hidden: true }) : [];
}
const texts = (input: HTMLElement) => options(input).map((o) => o.textContent);

function Single({
  initial = null,
  onChange,
}: {
  initial?: number | null;
  onChange?: (id: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <SearchSelect
      endpoint={appApi.storeOptions}
      label="Store"
      placeholder="Choose the store"
      clearable
      value={value}
      onChange={(id, item) => {
        setValue(id);
        onChange?.(id);
        if (id !== null) expect(item?.id).toBe(id);
      }}
    />
  );
}

function Multi({ initial, onChange }: { initial: number[]; onChange?: (ids: number[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <SearchMultiSelect
      endpoint={appApi.storeOptions}
      filters={{ includeInactive: true }}
      label="Stores"
      placeholder="Any store"
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange?.(ids);
      }}
    />
  );
}

describe("SearchSelect", () => {
  it("asks for nothing until opened, then shows the first page and how many more there are", async () => {
    const user = userEvent.setup();
    renderWithQueries(<Single />);
    const input = screen.getByRole("combobox", { name: "Store" });
    expect(api.bodies(STORES)).toEqual([]);
    // Nothing is loading while closed (a page waiting on aria-busy would wait forever).
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();

    await user.click(input);
    await waitFor(() => expect(options(input)).toHaveLength(25));
    expect(api.bodies(STORES)).toEqual([{ page: 1, pageSize: 25 }]);
    expect(texts(input)[0]).toBe("Store 01");
    // 59 active stores, 25 shown.
    expect(screen.getByText("Type to narrow: 34 more")).toBeTruthy();
  });

  it("sends the typed words once typing pauses, not each key, and picks with the mouse", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithQueries(<Single onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "Store" });
    await user.click(input);
    await waitFor(() => expect(options(input)).toHaveLength(25));

    await user.type(input, "wayne");
    await waitFor(() => expect(texts(input)).toEqual(["Costco Wayne"]));
    const searches = api.bodies(STORES).map((b) => b.search);
    expect(searches).toEqual([undefined, "wayne"]);
    expect(screen.queryByText(/Type to narrow/)).toBeNull();

    await user.click(options(input)[0]);
    expect(onChange).toHaveBeenLastCalledWith(42);
    expect((input as HTMLInputElement).value).toBe("Costco Wayne");
    // The name came with the page: no call to name the chosen store.
    expect(api.bodies(STORES).some((b) => b.ids)).toBe(false);
  });

  it("says so when nothing matches", async () => {
    const user = userEvent.setup();
    renderWithQueries(<Single />);
    const input = screen.getByRole("combobox", { name: "Store" });
    await user.click(input);
    await user.type(input, "zzz");
    expect(await screen.findByText("Nothing matches “zzz”")).toBeTruthy();
    expect(options(input)).toEqual([]);
  });

  it("names a saved store with one call by id, and is used with the keyboard", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { queryClient } = renderWithQueries(<Single initial={42} onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "Store" }) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe("Costco Wayne"));
    const idsBody = { ids: [42], includeInactive: true, page: 1, pageSize: 1 };
    expect(api.bodies(STORES)).toEqual([idsBody]);
    // Cached under the endpoint's key, so another screen naming the same store asks nothing.
    expect(queryClient.getQueryData(keyOf(appApi.storeOptions, { body: idsBody }))).toMatchObject({
      items: [{ id: 42, name: "Costco Wayne" }],
    });

    // Tab in opens the list; typing narrows it; Enter picks the first match.
    await user.tab();
    await waitFor(() => expect(options(input)).toHaveLength(25));
    await user.clear(input);
    await user.type(input, "store 07");
    await waitFor(() => expect(texts(input)).toEqual(["Store 07"]));
    await user.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(7);
    expect(input.value).toBe("Store 07");

    // Escape closes the list and the field keeps the chosen name.
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(options(input).length).toBeGreaterThan(0));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(input.getAttribute("aria-expanded")).toBe("false"));
    expect(input.value).toBe("Store 07");
  });
});

describe("SearchMultiSelect", () => {
  it("names the chosen ids with one call, toggles an option, and Backspace removes the last one", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithQueries(<Multi initial={[60, 3]} onChange={onChange} />);
    // The inactive store 60 and store 3, named by one call (ids sorted) before anything is opened.
    await screen.findByText("Store 60");
    expect(screen.getByText("Store 03")).toBeTruthy();
    expect(api.bodies(STORES)).toEqual([{ ids: [3, 60], includeInactive: true, page: 1, pageSize: 2 }]);

    const input = screen.getByRole("combobox", { name: "Stores" });
    await user.click(input);
    await waitFor(() => expect(options(input)).toHaveLength(25));
    expect(api.bodies(STORES).at(-1)).toEqual({ includeInactive: true, page: 1, pageSize: 25 });
    // The chosen ones are marked.
    const third = options(input)[2];
    expect(third.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("Type to narrow: 35 more")).toBeTruthy();

    await user.click(options(input)[4]);
    expect(onChange).toHaveBeenLastCalledWith([60, 3, 5]);
    await user.click(options(input)[2]);
    expect(onChange).toHaveBeenLastCalledWith([60, 5]);
    await user.keyboard("{Backspace}");
    expect(onChange).toHaveBeenLastCalledWith([60]);
    // Names come from what was already read: still one call by ids.
    expect(api.bodies(STORES).filter((b) => b.ids)).toHaveLength(1);
  });
});
