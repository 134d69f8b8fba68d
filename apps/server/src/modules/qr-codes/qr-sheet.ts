/**
 * A printable sheet of QR code cards: US Letter pages, portrait, a grid of cards to cut out along their dashed
 * borders, one per lead generator's code, that a shopper scans to book on the public page.
 *
 * Built on two well-kept libraries rather than hand-written formats:
 * - pdfkit writes the PDF: pages, the standard Helvetica fonts (no font files), vector drawing, compression and the
 *   output stream;
 * - lean-qr encodes the URL as a QR code (mode selection, error correction, masking, per ISO/IEC 18004). This file
 *   only draws the module matrix lean-qr returns, as filled squares.
 */
import { Readable } from "node:stream";
import { type Bitmap2D, correction, generate } from "lean-qr";
import PDFDocument from "pdfkit";

export type QrCard = { personName: string; storeName: string; groupName: string | null; url: string };

/** The English and Spanish calls to action printed above each code. */
export const QR_CALL_TO_ACTION = {
  en: "Scan to book your free in-home consultation",
  es: "Escanee para reservar su consulta gratuita en casa",
} as const;

export const QR_SHEET_EMPTY_TEXT = "No QR codes match.";

const INCH = 72;
const PAGE_WIDTH = 8.5 * INCH;
const PAGE_HEIGHT = 11 * INCH;
/** Half an inch all round: inside what any office printer prints. */
const PAGE_MARGIN = 0.5 * INCH;
const COLUMNS = 2;
const ROWS = 3;
const CARD_WIDTH = (PAGE_WIDTH - 2 * PAGE_MARGIN) / COLUMNS;
const CARD_HEIGHT = (PAGE_HEIGHT - 2 * PAGE_MARGIN) / ROWS;
/** The QR code's square, its quiet zone included (the quiet zone is white: nothing is drawn in it). */
const QR_BOX = 2.15 * INCH;
/** The quiet zone around the code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

/**
 * The layout, in points (1/72 inch): 2 columns x 3 rows of 3.75 x 3.33 inch cards. A code's square is 2.15 inches
 * with its quiet zone, so the code itself is at least 1.6 inches (1.63: 25 modules of 33, for any URL of 15 to 26
 * characters; longer URLs make more modules and a bigger share of the square), for a phone across a counter.
 */
export const QR_SHEET_LAYOUT = {
  pageWidth: PAGE_WIDTH,
  pageHeight: PAGE_HEIGHT,
  margin: PAGE_MARGIN,
  columns: COLUMNS,
  rows: ROWS,
  cardsPerPage: COLUMNS * ROWS,
  cardWidth: CARD_WIDTH,
  cardHeight: CARD_HEIGHT,
  qrBox: QR_BOX,
  quietZone: QUIET_ZONE,
} as const;

const PAD = 10;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const OBLIQUE = "Helvetica-Oblique";
const INK = "#111111";
const MUTED = "#555555";
const CUT_LINE = "#8c8c8c";
const LEADING = 1.18;

type Style = { font: string; size: number; minSize: number; color: string };

/** The longest URL taken (in UTF-8 bytes): any fits a QR code at level M (version 40 holds 2,331 bytes). */
export const QR_URL_MAX_BYTES = 2000;

/**
 * Makes a sheet of QR code cards; an empty list makes one page that says so. The stream makes the PDF a page at a
 * time as it is read (pdfkit writes each page out as the next one starts), so a long sheet neither holds the event
 * loop (encoding a QR code takes about half a millisecond) nor sits whole in memory when the reader is slow. A URL
 * longer than QR_URL_MAX_BYTES throws a RangeError here, before any byte is made.
 */
export function qrSheetPdf(
  cards: QrCard[],
  options: { organizationName: string; compress?: boolean },
): Readable {
  const tooLong = cards.find((card) => Buffer.byteLength(card.url) > QR_URL_MAX_BYTES);
  if (tooLong)
    throw new RangeError(`A QR code's URL is longer than ${QR_URL_MAX_BYTES} bytes: ${tooLong.url}`);
  return Readable.from(sheetChunks([...cards], options), { objectMode: false });
}

