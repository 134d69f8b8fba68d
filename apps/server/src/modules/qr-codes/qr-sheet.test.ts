import { correction, generate } from "lean-qr";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import {
  QR_CALL_TO_ACTION,
  QR_SHEET_EMPTY_TEXT,
  QR_SHEET_LAYOUT,
  QR_URL_MAX_BYTES,
  type QrCard,
  qrSheetPdf,
} from "./qr-sheet";

const ORG = "Acme Home Services";
const INCH = 72;
const L = QR_SHEET_LAYOUT;

const card = (i: number, over: Partial<QrCard> = {}): QrCard => ({
  personName: `Maria Lopez ${i}`,
  storeName: `Home Depot #${1000 + i} Brooklyn`,
  groupName: i % 2 ? null : `Kitchen Program ${i}`,
  url: `https://app.fieldlead.example/q/user${i}abc/${i}`,
  ...over,
});

async function pdf(cards: QrCard[], compress = false): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of qrSheetPdf(cards, { organizationName: ORG, compress })) chunks.push(chunk);
  return Buffer.concat(chunks).toString("latin1");
}

/** WinAnsi (the standard fonts' encoding): Latin-1 but for 0x80-0x9F (Node's TextDecoder reads those as Latin-1). */
const WIN_ANSI_80 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join("");

const pageCount = (text: string) => text.match(/\/Type \/Page(?!s)\b/g)?.length ?? 0;

type Shown = { text: string; font: string; size: number; x: number; baseline: number };
type Rect = { x: number; y: number; w: number; h: number };

/**
 * Reads an uncompressed pdfkit PDF's content streams: the text shown (pdfkit writes the standard fonts' text as
 * WinAnsi hex strings in TJ arrays, one array per line drawn) with its font, size and place (top-left page
 * coordinates, as pdfkit draws), and the rectangles of each fill (the QR modules; cut lines are strokes).
 */
function readPdf(text: string) {
  const fontObjects = new Map<string, string>();
  for (const m of text.matchAll(/(\d+) 0 obj\n<<\n\/Type \/Font\n\/BaseFont \/(\S+)/g))
    fontObjects.set(m[1], m[2]);
  const fonts = new Map<string, string>();
  for (const m of text.matchAll(/\/(F\d+) (\d+) 0 R/g)) fonts.set(m[1], fontObjects.get(m[2]) ?? "?");

  const shown: Shown[] = [];
  const fills: Rect[][] = [];
  const oddHex: string[] = [];
  let font = "";
  let size = 0;
  let at = { x: 0, y: 0 };
  let rects: Rect[] = [];
  for (const line of text.split("\n")) {
    const tm = line.match(/^1 0 0 1 (\S+) (\S+) Tm$/);
    const tf = line.match(/^\/(F\d+) (\S+) Tf$/);
    const re = line.match(/^(\S+) (\S+) (\S+) (\S+) re$/);
    if (tm) at = { x: Number(tm[1]), y: Number(tm[2]) };
    else if (tf) [font, size] = [fonts.get(tf[1]) ?? "?", Number(tf[2])];
    else if (line.endsWith("] TJ")) {
      const hex = [...line.matchAll(/<([0-9a-f]*)>/g)].map((m) => m[1]);
      oddHex.push(...hex.filter((h) => h.length % 2));
      const bytes = Buffer.from(hex.join(""), "hex");
      shown.push({
        text: winAnsi(bytes),
        font,
        size,
        x: at.x,
        baseline: L.pageHeight - at.y,
      });
    } else if (re) {
      const [x, y, w, h] = re.slice(1).map(Number);
      rects.push({ x, y, w, h });
      continue;
    } else if (line === "f" && rects.length) fills.push(rects);
    rects = [];
  }
  return { shown, fills, oddHex };
}

const lean = (url: string) =>
  generate(url, { minCorrectionLevel: correction.M, maxCorrectionLevel: correction.Q });

