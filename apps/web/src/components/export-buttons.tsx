import { Box, Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileSpreadsheet, IconFileTypeXls, IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../lib/api-error";

/** The files a list downloads as: CSV, an Excel workbook, or a PDF to print. */
export type ExportFormat = "csv" | "xlsx" | "pdf";

/** The accessible name of an export button, whatever the width of the screen. */
export const EXPORT_NAME = { csv: "Export CSV", xlsx: "Export Excel (.xlsx)", pdf: "Print (PDF)" } as const;

/** An export button's text: "Export CSV", "Export Excel (.xlsx)", "Print"; on a phone "CSV", "Excel", "Print". */
function ExportLabel({ format }: { format: ExportFormat }) {
  if (format === "pdf") return <>Print</>;
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

const ICON = { csv: IconFileSpreadsheet, xlsx: IconFileTypeXls, pdf: IconPrinter } as const;

/**
 * The export buttons of every list: CSV and Excel (or the `formats` a list offers), side by side. `onExport`
 * downloads the whole list (every page, the same filters and sort) in that format and answers the saved file's
 * name; while one runs, its button spins and the others wait; the outcome is told in a notification.
 */
export function ExportButtons<F extends ExportFormat = "csv" | "xlsx">({
  onExport,
  disabled = false,
  formats = ["csv", "xlsx"] as F[],
}: {
  onExport: (format: F) => Promise<string>;
  /** The files offered, in order (default CSV and Excel). */
  formats?: readonly F[];
  /** Nothing to export (no rows, or the list is still loading). */
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState<F | null>(null);

  const run = async (format: F) => {
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
      {formats.map((format) => {
        const Icon: (typeof ICON)[ExportFormat] = ICON[format];
        return (
          <Button
            key={format}
            variant="default"
            leftSection={<Icon size={16} aria-hidden />}
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
