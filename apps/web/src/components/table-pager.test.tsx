import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../test/render";
import { rangeLabel, TablePager, type TablePagerProps } from "./table-pager";

const renderPager = (props: Partial<TablePagerProps> = {}) =>
  renderWithMantine(
    <TablePager
      total={120}
      page={1}
      pageSize={50}
      onPageChange={() => {}}
      pageSizes={[25, 50, 100, 200]}
      {...props}
    />,
  );

describe("rangeLabel", () => {
  it("names the rows on screen, the last page's short, and says when there are none", () => {
    expect(rangeLabel(2, 25, 1234)).toBe("26–50 of 1,234");
    expect(rangeLabel(3, 50, 120)).toBe("101–120 of 120");
    expect(rangeLabel(1, 25, 0)).toBe("No results");
  });
});

describe("TablePager", () => {
  it("shows the range and the current page, and changes the page by click and by keyboard", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderPager({ page: 2, onPageChange });
    expect(screen.getByText("51–100 of 120")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

    await user.click(screen.getByRole("button", { name: "Page 3" }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);

    screen.getByRole("button", { name: "Next page" }).focus();
    await user.keyboard("{Enter}");
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it("changes the page size from the sizes it is given", async () => {
    const user = userEvent.setup();
    const onPageSizeChange = vi.fn();
    renderPager({ onPageSizeChange });
    const select = screen.getByRole("combobox", { name: "Rows per page" }) as HTMLInputElement;
    expect(select.value).toBe("50");

    await user.click(select);
    const list = await waitFor(() => {
      const el = document.getElementById(select.getAttribute("aria-controls") ?? "");
      if (!el || within(el).queryAllByRole("option", { hidden: true }).length === 0)
        throw new Error("The sizes did not open");
      return el;
    });
    const sizes = within(list)
      .getAllByRole("option", { hidden: true })
      .map((o) => o.textContent);
    expect(sizes).toEqual(["25", "50", "100", "200"]);
    await user.click(within(list).getByRole("option", { name: "100", hidden: true }));
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });

  it("offers no page size without a handler, and no page buttons for a single page", () => {
    renderPager({ total: 20 });
    expect(screen.getByText("1–20 of 20")).toBeTruthy();
    expect(screen.queryByLabelText("Rows per page")).toBeNull();
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
  });

  it("says it is loading until the first page's count arrives", () => {
    renderPager({ total: undefined });
    expect(screen.getByText("Loading…")).toBeTruthy();
  });

  it("says it is loading while the table loads its first page, even with a count", () => {
    renderPager({ loading: true });
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(screen.queryByText("1–50 of 120")).toBeNull();
  });

  it("keeps the page it shows within the pages there are when the total shrinks", () => {
    renderPager({ page: 5, total: 60 });
    expect(screen.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("51–60 of 60")).toBeTruthy();
  });

  it("keeps a way back to the rows from a page past the last, even when one page is left", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderPager({ page: 3, total: 20, onPageChange });
    expect(screen.getByText("1–20 of 20")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Page 1" }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it("shows no lone page button while the count it would go by is loading", () => {
    renderPager({ page: 3, total: undefined });
    expect(screen.queryByRole("button", { name: "Page 1" })).toBeNull();
  });

  it("without the range, shows the page buttons alone, and nothing for a single page", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const { unmount } = renderPager({ withRange: false, onPageChange, onPageSizeChange: () => {} });
    expect(screen.queryByText("1–50 of 120")).toBeNull();
    expect(screen.queryByLabelText("Rows per page")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    unmount();

    const { container } = renderPager({ withRange: false, total: 20 });
    expect(screen.queryByRole("button", { name: "Page 1" })).toBeNull();
    expect(container.querySelector(".mantine-Group-root")).toBeNull();
  });

  it("draws the rule above it as a table's footer, and none when it stands bare under a list", () => {
    const { container, unmount } = renderPager();
    expect(container.querySelector('[style*="border-top"]')).not.toBeNull();
    unmount();
    const bare = renderPager({ bare: true });
    expect(screen.getByText("1–50 of 120")).toBeTruthy();
    expect(bare.container.querySelector('[style*="border-top"]')).toBeNull();
  });
});
