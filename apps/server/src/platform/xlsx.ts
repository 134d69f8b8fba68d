import { Readable } from "node:stream";
import { constants, deflateRawSync } from "node:zlib";
import { Zip, ZipPassThrough } from "fflate";
import { Utf8Chunks } from "./utf8-chunks";

/**
 * The XLSX (Office Open XML spreadsheet) writer of every export: one or more sheets, each an optional header block
 * (a title and label/value lines) above a bold, frozen header row, then rows of text, numbers and dates. Text is
 * written as inline strings (`t="inlineStr"`), so it always stays text ("00123" keeps its zeros, "=1+1" is never
 * evaluated). The XML is ours; the ZIP container (headers, CRC-32, data descriptors, central directory) is
 * fflate's streaming `Zip`, each part compressed by Node's zlib a batch at a time. Written as a stream, a
 * workbook of any length holds one batch of XML at a time (docs/decisions/0024-query-kit-and-exports.md).
 */

export type XlsxCell = string | number | Date | null | undefined;

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel keeps at most this many characters in a cell. */
const MAX_CELL_CHARS = 32_767;
/** Compress the sheet once this many bytes of XML are pending: the most XML a writer holds. */
const FLUSH_BYTES = 1 << 19;
const STYLE_HEADER = 1;
const STYLE_DATE = 2;

// ---------------------------------------------------------------------------------------------------------
// XML text
// ---------------------------------------------------------------------------------------------------------

/** Everything outside XML 1.0's Char production (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Printable ASCII that needs no escaping (no `& < > "`, no `_`, no CR): most cells, written as they are. */
const PLAIN_TEXT = /^[\t\n\x20-\x21\x23-\x25\x27-\x3B\x3D\x3F-\x5E\x60-\x7E]*$/;

/** Escapes text for an XML element or a double-quoted attribute, dropping characters XML 1.0 cannot hold. */
export function xmlEscape(s: string): string {
  return s
    .replace(NOT_XML_CHAR, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\r/g, "&#13;");
}

/**
 * The text of one cell: legal XML characters only, at most 32,767 characters (never splitting a surrogate
 * pair), and `_xHHHH_` protected so Excel does not read it as an escaped character.
 */
function cellText(s: string): string {
  if (s.length <= MAX_CELL_CHARS && PLAIN_TEXT.test(s)) return s;
  let t = s.replace(NOT_XML_CHAR, "");
  if (t.length > MAX_CELL_CHARS) {
    const cut = /[\uD800-\uDBFF]/.test(t[MAX_CELL_CHARS - 1]) ? MAX_CELL_CHARS - 1 : MAX_CELL_CHARS;
    t = t.slice(0, cut);
  }
  return xmlEscape(t.replace(/_(x[0-9A-Fa-f]{4}_)/g, "_x005F_$1"));
}

/** A sheet name Excel accepts: no `[ ] : * ? / \`, no apostrophe at either end, 1..31 characters. */
export function sheetName(name: string): string {
  let s = name
    .replace(NOT_XML_CHAR, "")
    .replace(/[[\]:*?/\\]/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "")
    .trim();
  if (s.length > 31) s = s.slice(0, /[\uD800-\uDBFF]/.test(s[30]) ? 30 : 31).trim();
  if (!s) return "Sheet1";
  return s.toLowerCase() === "history" ? "History 1" : s;
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Days since 1899-12-30 (Excel's 1900 date system), from the date's UTC wall clock. */
export function excelSerial(d: Date): number {
  return d.getTime() / 86_400_000 + 25_569;
}

function cellXml(ref: string, v: XlsxCell, header: boolean): string {
  if (v === null || v === undefined) return "";
  const style = header ? ` s="${STYLE_HEADER}"` : "";
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return "";
    return `<c r="${ref}" s="${STYLE_DATE}"><v>${excelSerial(v)}</v></c>`;
  }
  if (typeof v === "number" && Number.isFinite(v)) return `<c r="${ref}"${style}><v>${v}</v></c>`;
  const text = cellText(String(v));
  if (!text) return "";
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : "";
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

const COLUMN_NAMES: string[] = [];
const columnOf = (i: number) => {
  COLUMN_NAMES[i] ??= columnName(i);
  return COLUMN_NAMES[i];
};

/** A row's cells; `bold`: every cell (the header row), the first (a label of the header block) or none. */
function rowXml(
  rowNumber: number,
  cells: readonly XlsxCell[],
  bold: "all" | "first" | "none" = "none",
): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    xml += cellXml(`${columnOf(i)}${rowNumber}`, cells[i], bold === "all" || (bold === "first" && i === 0));
  }
  return `${xml}</row>`;
}