/** Rebuilds the module grid from a fill's rectangles (each a run of whole modules, `module` high). */
function modulesOf(rects: Rect[]) {
  const module = Math.min(...rects.map((r) => r.h));
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const dark = new Set<string>();
  for (const r of rects) {
    // pdfkit writes numbers to 6 decimals.
    expect(r.h).toBeCloseTo(module, 4);
    expect(r.w / module).toBeCloseTo(Math.round(r.w / module), 4);
    const row = Math.round((r.y - y0) / module);
    const first = Math.round((r.x - x0) / module);
    for (let c = first; c < first + Math.round(r.w / module); c++) {
      expect(dark.has(`${c},${row}`)).toBe(false);
      dark.add(`${c},${row}`);
    }
  }
  return { module, x0, y0, dark };
}

function expectMatrix(rects: Rect[], url: string) {
  const code = lean(url);
  const { module, dark } = modulesOf(rects);
  let expected = 0;
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++) {
      expect(dark.has(`${x},${y}`), `module ${x},${y}`).toBe(code.get(x, y));
      if (code.get(x, y)) expected++;
    }
  expect(dark.size).toBe(expected);
  return { module, size: code.size };
}

const measure = new PDFDocument({ autoFirstPage: false });
const widthOf = (s: Shown) => measure.font(s.font).fontSize(s.size).widthOfString(s.text);

/** Every line of text of the first card lies inside it (the page footer aside). */
function expectInsideFirstCard(shown: Shown[]) {
  const [left, top] = [L.margin, L.margin];
  const cardText = shown.filter((s) => s.baseline < L.pageHeight - L.margin);
  expect(cardText.length).toBeGreaterThan(5);
  for (const s of cardText) {
    expect(s.x, s.text).toBeGreaterThanOrEqual(left + 4);
    expect(s.x + widthOf(s), s.text).toBeLessThanOrEqual(left + L.cardWidth - 4);
    expect(s.baseline - s.size, s.text).toBeGreaterThanOrEqual(top + 4);
    expect(s.baseline, s.text).toBeLessThanOrEqual(top + L.cardHeight - 4);
  }
}

