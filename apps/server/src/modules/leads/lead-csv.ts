import { Readable } from "node:stream";
import { LEAD_SOURCES, type LeadListItem, REJECTION_REASONS } from "@fieldlead/contracts";
import { xlsxWriter } from "../../platform/xlsx";

export type CsvFile = { kind: "csv"; filename: string; body: Readable };
export type XlsxFile = { kind: "xlsx"; filename: string; body: Buffer };
/** A search exported as a download: CSV streamed as it is read, or a finished XLSX workbook. */
export type ExportFile = CsvFile | XlsxFile;
export type ExportFormat = ExportFile["kind"];
type Cell = string | number | null | undefined;
export type CsvColumn<T> = { header: string; value: (row: T) => Cell };

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ (a spreadsheet formula)
 * is neutralized with an apostrophe, so an export opened in Excel never runs what a shopper typed.
 */
export function csvCell(v: Cell): string {
  if (v === null || v === undefined) return "";
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Streams a header, then the rows of each chunk as it arrives (with a BOM so Excel reads UTF-8). */
export function csvStream<T>(columns: CsvColumn<T>[], chunks: AsyncIterable<T[]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(columns.map((c) => c.header))}`;
    for await (const chunk of chunks) {
      yield chunk.map((row) => csvLine(columns.map((c) => c.value(row)))).join("");
    }
  }
  return Readable.from(lines());
}

/** The same columns as an XLSX sheet, its rows added a chunk at a time (text cells stay text). */
export async function xlsxBuffer<T>(
  sheet: string,
  columns: CsvColumn<T>[],
  chunks: AsyncIterable<T[]>,
): Promise<Buffer> {
  const w = xlsxWriter(
    sheet,
    columns.map((c) => c.header),
  );
  for await (const chunk of chunks) w.addRows(chunk.map((row) => columns.map((c) => c.value(row))));
  return w.finish();
}

/** `name-2026-11-21.csv` or `.xlsx`: the rows of the chunks in the asked format. */
export async function exportFile<T>(
  format: ExportFormat,
  file: { name: string; sheet: string },
  columns: CsvColumn<T>[],
  chunks: AsyncIterable<T[]>,
): Promise<ExportFile> {
  const filename = `${file.name}.${format}`;
  if (format === "xlsx")
    return { kind: "xlsx", filename, body: await xlsxBuffer(file.sheet, columns, chunks) };
  return { kind: "csv", filename, body: csvStream(columns, chunks) };
}

const sourceName = (id: string) => LEAD_SOURCES.find((s) => s.id === id)?.name ?? id;
const reasonName = (id: string | null) =>
  id ? (REJECTION_REASONS.find((r) => r.id === id)?.name ?? id) : "";

export type LeadCsvRow = LeadListItem & { address: string | null; notes: string | null };
export type LeadCsvNames = { language: Map<number, string>; program: Map<string, Map<number, string>> };

export function leadCsvColumns(view: string, names: LeadCsvNames): CsvColumn<LeadCsvRow>[] {
  const named = (list: string, id: number | null) =>
    id === null ? "" : (names.program.get(list)?.get(id) ?? id);
  const cols: CsvColumn<LeadCsvRow>[] = [
    { header: "Lead id", value: (r) => r.id },
    { header: "Captured", value: (r) => r.capturedAtLocal },
    { header: "Time zone", value: (r) => r.timeZone },
    { header: "Source", value: (r) => sourceName(r.source) },
    { header: "Status", value: (r) => r.statusName },
    { header: "Service type", value: (r) => r.serviceTypeName },
    { header: "Territory", value: (r) => r.territoryName },
    { header: "Store", value: (r) => r.storeName },
    { header: "Lead generator", value: (r) => r.leadGeneratorName },
    { header: "First name", value: (r) => r.firstName },
    { header: "Last name", value: (r) => r.lastName },
    { header: "Phone", value: (r) => r.phone },
    { header: "Email", value: (r) => r.email },
    { header: "Address", value: (r) => r.address },
    { header: "City", value: (r) => r.city },
    { header: "State", value: (r) => r.state },
    { header: "ZIP", value: (r) => r.zip },
    { header: "Language", value: (r) => (r.languageId === null ? "" : names.language.get(r.languageId)) },
    { header: "Duplicate of", value: (r) => r.duplicateOfLeadId },
  ];
  if (view === "rejected")
    cols.push({ header: "Rejection reason", value: (r) => reasonName(r.rejectionReason) });
  if (view === "retailerProgram") {
    cols.push(
      { header: "Program group", value: (r) => named("hdsfiGroup", r.hdsfiGroupId) },
      { header: "Job type", value: (r) => named("hdJobType", r.hdJobTypeId) },
      { header: "Program reference", value: (r) => r.externalReference },
    );
  }
  if (view === "secondPartner") {
    cols.push(
      { header: "Service", value: (r) => named("centahServiceId", r.centahServiceId) },
      { header: "Ad code", value: (r) => named("centahAdCode", r.centahAdCodeId) },
      { header: "Program reference", value: (r) => r.externalReference },
    );
  }
  cols.push({ header: "Notes", value: (r) => r.notes });
  return cols;
}