async function* sheetChunks(
  cards: QrCard[],
  options: { organizationName: string; compress?: boolean },
): AsyncGenerator<Buffer> {
  const organization = pdfText(options.organizationName);
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: options.compress ?? true,
    info: { Title: organization ? `${organization} QR codes` : "QR codes" },
  });
  const chunks: Buffer[] = [];
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  ended.catch(() => {}); // awaited below; this keeps an error before then from counting as unhandled
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const made = () => {
    const out = Buffer.concat(chunks);
    chunks.length = 0;
    return out;
  };

  const perPage = QR_SHEET_LAYOUT.cardsPerPage;
  const pages = Math.max(1, Math.ceil(cards.length / perPage));
  for (let page = 0; page < pages; page++) {
    newPage(doc, organization, page + 1, pages);
    const onPage = cards.slice(page * perPage, (page + 1) * perPage);
    if (onPage.length === 0) {
      const style = { font: BOLD, size: 14, minSize: 14, color: INK };
      drawLines(doc, [QR_SHEET_EMPTY_TEXT], style, PAGE_MARGIN, PAGE_MARGIN, PAGE_WIDTH - 2 * PAGE_MARGIN);
    }
    drawCutLines(doc, onPage.length);
    onPage.forEach((card, i) => {
      const x = PAGE_MARGIN + (i % COLUMNS) * CARD_WIDTH;
      const y = PAGE_MARGIN + Math.floor(i / COLUMNS) * CARD_HEIGHT;
      drawCard(doc, card, organization, x, y);
    });
    // Lets pdfkit's output through and other requests run; the reader asks for the next page when it wants it.
    await new Promise((resolve) => setImmediate(resolve));
    if (chunks.length) yield made();
  }
  doc.end();
  await ended;
  if (chunks.length) yield made();
}

/** The QR code of a URL: error correction M, or Q when that fits in the same size. */
function qrMatrix(url: string): Bitmap2D {
  return generate(url, { minCorrectionLevel: correction.M, maxCorrectionLevel: correction.Q });
}

function newPage(doc: PDFKit.PDFDocument, organization: string, page: number, pages: number) {
  doc.addPage({ size: "LETTER", layout: "portrait", margin: 0 });
  const footer = fitLines(
    doc,
    `${organization} · QR codes · Page ${page} of ${pages}`,
    { font: FONT, size: 7, minSize: 5, color: MUTED },
    PAGE_WIDTH - 2 * PAGE_MARGIN,
    1,
  );
  drawLines(
    doc,
    footer.lines,
    footer.style,
    PAGE_MARGIN,
    PAGE_HEIGHT - PAGE_MARGIN + 12,
    PAGE_WIDTH - 2 * PAGE_MARGIN,
  );
}

/**
 * Dashed cut lines around each of a page's first `count` cards (filled row by row). An edge that two cards share is
 * drawn once, so its dashes stay even.
 */
function drawCutLines(doc: PDFKit.PDFDocument, count: number) {
  if (count === 0) return;
  doc.save().lineWidth(0.5).strokeColor(CUT_LINE).dash(4, { space: 3 });
  for (let i = 0; i < count; i++) {
    const column = i % COLUMNS;
    const x = PAGE_MARGIN + column * CARD_WIDTH;
    const y = PAGE_MARGIN + Math.floor(i / COLUMNS) * CARD_HEIGHT;
    doc.moveTo(x, y).lineTo(x + CARD_WIDTH, y);
    doc.moveTo(x, y).lineTo(x, y + CARD_HEIGHT);
    if (column === COLUMNS - 1 || i + 1 >= count)
      doc.moveTo(x + CARD_WIDTH, y).lineTo(x + CARD_WIDTH, y + CARD_HEIGHT);
    if (i + COLUMNS >= count) doc.moveTo(x, y + CARD_HEIGHT).lineTo(x + CARD_WIDTH, y + CARD_HEIGHT);
  }
  doc.stroke().restore();
}

function drawCard(doc: PDFKit.PDFDocument, card: QrCard, organization: string, x: number, y: number) {
  const inner = CARD_WIDTH - 2 * PAD;
  let top = y + PAD + 2;
  for (const [text, style] of [
    [organization, { font: BOLD, size: 11, minSize: 7, color: INK }],
    [QR_CALL_TO_ACTION.en, { font: FONT, size: 8.5, minSize: 6, color: INK }],
    [QR_CALL_TO_ACTION.es, { font: OBLIQUE, size: 8.5, minSize: 6, color: INK }],
  ] as const) {
    const fitted = fitLines(doc, text, style, inner, 1);
    top = drawLines(doc, fitted.lines, fitted.style, x + PAD, top, inner, "center");
  }

  const code = qrMatrix(card.url);
  const boxX = x + PAD - 4;
  const boxY = top + 1;
  const module = drawQr(doc, code, boxX, boxY, QR_BOX);

  // Beside the code, level with its top: the person, the store and the group.
  const columnX = boxX + QR_BOX + 2;
  const columnWidth = x + CARD_WIDTH - PAD - columnX;
  let side = boxY + QUIET_ZONE * module;
  const blocks: [string, Style, number][] = [
    [card.personName, { font: BOLD, size: 12, minSize: 9, color: INK }, 3],
    [card.storeName, { font: FONT, size: 9, minSize: 7, color: INK }, 3],
  ];
  if (card.groupName !== null)
    blocks.push([card.groupName, { font: FONT, size: 9, minSize: 7, color: MUTED }, 2]);
  for (const [text, style, maxLines] of blocks) {
    const fitted = fitLines(doc, pdfText(text), style, columnWidth, maxLines);
    side = drawLines(doc, fitted.lines, fitted.style, columnX, side, columnWidth) + 5;
  }

  // Under the code, for a camera that does not scan: the URL, broken anywhere (it has no spaces).
  const url = fitLines(
    doc,
    pdfText(card.url),
    { font: FONT, size: 6.5, minSize: 5, color: MUTED },
    inner,
    3,
    true,
  );
  drawLines(doc, url.lines, url.style, x + PAD, boxY + QR_BOX, inner, "center");
}