describe("qrSheetPdf", () => {
  it("lays 2 x 3 cards on US Letter pages", async () => {
    expect(L.cardsPerPage).toBe(6);
    expect(L.pageWidth).toBe(8.5 * INCH);
    expect(L.pageHeight).toBe(11 * INCH);
    const text = await pdf([card(1)]);
    expect(text).toContain("/MediaBox [0 0 612 792]");
  });

  it("makes a whole PDF with a page per 6 cards, and one page saying so for none", async () => {
    for (const [count, pages] of [
      [0, 1],
      [1, 1],
      [6, 1],
      [7, 2],
    ]) {
      const text = await pdf(
        Array.from({ length: count }, (_, i) => card(i)),
        true,
      );
      expect(text.startsWith("%PDF-")).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
      expect(pageCount(text), `${count} cards`).toBe(pages);
      expect(text).toContain(`/Count ${pages}`);
    }
    const { shown, fills } = readPdf(await pdf([]));
    expect(shown.map((s) => s.text)).toContain(QR_SHEET_EMPTY_TEXT);
    expect(fills).toEqual([]);
  });

  it("prints the organization, both calls to action, the person, store, group and URL", async () => {
    const { shown, oddHex } = readPdf(await pdf([card(2), card(3)]));
    const lines = shown.map((s) => s.text);
    expect(oddHex).toEqual([]);
    expect(lines.filter((l) => l === ORG)).toHaveLength(2);
    expect(lines.filter((l) => l === QR_CALL_TO_ACTION.en)).toHaveLength(2);
    expect(lines.filter((l) => l === QR_CALL_TO_ACTION.es)).toHaveLength(2);
    expect(QR_CALL_TO_ACTION.en).toBe("Scan to book your free in-home consultation");
    expect(QR_CALL_TO_ACTION.es).toBe("Escanee para reservar su consulta gratuita en casa");
    // A name, store or group may wrap onto a second line (the URL is short enough for one).
    const all = lines.join(" ");
    for (const c of [card(2), card(3)]) {
      expect(all).toContain(c.personName);
      expect(all).toContain(c.storeName);
      expect(lines).toContain(c.url);
    }
    expect(all).toContain("Kitchen Program 2");
    expect(all).not.toMatch(/null|Kitchen Program 3/);
    expect(lines).toContain(`${ORG} · QR codes · Page 1 of 1`);
    const fonts = new Set(shown.map((s) => s.font));
    expect([...fonts].sort()).toEqual(["Helvetica", "Helvetica-Bold", "Helvetica-Oblique"]);
  });

  it("draws the card's URL as lean-qr's module matrix, at least 1.6 inches, with a 4-module quiet zone", async () => {
    const c = card(4);
    const { fills } = readPdf(await pdf([c]));
    expect(fills).toHaveLength(1);
    const { module, size } = expectMatrix(fills[0], c.url);
    expect(size * module).toBeGreaterThanOrEqual(1.6 * INCH);
    const { x0, y0 } = modulesOf(fills[0]);
    // The quiet zone lies inside the card, and the code with it.
    expect(x0 - 4 * module).toBeGreaterThanOrEqual(L.margin);
    expect(y0 - 4 * module).toBeGreaterThanOrEqual(L.margin);
    expect(x0 + (size + 4) * module).toBeLessThanOrEqual(L.margin + L.cardWidth);
    expect(y0 + (size + 4) * module).toBeLessThanOrEqual(L.margin + L.cardHeight);
  });

  it("draws each card's own code on a full page", async () => {
    const cards = Array.from({ length: 6 }, (_, i) => card(10 + i));
    const { fills } = readPdf(await pdf(cards));
    expect(fills).toHaveLength(6);
    fills.forEach((rects, i) => {
      expectMatrix(rects, cards[i].url);
    });
  });

  it("fits a 200-character URL: the whole code and the whole URL, inside the card", async () => {
    const base = "https://app.fieldlead.example/q/";
    const url = `${base.padEnd(198, "Ab3")}/7`;
    expect(url).toHaveLength(200);
    const { fills, shown } = readPdf(await pdf([card(5, { url })]));
    const { module, size } = expectMatrix(fills[0], url);
    expect(size * module).toBeGreaterThanOrEqual(1.6 * INCH);
    const urlLines = shown.filter((s) => url.includes(s.text) && s.text.length > 10).map((s) => s.text);
    expect(urlLines.length).toBeGreaterThan(1);
    expect(urlLines.join("")).toBe(url);
    expectInsideFirstCard(shown);
  });

  it("keeps long names inside the card: smaller, then cut short with an ellipsis", async () => {
    const long = card(6, {
      personName: "Maria Guadalupe Fernández-Castellanos de la Torre Villanueva y Montenegro Echeverría",
      storeName:
        "The Home Depot #4521 — Brooklyn Gowanus Flagship Pro Desk & Garden Center, 3rd Avenue at 12th Street",
      groupName: "Spring Kitchen & Bath Remodeling Program — Northeast Region Pilot Cohort B",
    });
    const { shown } = readPdf(await pdf([long]));
    expectInsideFirstCard(shown);
    const cut = shown.filter((s) => s.text.endsWith("…")).map((s) => s.text);
    expect(cut.length).toBeGreaterThanOrEqual(1);
    expect(shown.map((s) => s.text).join(" ")).toContain("Maria Guadalupe");
    const short = readPdf(await pdf([card(7)])).shown;
    expectInsideFirstCard(short);
  });

  it("shows characters the standard fonts lack without their accents, or as ?", async () => {
    const { shown, oddHex } = readPdf(await pdf([card(8, { personName: "Nguyễn \tÁnh 李" })]));
    expect(oddHex).toEqual([]);
    expect(shown.map((s) => s.text)).toContain("Nguyen Ánh ?");
  });

  it("refuses a URL too long for a QR code before making anything", () => {
    const url = `https://app.fieldlead.example/q/${"x".repeat(QR_URL_MAX_BYTES)}`;
    expect(() => qrSheetPdf([card(1), card(2, { url })], { organizationName: ORG })).toThrow(RangeError);
  });

  it("makes pages as they are read, and stops when the reader stops", async () => {
    const stream = qrSheetPdf(
      Array.from({ length: 500 }, (_, i) => card(i)),
      { organizationName: ORG },
    );
    for await (const chunk of stream) {
      expect(chunk.toString("latin1", 0, 5)).toBe("%PDF-");
      break; // destroys the stream
    }
    expect(stream.destroyed).toBe(true);
  });

  it("makes a 500-card sheet", async () => {
    const cards = Array.from({ length: 500 }, (_, i) => card(i));
    const text = await pdf(cards, true);
    expect(pageCount(text)).toBe(Math.ceil(500 / 6));
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  });
});
