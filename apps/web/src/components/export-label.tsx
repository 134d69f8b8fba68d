import { Box } from "@mantine/core";

/** The accessible name of an export button, whatever the width of the screen. */
export const EXPORT_NAME = { csv: "Export CSV", xlsx: "Export Excel (.xlsx)" } as const;

/** An export button's text: "Export CSV", "Export Excel (.xlsx)"; on a phone "CSV", "Excel", side by side. */
export function ExportLabel({ format }: { format: keyof typeof EXPORT_NAME }) {
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