// ---------------------------------------------------------------------------------------------------------
// The parts of a workbook
// ---------------------------------------------------------------------------------------------------------

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const NS_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const CT = "application/vnd.openxmlformats-officedocument.spreadsheetml";

const sheetPath = (i: number) => `worksheets/sheet${i + 1}.xml`;

const contentTypes = (sheets: number) =>
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>\
${Array.from({ length: sheets }, (_, i) => `<Override PartName="/xl/${sheetPath(i)}" ContentType="${CT}.worksheet+xml"/>`).join("")}\
<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/>\
</Types>`;

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">\
<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>\
</Relationships>`;

/** rId1..rIdN: the sheets; rIdN+1: the styles. */
const workbookRels = (sheets: number) =>
  `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">\
${Array.from({ length: sheets }, (_, i) => `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="${sheetPath(i)}"/>`).join("")}\
<Relationship Id="rId${sheets + 1}" Type="${NS_REL}/styles" Target="styles.xml"/>\
</Relationships>`;

const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
/** Cell formats: 0 plain, 1 bold (the header), 2 a date and time. */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">\
<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>\
<fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

const workbookXml = (names: readonly string[]) =>
  `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>${names
    .map((n, i) => `<sheet name="${xmlEscape(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join("")}</sheets></workbook>`;

/** Sheet names as Excel takes them, and unique within the workbook (case aside): "Leads", "Leads (2)". */
function uniqueSheetNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    const base = sheetName(raw);
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${base.slice(0, 31 - suffix.length).trim()}${suffix}`;
    }
    seen.add(name.toLowerCase());
    return name;
  });
}

/** Column widths (in characters) from the header and the first rows: 8..60. */
function colsXml(header: readonly string[], sample: readonly (readonly XlsxCell[])[]): string {
  const width = (v: XlsxCell) => {
    if (v instanceof Date) return 19;
    if (v === null || v === undefined) return 0;
    let longest = 0;
    for (const line of String(v).slice(0, 200).split("\n")) longest = Math.max(longest, line.length);
    return longest;
  };
  const cols = header.map((h, i) => {
    const w = Math.min(60, Math.max(8, width(h) + 2, ...sample.map((r) => width(r[i]) + 1)));
    return `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`;
  });
  return cols.length ? `<cols>${cols.join("")}</cols>` : "";
}

// ---------------------------------------------------------------------------------------------------------
// The ZIP: fflate's container, Node's deflate
// ---------------------------------------------------------------------------------------------------------

/**
 * A part of the ZIP, deflated by Node's zlib (native, several times faster than a JavaScript deflate) one pushed
 * piece at a time: each piece is sync-flushed (the last one finished), so the pieces make one deflate stream.
 * fflate counts the size and CRC-32 of what is pushed and writes them in the data descriptor and central directory.
 */
class DeflatedPart extends ZipPassThrough {
  constructor(filename: string, mtime: Date) {
    super(filename);
    this.compression = 8;
    this.mtime = mtime;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    const flush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    this.ondata(null, deflateRawSync(chunk, { finishFlush: flush }), final);
  }
}

/** What a sheet holds before its rows: its name, header row and an optional header block. */
export type XlsxSheetHead = {
  name: string;
  header: readonly string[];
  /**
   * Lines above the table, e.g. `[["Smart Circle users"], ["Exported", date], ["Status", "Active"]]`: the first
   * cell of each is bold; a blank row separates them from the header row.
   */
  intro?: readonly (readonly XlsxCell[])[];
};

type SheetPart = {
  addRows(rows: readonly (readonly XlsxCell[])[]): void;
  finish(): void;
};

/**
 * A workbook whose bytes go to `emit` as they are made. The sheets are named up front (the workbook's parts
 * list them and come first in the archive); their rows are then written one sheet after the other.
 */
function workbook(sheets: readonly XlsxSheetHead[], emit: (chunk: Uint8Array) => void, modified: Date) {
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure ??= err;
    else emit(chunk);
  });
  const check = () => {
    if (failure) throw failure;
  };
  const add = (name: string) => {
    const part = new DeflatedPart(name, modified);
    zip.add(part);
    return part;
  };
  const names = uniqueSheetNames(sheets.map((s) => s.name));
  for (const [name, text] of [
    ["[Content_Types].xml", contentTypes(sheets.length)],
    ["_rels/.rels", ROOT_RELS],
    ["xl/workbook.xml", workbookXml(names)],
    ["xl/_rels/workbook.xml.rels", workbookRels(sheets.length)],
    ["xl/styles.xml", STYLES],
  ]) {
    add(name).push(Buffer.from(text, "utf8"), true);
  }
  check();
  let next = 0;

  return {
    /** The next sheet's part; the one before must be finished. */
    sheet(): SheetPart {
      const index = next++;
      const head = sheets[index];
      if (!head) throw new Error("The workbook has no more sheets.");
      const part = add(`xl/${sheetPath(index)}`);
      const intro = head.intro ?? [];
      // The sheet's XML as bytes, compressed a batch at a time (utf8-chunks.ts: no large strings on the heap).
      const pending = new Utf8Chunks();
      let rowNumber = 1;
      let started = false;
      let finished = false;
      const compress = (final: boolean) => {
        part.push(Buffer.concat(pending.take()), final);
        check();
      };
      const start = (sample: readonly (readonly XlsxCell[])[]) => {
        started = true;
        // The header row is frozen: it stays in view, with the header block, while the rows scroll.
        const headerRow = intro.length ? intro.length + 2 : 1;
        pending.append(
          `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
            '<sheetViews><sheetView workbookViewId="0">' +
            `<pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/>` +
            "</sheetView></sheetViews>" +
            `${colsXml(head.header, sample.slice(0, 1000))}<sheetData>`,
        );
        for (const line of intro) pending.append(rowXml(rowNumber++, line, "first"));
        if (intro.length) rowNumber++;
        pending.append(rowXml(rowNumber++, head.header, "all"));
      };
      return {
        addRows(rows) {
          if (finished) throw new Error("The sheet is already finished.");
          if (!started) start(rows);
          for (const row of rows) {
            pending.append(rowXml(rowNumber++, row));
            if (pending.length >= FLUSH_BYTES) compress(false);
          }
        },
        finish() {
          if (finished) throw new Error("The sheet is already finished.");
          if (!started) start([]);
          finished = true;
          pending.append("</sheetData></worksheet>");
          compress(true);
        },
      };
    },
    /** Writes the central directory: the archive is complete. */
    end() {
      if (next < sheets.length) throw new Error("Every sheet must be written before the workbook ends.");
      zip.end();
      check();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writing a workbook
// ---------------------------------------------------------------------------------------------------------

/** A sheet of an XLSX stream: its head, and its rows a chunk (an array of rows) at a time. */
export type XlsxSheet = XlsxSheetHead & {
  rows: AsyncIterable<readonly (readonly XlsxCell[])[]> | Iterable<readonly (readonly XlsxCell[])[]>;
};

/**
 * A workbook streamed as it is written: each sheet's next chunk of rows is read only when the reader wants more
 * bytes, so an export of any length holds one chunk of rows and one batch of XML, never the file.
 */
export function xlsxStream(sheets: readonly XlsxSheet[], opts: { modified?: Date } = {}): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    const out: Uint8Array[] = [];
    const take = () => {
      const b = Buffer.concat(out);
      out.length = 0;
      return b;
    };
    const book = workbook(sheets, (c) => out.push(c), opts.modified ?? new Date());
    for (const s of sheets) {
      const sheet = book.sheet();
      for await (const chunk of s.rows) {
        sheet.addRows(chunk);
        if (out.length) yield take();
      }
      sheet.finish();
    }
    book.end();
    yield take();
  }
  return Readable.from(bytes(), { objectMode: false, highWaterMark: 64 * 1024 });
}

