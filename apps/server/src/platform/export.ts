import { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";
import type { FastifyReply } from "fastify";
import { Utf8Chunks } from "./utf8-chunks";
import { XLSX_CONTENT_TYPE, type XlsxSheetHead, xlsxStream } from "./xlsx";

/**
 * The one export path (docs/decisions/0024-query-kit-and-exports.md): a list's columns and its rows, a chunk at a
 * time, become a CSV (a BOM, CRLF, quoting, formula escaping) or an XLSX workbook (./xlsx), both
 * streamed as the reader takes them; one file-name rule; the `Content-Disposition` header built by the
 * content-disposition package.
 */

export type ExportFormat = "csv" | "xlsx";
/** A printable document made elsewhere (the QR codes' sheet), downloaded the way exports are. */
export type DocumentFormat = "pdf";

/**
 * A cell of an export. A `Date` is a wall-clock time, read from its UTC fields (shift an instant by the zone's
 * offset first): a date cell in XLSX, `yyyy-MM-dd HH:mm` in CSV.
 */
export type ExportCell = string | number | Date | null | undefined;
export type ExportColumn<T> = { header: string; value: (row: T) => ExportCell };

/** A download: CSV or XLSX bytes streamed as they are made. */
export type ExportFile = { kind: ExportFormat; filename: string; body: Readable };
/** A printable document made elsewhere (a PDF stream), downloaded like an export. */
export type DocumentFile = { kind: DocumentFormat; filename: string; body: Readable };

export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: XLSX_CONTENT_TYPE,
};
export const DOCUMENT_CONTENT_TYPE: Record<DocumentFormat, string> = { pdf: "application/pdf" };

// ---------------------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------------------

const wallClock = (d: Date) =>
  Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 16).replace("T", " ");

/** Where a spreadsheet would start a formula: = + - @, a tab or a CR, and their full-width forms. */
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/**
 * One CSV field: RFC 4180 (a field holding a comma, quote or line break, CR or LF alone too, is quoted, its quotes
 * doubled). Text that a spreadsheet would run as a formula gets an apostrophe in front, so an export opened in Excel
 * never runs what a shopper typed; a negative number stays a number. A `Date` is written as its wall clock
 * (`yyyy-MM-dd HH:mm` from its UTC fields).
 *
 * Written here rather than by csv-stringify, which the export used first (decision 0028): the library allocates
 * several arrays and objects per field (about 9 KB per row of 25 fields, 45% of what an export allocated), and that
 * garbage is what made a 100,000-row export grow the server by 150 MB. export.test.ts holds this writer to
 * csv-stringify's output, with the options the export used, on thousands of generated rows.
 */
