import { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";
import { type Options as CsvOptions, stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import { XLSX_CONTENT_TYPE, type XlsxSheetHead, xlsxStream } from "./xlsx";

/**
 * The one export path (docs/decisions/0024-query-kit-and-exports.md): a list's columns and its rows, a chunk at a
 * time, become a CSV (csv-stringify: a BOM, CRLF, quoting, formula escaping) or an XLSX workbook (./xlsx), both
 * streamed as the reader takes them; one file-name rule; the `Content-Disposition` header built by the
 * content-disposition package.
 */

export type ExportFormat = "csv" | "xlsx";

/**
 * A cell of an export. A `Date` is a wall-clock time, read from its UTC fields (shift an instant by the zone's
 * offset first): a date cell in XLSX, `yyyy-MM-dd HH:mm` in CSV.
 */
export type ExportCell = string | number | Date | null | undefined;
export type ExportColumn<T> = { header: string; value: (row: T) => ExportCell };

/** A download: CSV or XLSX bytes streamed as they are made. */
export type ExportFile = { kind: ExportFormat; filename: string; body: Readable };

export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: XLSX_CONTENT_TYPE,
};

// ---------------------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------------------

const wallClock = (d: Date) =>
  Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 16).replace("T", " ");

/**
 * RFC 4180 with CRLF line ends; a field holding a comma, quote or line break (CR or LF alone too) is quoted.
 * Text that a spreadsheet would run as a formula (starting with = + - @, a tab or a CR, or their full-width
 * forms) gets an apostrophe in front, so an export opened in Excel never runs what a shopper typed; a negative
 * number stays a number.
 */
const CSV_OPTIONS: CsvOptions = {
  record_delimiter: "windows",
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { date: wallClock, boolean: (v) => String(v) },
};

/** One CSV field as it is written. */
export const csvCell = (v: ExportCell): string => stringify([[v]], { ...CSV_OPTIONS, eof: false });

/** One CSV line, CRLF included. */
export const csvLine = (cells: readonly ExportCell[]): string => stringify([cells], CSV_OPTIONS);

/**
 * A CSV streamed a chunk of rows at a time: a UTF-8 BOM (so Excel reads the accents right) and the header row
 * first, then each chunk as the reader asks for more.
 */
export function csvStream(header: readonly string[], chunks: AsyncIterable<ExportCell[][]>): Readable {
  const first: CsvOptions = { ...CSV_OPTIONS, bom: true, header: true, columns: [...header] };
  async function* text(): AsyncGenerator<string> {
    let started = false;
    for await (const rows of chunks) {
      yield stringify(rows, started ? CSV_OPTIONS : first);
      started = true;
    }
    if (!started) yield stringify([], first);
  }
  return Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 });
}

// ---------------------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------------------

/**
 * The file name of every export: the export's title in lower case with dashes, the local date it was made, and the
 * extension in lower case (docs/spec/product-spec.md, §9): "Internal leads" -> `internal-leads-2026-11-21.csv`.
 * Letters of any script stay (the header carries them as `filename*`).
 */
export function exportFileName(title: string, localDate: string, format: ExportFormat): string {
  const slug =
    title
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "") || "export";
  return `${slug}-${localDate}.${format.toLowerCase()}`;
}

/** `attachment; filename=...` (quoted when it must be), with an ASCII fallback and `filename*` (RFC 6266, 8187) for other characters. */
export const attachmentHeader = (filename: string): string => contentDisposition(filename);

async function* cellsOf<T>(columns: readonly ExportColumn<T>[], chunks: AsyncIterable<T[]>) {
  for await (const chunk of chunks) yield chunk.map((row) => columns.map((c) => c.value(row)));
}

/**
 * An export of `chunks` (read one at a time, as the download goes) with `columns`, named by its title and the local
 * date. XLSX: one sheet named by the title, with the optional header block `intro` above the header row.
 */
export function exportFile<T>(spec: {
  format: ExportFormat;
  title: string;
  /** The local date (yyyy-MM-dd) in the file name. */
  date: string;
  columns: readonly ExportColumn<T>[];
  chunks: AsyncIterable<T[]>;
  intro?: XlsxSheetHead["intro"];
}): ExportFile {
  const header = spec.columns.map((c) => c.header);
  const rows = cellsOf(spec.columns, spec.chunks);
  return {
    kind: spec.format,
    filename: exportFileName(spec.title, spec.date, spec.format),
    body:
      spec.format === "xlsx"
        ? xlsxStream([{ name: spec.title, header, intro: spec.intro, rows }])
        : csvStream(header, rows),
  };
}

export const isExportFile = (result: unknown): result is ExportFile =>
  !!result &&
  typeof result === "object" &&
  "kind" in result &&
  (result.kind === "csv" || result.kind === "xlsx") &&
  "body" in result &&
  result.body instanceof Readable;

/** Sends an export as an attachment, streamed (the JSON answer schema does not apply to it). */
export function sendExport(reply: FastifyReply, file: ExportFile) {
  return reply
    .header("content-disposition", attachmentHeader(file.filename))
    .type(EXPORT_CONTENT_TYPE[file.kind])
    .send(file.body);
}
