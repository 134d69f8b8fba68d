import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { columnName, excelSerial, sheetName, toXlsx, xlsxStream, xlsxWriter } from "./xlsx";
import { readZip, sheetRows } from "./xlsx.test-support";

const PARTS = [
  "[Content_Types].xml",
  "_rels/.rels",
  "xl/workbook.xml",
  "xl/_rels/workbook.xml.rels",
  "xl/styles.xml",
  "xl/worksheets/sheet1.xml",
];
const text = (buf: Buffer, name: string) => readZip(buf).get(name)?.data.toString("utf8") ?? "";
const sheetXml = (buf: Buffer) => text(buf, "xl/worksheets/sheet1.xml");
const UNZIP = "/usr/bin/unzip";

/** `unzip -t` on the file: its output, or null when Debian's unzip is not installed. */
function unzipTest(buf: Buffer): { ok: boolean; output: string } | null {
  if (!existsSync(UNZIP)) return null;
  const dir = mkdtempSync(join(tmpdir(), "xlsx-"));
  try {
    const file = join(dir, "test.xlsx");
    writeFileSync(file, buf);
    try {
      return { ok: true, output: execFileSync(UNZIP, ["-t", file], { encoding: "utf8" }) };
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      return { ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bytes of a readable stream. */
async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

// The CRC-32 and the ZIP records are fflate's (docs/decisions/0024-query-kit-and-exports.md); these check what it
// writes, where the hand-written CRC-32 had its own unit test.
describe("the ZIP container", () => {
  it("streams every part with a data descriptor whose CRC and sizes match the central directory and zlib", () => {
    const file = toXlsx("S", ["A"], [["x"]]);
    const data = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 7919) & 0xff));
    // The standard check value, and zlib's own CRC continued over two pieces: the reference used below.
    expect(zlib.crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(zlib.crc32(data.subarray(4000), zlib.crc32(data.subarray(0, 4000)))).toBe(zlib.crc32(data));
    const files = readZip(file); // throws when a data descriptor differs from the central directory
    expect(files.size).toBe(PARTS.length);
    for (const f of files.values()) {
      expect(f.flags & 0x08, f.name).toBe(0x08);
      expect(f.crc, f.name).toBe(zlib.crc32(f.data));
      expect(f.data.length, f.name).toBe(f.size);
    }
    // An empty part still has a valid deflate stream and the CRC of nothing.
    const empty = readZip(xlsxWriter("E", []).finish()).get("xl/worksheets/sheet1.xml");
    expect(empty?.crc).toBe(zlib.crc32(empty?.data ?? Buffer.alloc(0)));
  });
});

describe("xlsx", () => {
  const modified = new Date("2026-03-04T05:06:08Z");
  const file = toXlsx(
    "Leads & more",
    ["Name", "Phone", "Amount", "Captured", "Notes"],
    [
      ['Ana <O\'Brien> & "Co"', "00123", 42.5, new Date("2026-01-02T03:04:05Z"), '=HYPERLINK("x")'],
      ["Bell\u0000\u0008\uFFFE\uD800 🙂", null, -3, null, "  two\r\nlines  "],
      ["", undefined, Number.NaN, new Date("nope"), "_x0041_ stays"],
    ],
    { modified },
  );

  it("holds every part of a workbook, each CRC and size matching its data", () => {
    const files = readZip(file);
    expect([...files.keys()]).toEqual(PARTS);
    for (const f of files.values()) {
      expect(f.method, f.name).toBe(8);
      expect(f.data.length, f.name).toBe(f.size);
      expect(f.crc, f.name).toBe(zlib.crc32(f.data));
    }
    expect(text(file, "[Content_Types].xml")).toContain(
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
    );
    expect(text(file, "_rels/.rels")).toContain('Target="xl/workbook.xml"');
    expect(text(file, "xl/_rels/workbook.xml.rels")).toContain('Target="worksheets/sheet1.xml"');
    expect(text(file, "xl/workbook.xml")).toContain(
      '<sheet name="Leads &amp; more" sheetId="1" r:id="rId1"/>',
    );
    const styles = text(file, "xl/styles.xml");
    expect(styles).toContain('<font><b/><sz val="11"/>');
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/>');
  });

  it("writes a bold header, text as inline strings, numbers and dates as values", () => {
    const xml = sheetXml(file);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')).toBe(true);
    expect(xml).toContain('<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>Name</t></is></c>');
    expect(xml).toContain(
      '<c r="A2" t="inlineStr"><is><t>Ana &lt;O\'Brien&gt; &amp; &quot;Co&quot;</t></is></c>',
    );
    // Text stays text: leading zeros kept, a formula never becomes one.
    expect(xml).toContain('<c r="B2" t="inlineStr"><is><t>00123</t></is></c>');
    expect(xml).toContain('<c r="E2" t="inlineStr"><is><t>=HYPERLINK(&quot;x&quot;)</t></is></c>');
    expect(xml).not.toContain("<f>");
    expect(xml).toContain('<c r="C2"><v>42.5</v></c>');
    expect(xml).toContain(`<c r="D2" s="2"><v>${excelSerial(new Date("2026-01-02T03:04:05Z"))}</v></c>`);
    expect(xml).toContain('<c r="C3"><v>-3</v></c>');
    expect(xml).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheetRows(file)).toEqual([
      ["Name", "Phone", "Amount", "Captured", "Notes"],
      [
        'Ana <O\'Brien> & "Co"',
        "00123",
        "42.5",
        String(excelSerial(new Date("2026-01-02T03:04:05Z"))),
        '=HYPERLINK("x")',
      ],
      ["Bell 🙂", "", "-3", "", "  two\r\nlines  "],
      ["", "", "NaN", "", "_x005F_x0041_ stays"],
    ]);
  });

  it("drops characters XML 1.0 cannot hold, keeps edge spaces, and escapes _xHHHH_", () => {
    const xml = sheetXml(file);
    expect(xml).toContain("<t>Bell 🙂</t>");
    for (const c of ["\u0000", "\u0008", "\uFFFE", "\uD800"]) expect(xml.includes(c)).toBe(false);
    expect(xml).toContain('<t xml:space="preserve">  two&#13;\nlines  </t>');
    expect(xml).toContain("<t>_x005F_x0041_ stays</t>");
    // Empty text, null, undefined and an invalid date leave the cell out.
    expect(xml).toContain('<row r="4"><c r="C4" t="inlineStr"><is><t>NaN</t></is></c><c r="E4"');
  });

  it("keeps a cell within Excel's 32,767 characters, never splitting a surrogate pair", () => {
    const long = toXlsx("S", ["A", "B"], [["x".repeat(40_000), `${"y".repeat(32_766)}🙂`]]);
    const [, row] = sheetRows(long);
    expect(row[0]).toHaveLength(32_767);
    expect(row[1]).toBe("y".repeat(32_766));
  });

  it("makes sheet names Excel accepts", () => {
    expect(sheetName("a/b:c*d?e[f]g\\h")).toBe("a b c d e f g h");
    expect(sheetName("'quoted'")).toBe("quoted");
    expect(sheetName("")).toBe("Sheet1");
    expect(sheetName("History")).toBe("History 1");
    expect(sheetName("x".repeat(40))).toHaveLength(31);
    expect(columnName(0)).toBe("A");
    expect(columnName(25)).toBe("Z");
    expect(columnName(26)).toBe("AA");
    expect(columnName(701)).toBe("ZZ");
    expect(columnName(702)).toBe("AAA");
  });

  it("builds a large sheet chunk by chunk into one deflate stream", () => {
    const w = xlsxWriter("Big", ["Id", "Name", "Notes"], { modified });
    const total = 30_000;
    for (let start = 0; start < total; start += 5000) {
      w.addRows(
        Array.from({ length: 5000 }, (_, i) => [start + i + 1, `Person ${start + i + 1}`, "n".repeat(40)]),
      );
    }
    const big = w.finish();
    expect(() => w.addRows([])).toThrow();
    const sheet = readZip(big).get("xl/worksheets/sheet1.xml");
    expect(sheet?.size).toBeGreaterThan(3_000_000); // several sync-flushed pieces
    expect(sheet?.crc).toBe(zlib.crc32(sheet?.data ?? Buffer.alloc(0)));
    const rows = sheetRows(big);
    expect(rows).toHaveLength(total + 1);
    expect(rows[total]).toEqual([String(total), `Person ${total}`, "n".repeat(40)]);
    expect(unzipTest(big)?.ok ?? true).toBe(true);
  });

  it("writes an empty sheet with only its header", () => {
    const empty = xlsxWriter("Empty", ["Only"]).finish();
    expect(sheetRows(empty)).toEqual([["Only"]]);
  });

  it("writes several sheets, each in the workbook, its relationships and the content types", async () => {
    const book = await bytesOf(
      xlsxStream(
        [
          { name: "Leads", header: ["Id", "Name"], rows: [[[1, "Ana"]], [[2, "Bo"]]] },
          {
            name: "leads",
            header: ["Total"],
            rows: (async function* () {
              yield [[2]];
            })(),
          },
          { name: "Empty", header: ["Only"], rows: [] },
        ],
        { modified },
      ),
    );
    const files = readZip(book);
    expect([...files.keys()]).toEqual([
      ...PARTS.slice(0, 5),
      "xl/worksheets/sheet1.xml",
      "xl/worksheets/sheet2.xml",
      "xl/worksheets/sheet3.xml",
    ]);
    // Sheet names are unique whatever their case.
    expect(text(book, "xl/workbook.xml")).toContain(
      '<sheets><sheet name="Leads" sheetId="1" r:id="rId1"/><sheet name="leads (2)" sheetId="2" r:id="rId2"/><sheet name="Empty" sheetId="3" r:id="rId3"/></sheets>',
    );
    const rels = text(book, "xl/_rels/workbook.xml.rels");
    expect(rels).toContain(
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet3.xml"/>',
    );
    expect(rels).toContain(
      'Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"',
    );
    for (const n of [1, 2, 3]) {
      expect(text(book, "[Content_Types].xml")).toContain(
        `<Override PartName="/xl/worksheets/sheet${n}.xml"`,
      );
    }
    expect(sheetRows(book, 1)).toEqual([
      ["Id", "Name"],
      ["1", "Ana"],
      ["2", "Bo"],
    ]);
    expect(sheetRows(book, 2)).toEqual([["Total"], ["2"]]);
    expect(sheetRows(book, 3)).toEqual([["Only"]]);
    const r = unzipTest(book);
    if (r) expect(r.ok, r.output).toBe(true);
  });

  it("writes a header block above a frozen header row", () => {
    const when = new Date("2026-03-04T05:06:00Z");
    const book = xlsxWriter("Report", ["Name", "Email"], {
      intro: [["Smart Circle users"], ["Exported", when], ["Status", "Active"]],
    });
    book.addRows([["Ana", "ana@x.test"]]);
    const file = book.finish();
    expect(sheetRows(file)).toEqual([
      ["Smart Circle users"],
      ["Exported", String(excelSerial(when))],
      ["Status", "Active"],
      ["Name", "Email"],
      ["Ana", "ana@x.test"],
    ]);
    const xml = sheetXml(file);
    // Labels bold, values plain, a blank row 4, the header on row 5 and frozen under it.
    expect(xml).toContain(
      '<row r="2"><c r="A2" s="1" t="inlineStr"><is><t>Exported</t></is></c><c r="B2" s="2">',
    );
    expect(xml).toContain('<c r="B3" t="inlineStr"><is><t>Active</t></is></c>');
    expect(xml).not.toContain('<row r="4">');
    expect(xml).toContain('<row r="5"><c r="A5" s="1" t="inlineStr"><is><t>Name</t></is></c>');
    expect(xml).toContain('<pane ySplit="5" topLeftCell="A6" activePane="bottomLeft" state="frozen"/>');
  });

  it("streams a workbook a chunk at a time, reading the next chunk only when more bytes are wanted", async () => {
    let read = 0;
    async function* chunks() {
      for (let c = 0; c < 20; c++) {
        read++;
        yield Array.from({ length: 5000 }, (_, i) => [c * 5000 + i + 1, `Person ${i}`, "n".repeat(40)]);
      }
    }
    const stream = xlsxStream([{ name: "Big", header: ["Id", "Name", "Notes"], rows: chunks() }], {
      modified,
    });
    const first = await new Promise<Buffer>((resolve) => stream.once("data", resolve));
    stream.pause();
    await new Promise((r) => setTimeout(r, 20));
    // A few chunks ahead at most (the stream's small buffer), not the whole sheet.
    expect(first.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    expect(read).toBeLessThan(5);
    const rest = await bytesOf(stream);
    expect(read).toBe(20);
    const rows = sheetRows(Buffer.concat([first, rest]));
    expect(rows).toHaveLength(100_001);
    expect(rows[100_000]).toEqual(["100000", "Person 4999", "n".repeat(40)]);
  });

  it("passes unzip -t with no errors", (ctx) => {
    const r = unzipTest(file);
    if (!r) ctx.skip();
    expect(r?.ok, r?.output).toBe(true);
    expect(r?.output).toContain("No errors detected");
    for (const part of PARTS) expect(r?.output).toContain(`testing: ${part}`);
  });
});