export function csvField(v: ExportCell | boolean): string {
  if (v === null || v === undefined) return "";
  let text: string;
  let numeric = false;
  if (typeof v === "string") text = v;
  else if (typeof v === "number" || typeof v === "bigint") {
    text = String(v);
    numeric = true;
  } else if (typeof v === "boolean") text = String(v);
  else if (v instanceof Date) text = wallClock(v);
  else text = JSON.stringify(v);
  if (text === "") return "";
  if (FORMULA_START.has(text[0]) && !(numeric && text[0] === "-")) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

/** One CSV line, CRLF included. */
export function csvLine(cells: readonly (ExportCell | boolean)[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) line += i === 0 ? csvField(cells[i]) : `,${csvField(cells[i])}`;
  return `${line}\r\n`;
}

const BOM = "\uFEFF";

/**
 * A CSV streamed a chunk of rows at a time: a UTF-8 BOM (so Excel reads the accents right) and the header row
 * first, then each chunk as the reader asks for more.
 */
export function csvStream(header: readonly string[], chunks: AsyncIterable<ExportCell[][]>): Readable {
  async function* text(): AsyncGenerator<Buffer> {
    const out = new Utf8Chunks();
    out.append(BOM + csvLine(header));
    yield* out.take();
    for await (const rows of chunks) {
      for (const row of rows) out.append(csvLine(row));
      yield* out.take();
    }
  }
  return Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** The CSV of `chunks` by `columns`, each row written as it is read (no array of cells per row in between). */
function csvOfColumns<T>(columns: readonly ExportColumn<T>[], chunks: AsyncIterable<T[]>): Readable {
  async function* text(): AsyncGenerator<Buffer> {
    // Each line goes into bytes as soon as it is written (utf8-chunks.ts says why).
    const out = new Utf8Chunks();
    out.append(BOM + csvLine(columns.map((c) => c.header)));
    yield* out.take();
    for await (const rows of chunks) {
      for (const row of rows) {
        let line = "";
        for (let i = 0; i < columns.length; i++) {
          const field = csvField(columns[i].value(row));
          line += i === 0 ? field : `,${field}`;
        }
        out.append(`${line}\r\n`);
      }
      consumed(rows);
      yield* out.take();
    }
  }
  return Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/**
 * Empties a chunk once its rows are written. A `for await` (and the generators behind it) keeps its last chunk
 * reachable while the next one is read, and a garbage collection in that wait moves all its rows to the old
 * generation, where they stay until a full collection: a 100,000-row export grew the server by about 90 MB every
 * other run (docs/decisions/0028; letting go of the references instead did not hold up). So an export owns its
 * chunks: `exportFile` empties each array it is given once it is written.
 */
const consumed = (chunk: unknown[]) => {
  chunk.length = 0;
};

// ---------------------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------------------

/**
 * The file name of every export: the export's title in lower case with dashes, the local date it was made, and the
 * extension in lower case (docs/spec/product-spec.md, §9): "Internal leads" -> `internal-leads-2026-11-21.csv`.
 * Letters of any script stay (the header carries them as `filename*`).
 */
export function exportFileName(
  title: string,
  localDate: string,
  format: ExportFormat | DocumentFormat,
): string {
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

/** Each chunk's cells; the chunk, then its cells, are emptied once used (see `consumed`). */
async function* cellsOf<T>(columns: readonly ExportColumn<T>[], chunks: AsyncIterable<T[]>) {
  for await (const chunk of chunks) {
    const cells = chunk.map((row) => columns.map((c) => c.value(row)));
    consumed(chunk);
    yield cells;
    consumed(cells);
  }
}

/**
 * An export of `chunks` (read one at a time, as the download goes; each array is emptied once written, see
 * `consumed`) with `columns`, named by its title and the local date. XLSX: one sheet named by the title, with the optional header block `intro` above the header row.
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
  return {
    kind: spec.format,
    filename: exportFileName(spec.title, spec.date, spec.format),
    body:
      spec.format === "xlsx"
        ? xlsxStream([
            { name: spec.title, header, intro: spec.intro, rows: cellsOf(spec.columns, spec.chunks) },
          ])
        : csvOfColumns(spec.columns, spec.chunks),
  };
}

/**
 * A document made elsewhere (a PDF stream), named by the same rule as every export (its title and the local date) and
 * sent the same way (`sendExport`).
 */
export function documentFile(spec: {
  format: DocumentFormat;
  title: string;
  /** The local date (yyyy-MM-dd) in the file name. */
  date: string;
  body: Readable;
}): DocumentFile {
  return { kind: spec.format, filename: exportFileName(spec.title, spec.date, spec.format), body: spec.body };
}

export const isExportFile = (result: unknown): result is ExportFile =>
  !!result &&
  typeof result === "object" &&
  "kind" in result &&
  (result.kind === "csv" || result.kind === "xlsx") &&
  "body" in result &&
  result.body instanceof Readable;

/** Sends an export as an attachment, streamed (the JSON answer schema does not apply to it). */
export function sendExport(reply: FastifyReply, file: ExportFile | DocumentFile) {
  return reply
    .header("content-disposition", attachmentHeader(file.filename))
    .type(file.kind === "pdf" ? DOCUMENT_CONTENT_TYPE.pdf : EXPORT_CONTENT_TYPE[file.kind])
    .send(file.body);
}