export type XlsxWriter = {
  /** Appends rows (a chunk of the export) to the sheet. */
  addRows(rows: readonly (readonly XlsxCell[])[]): void;
  /** The finished .xlsx file. No rows may be added after. */
  finish(): Buffer;
};

/**
 * A one-sheet workbook in memory, written a chunk of rows at a time: the sheet's XML is compressed as it grows,
 * so it holds only compressed data (tests and small files; exports stream with `xlsxStream`).
 */
export function xlsxWriter(
  name: string,
  header: readonly string[],
  opts: { modified?: Date; intro?: XlsxSheetHead["intro"] } = {},
): XlsxWriter {
  const out: Uint8Array[] = [];
  const book = workbook(
    [{ name, header, intro: opts.intro }],
    (c) => out.push(c),
    opts.modified ?? new Date(),
  );
  const sheet = book.sheet();
  let finished = false;
  return {
    addRows(rows) {
      if (finished) throw new Error("The workbook is already finished.");
      sheet.addRows(rows);
    },
    finish() {
      if (finished) throw new Error("The workbook is already finished.");
      finished = true;
      sheet.finish();
      book.end();
      return Buffer.concat(out);
    },
  };
}

/** A one-sheet .xlsx file of a header row and rows. */
export function toXlsx(
  name: string,
  header: readonly string[],
  rows: readonly (readonly XlsxCell[])[],
  opts: { modified?: Date } = {},
): Buffer {
  const w = xlsxWriter(name, header, opts);
  w.addRows(rows);
  return w.finish();
}
