import { notifications } from "@mantine/notifications";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api-error";
import { renderWithMantine } from "../test/render";
import { EXPORT_NAME, ExportButtons, type ExportFormat } from "./export-buttons";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A download the test finishes by hand. */
function pending() {
  let finish: (name: string) => void = () => {};
  let fail: (err: unknown) => void = () => {};
  const promise = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const button = (format: ExportFormat) =>
  screen.getByRole("button", { name: EXPORT_NAME[format] }) as HTMLButtonElement;

describe("ExportButtons", () => {
  it("exports in the chosen format, holds the other button meanwhile, and says what was saved", async () => {
    const shown = vi.spyOn(notifications, "show").mockReturnValue("id");
    const downloads: ReturnType<typeof pending>[] = [];
    const onExport = vi.fn((_format: ExportFormat) => {
      downloads.push(pending());
      return downloads[downloads.length - 1].promise;
    });
    const user = userEvent.setup();
    renderWithMantine(<ExportButtons onExport={onExport} />);
    expect(screen.getByText("CSV")).toBeTruthy();
    expect(screen.getByText("Excel")).toBeTruthy();

    await user.click(button("xlsx"));
    expect(onExport).toHaveBeenLastCalledWith("xlsx");
    // While the workbook downloads, CSV waits and the Excel button shows it is busy.
    await waitFor(() => expect(button("csv").disabled).toBe(true));
    expect(button("xlsx").getAttribute("data-loading")).toBe("true");

    downloads[0].finish("internal-leads-2026-05-01.xlsx");
    await waitFor(() => expect(button("csv").disabled).toBe(false));
    expect(shown).toHaveBeenLastCalledWith({
      color: "teal",
      message: "internal-leads-2026-05-01.xlsx was downloaded.",
    });

    await user.click(button("csv"));
    expect(onExport).toHaveBeenLastCalledWith("csv");
    downloads[1].finish("internal-leads-2026-05-01.csv");
    await waitFor(() =>
      expect(shown).toHaveBeenLastCalledWith({
        color: "teal",
        message: "internal-leads-2026-05-01.csv was downloaded.",
      }),
    );
    expect(onExport).toHaveBeenCalledTimes(2);
  });

  it("tells the server's reason when an export fails, and lets the person try again", async () => {
    const shown = vi.spyOn(notifications, "show").mockReturnValue("id");
    const onExport = vi.fn(async () => {
      throw new ApiError({ status: 400, message: "Narrow the search: 100,000 rows at most." });
    });
    const user = userEvent.setup();
    renderWithMantine(<ExportButtons onExport={onExport} />);

    await user.click(button("csv"));
    await waitFor(() =>
      expect(shown).toHaveBeenLastCalledWith({
        color: "red",
        title: "Could not export",
        message: "Narrow the search: 100,000 rows at most.",
      }),
    );
    expect(button("csv").disabled).toBe(false);
    expect(button("xlsx").disabled).toBe(false);
  });

  it("is disabled when there is nothing to export", async () => {
    const onExport = vi.fn(async () => "x.csv");
    const user = userEvent.setup();
    renderWithMantine(<ExportButtons onExport={onExport} disabled />);
    expect(button("csv").disabled).toBe(true);
    expect(button("xlsx").disabled).toBe(true);
    await user.click(button("csv")).catch(() => {});
    expect(onExport).not.toHaveBeenCalled();
  });
});
