import { Box, Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileSpreadsheet, IconFileTypeXls } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../lib/api-error";

/** The files a list downloads as: CSV, or an Excel workbook. */
export type ExportFormat = "csv" | "xlsx";

/** The accessible name of an export button, whatever the width of the screen. */
export const EXPORT_NAME = { csv: "Export CSV", xlsx: "Export Excel (.xlsx)" } as const;

/** An export button's text: "Export CSV", "Export Excel (.xlsx)"; on a phone "CSV", "Excel", side by side. */
function ExportLabel({ format }: { format: ExportFormat }) {
  const wide = (text: string) => (
    <Box component="span" visibleFrom="xs">
      {text}
    </Box>
  );
  return format === "csv" ? (
    <>{wide("Export\u00a0")}CSV</>
  ) : (
    <>
      {wide("Export\u00a0")}Excel{wide("\u00a0(.xlsx)")}
    </>
  );
}

const ICON = { csv: IconFileSpreadsheet, xlsx: IconFileTypeXls } as const;

/**
 * The export buttons of every list: CSV and Excel, side by side. `onExport` downloads the whole list (every
 * page, the same filters and sort) in that format and answers the saved file's name; while one runs, its button
 * spins and the other waits; the outcome is told in a notification.
 */
export function ExportButtons({
  onExport,
  disabled = false,
}: {
  onExport: (format: ExportFormat) => Promise<string>;
  /** Nothing to export (no rows, or the list is still loading). */
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const name = await onExport(format);
      notifications.show({ color: "teal", message: `${name} was downloaded.` });
    } catch (err) {
      notifications.show({ color: "red", title: "Could not export", message: errorMessage(err) });
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      {(["csv", "xlsx"] as const).map((format) => {
        const Icon = ICON[format];
        return (
          <Button
            key={format}
            variant="default"
            leftSection={<Icon size={16} />}
            aria-label={EXPORT_NAME[format]}
            onClick={() => run(format)}
            loading={exporting === format}
            disabled={disabled || (exporting !== null && exporting !== format)}
          >
            <ExportLabel format={format} />
          </Button>
        );
      })}
    </>
  );
}