/** Draws the code's dark modules as filled squares (a row's neighbours as one rectangle); returns the module size. */
function drawQr(doc: PDFKit.PDFDocument, code: Bitmap2D, x: number, y: number, box: number): number {
  const module = box / (code.size + 2 * QUIET_ZONE);
  const left = x + QUIET_ZONE * module;
  const top = y + QUIET_ZONE * module;
  doc.fillColor("#000000"); // before the path: nothing but path operators may come between it and its fill
  for (let row = 0; row < code.size; row++) {
    let column = 0;
    while (column < code.size) {
      if (!code.get(column, row)) {
        column++;
        continue;
      }
      const start = column;
      while (column < code.size && code.get(column, row)) column++;
      doc.rect(left + start * module, top + row * module, (column - start) * module, module);
    }
  }
  doc.fill();
  return module;
}

/** Draws lines of text one under the other from `top`; returns where the next line would go. */
function drawLines(
  doc: PDFKit.PDFDocument,
  lines: string[],
  style: Style,
  x: number,
  top: number,
  width: number,
  align: "left" | "center" = "left",
): number {
  doc.font(style.font).fontSize(style.size).fillColor(style.color);
  let y = top;
  for (const line of lines) {
    const dx = align === "center" ? Math.max(0, (width - doc.widthOfString(line)) / 2) : 0;
    doc.text(line, x + dx, y, { lineBreak: false });
    y += style.size * LEADING;
  }
  return y;
}

/**
 * Fits text in at most `maxLines` lines of `width`: at the style's size when it fits, smaller (down to its minimum)
 * when not, and at the minimum cut short with an ellipsis. Words wrap at spaces (a word too long for a line is
 * broken), or anywhere with `breakAnywhere`.
 */
function fitLines(
  doc: PDFKit.PDFDocument,
  text: string,
  style: Style,
  width: number,
  maxLines: number,
  breakAnywhere = false,
): { lines: string[]; style: Style } {
  for (let size = style.size; ; size = Math.max(style.minSize, size - 0.5)) {
    doc.font(style.font).fontSize(size);
    const lines = breakAnywhere ? breakLines(doc, text, width) : wrapWords(doc, text, width);
    if (lines.length <= maxLines) return { lines, style: { ...style, size } };
    if (size <= style.minSize) {
      const rest = lines.slice(maxLines - 1).join(breakAnywhere ? "" : " ");
      return {
        lines: [...lines.slice(0, maxLines - 1), ellipsize(doc, rest, width)],
        style: { ...style, size },
      };
    }
  }
}

/** Wraps at spaces and after hyphens ("Fernández-" / "Castellanos"); breaks a word too long for a line. */
function wrapWords(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const pieces = text
    .split(" ")
    .filter(Boolean)
    .flatMap((word) => word.split(/(?<=-)(?=.)/).map((piece, i) => ({ piece, glue: i === 0 ? " " : "" })));
  const lines: string[] = [];
  let line = "";
  for (let { piece, glue } of pieces) {
    const candidate = line ? `${line}${glue}${piece}` : piece;
    if (doc.widthOfString(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    while (doc.widthOfString(piece) > width) {
      const n = fittingLength(doc, piece, width);
      lines.push(piece.slice(0, n));
      piece = piece.slice(n);
    }
    line = piece;
  }
  if (line) lines.push(line);
  return lines;
}

function breakLines(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  for (let rest = text; rest; ) {
    const n = fittingLength(doc, rest, width);
    lines.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return lines;
}

function ellipsize(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const n = fittingLength(doc, text, width - doc.widthOfString("…"), 0);
  return `${text.slice(0, n).trimEnd()}…`;
}

/** How many of the text's first characters fit in `width` (at least `least`, so a line always moves on). */
function fittingLength(doc: PDFKit.PDFDocument, text: string, width: number, least = 1): number {
  let low = least;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(text.slice(0, mid)) <= width) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The characters besides Latin-1 that the standard fonts' encoding (WinAnsi) has. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const printable = (ch: string) => {
  const code = ch.charCodeAt(0);
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

/**
 * Text the standard fonts can show: a character they lack is written without its accents when that helps
 * ("ễ" → "e") and as "?" otherwise; runs of white space become one space.
 */
function pdfText(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    if (printable(ch)) out += ch;
    else if (/\s/.test(ch)) out += " ";
    else out += [...ch.normalize("NFKD")].filter(printable).join("") || "?";
  }
  return out.replace(/\s+/g, " ").trim();
}
