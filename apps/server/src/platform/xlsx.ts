import { constants, deflateRawSync } from "node:zlib";

/**
 * A small, dependency-free XLSX (Office Open XML spreadsheet) writer: one sheet, a bold header row, then rows
 * of text, numbers and dates. Text is written as inline strings (`t="inlineStr"`), so it always stays text
 * ("00123" keeps its zeros, "=1+1" is never evaluated). The parts are packed in a ZIP written here with
 * `deflateRawSync` and CRC-32; rows are compressed a batch at a time, so only the compressed sheet is held.
 */

export type XlsxCell = string | number | Date | null | undefined;

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel keeps at most this many characters in a cell. */
const MAX_CELL_CHARS = 32_767;
/** Compress the sheet once this much XML (UTF-16 units) is pending. */
const FLUSH_CHARS = 1 << 20;
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

function rowXml(rowNumber: number, cells: readonly XlsxCell[], header = false): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) xml += cellXml(`${columnOf(i)}${rowNumber}`, cells[i], header);
  return `${xml}</row>`;
}

// ---------------------------------------------------------------------------------------------------------
// CRC-32 and ZIP
// ---------------------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as ZIP uses it); pass the previous result to continue over more data. */
export function crc32(data: Uint8Array, previous = 0): number {
  let c = ~previous >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

type ZipEntry = { name: string; crc: number; size: number; deflated: Buffer };

function deflatedEntry(name: string, text: string): ZipEntry {
  const data = Buffer.from(text, "utf8");
  return { name, crc: crc32(data), size: data.length, deflated: deflateRawSync(data) };
}

/** MS-DOS time and date of a moment (its UTC wall clock; ZIP stores no zone). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** A ZIP archive (deflate, no ZIP64): local headers and data, then the central directory and its end record. */
function zip(entries: ZipEntry[], modified: Date): Buffer {
  const { time, date } = dosDateTime(modified);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    if (offset > 0xffffffff || e.size > 0xffffffff || e.deflated.length > 0xffffffff) {
      throw new Error("The spreadsheet is too large for a ZIP without ZIP64.");
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // flags: names are UTF-8
    local.writeUInt16LE(8, 8); // method: deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28); // extra field length
    parts.push(local, name, e.deflated);

    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4); // version made by: 2.0, MS-DOS attributes
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt16LE(time, 12);
    dir.writeUInt16LE(date, 14);
    dir.writeUInt32LE(e.crc, 16);
    dir.writeUInt32LE(e.deflated.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    // extra length, comment length, disk number, internal and external attributes: all 0
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8); // entries on this disk
  end.writeUInt16LE(entries.length, 10); // entries in all
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

// ---------------------------------------------------------------------------------------------------------
// The workbook
// ---------------------------------------------------------------------------------------------------------

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const NS_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const CT = "application/vnd.openxmlformats-officedocument.spreadsheetml";

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/>\
</Types>`;

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">\
<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>\
</Relationships>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">\
<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/>\
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

const workbookXml = (name: string) =>
  `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">\
<sheets><sheet name="${xmlEscape(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

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

export type XlsxWriter = {
  /** Appends rows (a chunk of the export) to the sheet. */
  addRows(rows: readonly (readonly XlsxCell[])[]): void;
  /** The finished .xlsx file. No rows may be added after. */
  finish(): Buffer;
};

/**
 * A one-sheet workbook written a chunk of rows at a time: the sheet's XML is compressed as it grows (each
 * batch a sync-flushed piece of one deflate stream), so a large export holds only compressed data.
 */
export function xlsxWriter(
  name: string,
  header: readonly string[],
  opts: { modified?: Date } = {},
): XlsxWriter {
  const deflated: Buffer[] = [];
  let crc = 0;
  let size = 0;
  let pending = "";
  let rowNumber = 1;
  let started = false;
  let finished = false;

  const compress = (final: boolean) => {
    const data = Buffer.from(pending, "utf8");
    pending = "";
    crc = crc32(data, crc);
    size += data.length;
    deflated.push(deflateRawSync(data, { finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }));
  };
  const start = (sample: readonly (readonly XlsxCell[])[]) => {
    started = true;
    pending +=
      `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      '<sheetViews><sheetView workbookViewId="0">' +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      "</sheetView></sheetViews>" +
      `${colsXml(header, sample.slice(0, 1000))}<sheetData>${rowXml(rowNumber++, header, true)}`;
  };

  return {
    addRows(rows) {
      if (finished) throw new Error("The workbook is already finished.");
      if (!started) start(rows);
      for (const row of rows) {
        pending += rowXml(rowNumber++, row);
        if (pending.length >= FLUSH_CHARS) compress(false);
      }
    },
    finish() {
      if (finished) throw new Error("The workbook is already finished.");
      if (!started) start([]);
      finished = true;
      pending += "</sheetData></worksheet>";
      compress(true);
      return zip(
        [
          deflatedEntry("[Content_Types].xml", CONTENT_TYPES),
          deflatedEntry("_rels/.rels", ROOT_RELS),
          deflatedEntry("xl/workbook.xml", workbookXml(name)),
          deflatedEntry("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
          deflatedEntry("xl/styles.xml", STYLES),
          { name: "xl/worksheets/sheet1.xml", crc, size, deflated: Buffer.concat(deflated) },
        ],
        opts.modified ?? new Date(),
      );
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
