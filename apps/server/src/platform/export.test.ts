import { type Options as CsvOptions, stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import {
  attachmentHeader,
  csvField as csvCell,
  csvLine,
  csvStream,
  EXPORT_CONTENT_TYPE,
  exportFile,
  exportFileName,
  isExportFile,
} from "./export";
import { XLSX_CONTENT_TYPE } from "./xlsx";
import { readZip, sheetRows } from "./xlsx.test-support";

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts).toString("utf8");
}

async function* chunksOf<T>(...chunks: T[][]) {
  for (const c of chunks) yield c;
}

// Moved from modules/leads/lead-answers.test.ts with the CSV code (was lead-csv.ts).
describe("CSV cells", () => {
  it("quotes separators and quotes, and neutralizes spreadsheet formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });

  it("escapes every formula start (tab, CR, @, +, full-width forms), quotes a lone CR, writes dates as wall clock", () => {
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\uFF1D1+1")).toBe("'\uFF1D1+1");
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(new Date("2026-12-31T22:30:59Z"))).toBe("2026-12-31 22:30");
    expect(csvCell(new Date("nope"))).toBe("");
  });
});

/** The options the export gave csv-stringify until decision 0028: the writer must answer exactly as it did. */
const CSV_STRINGIFY_OPTIONS: CsvOptions = {
  record_delimiter: "windows",
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: {
    date: (d) => (Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 16).replace("T", " ")),
    boolean: (v) => String(v),
  },
};

/** A small seeded generator (mulberry32), so a failure names a row that can be run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the CSV writer against csv-stringify", () => {
  const pieces = [
    "a",
    "Zoë",
    "O'Brien",
    " ",
    ",",
    '"',
    "\r",
    "\n",
    "\r\n",
    "\t",
    "=",
    "+",
    "-",
    "@",
    "1",
    "é",
    ";",
  ];
  const starts = ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20", "'", '"', ""];

  it("writes every generated row exactly as csv-stringify did (10,000 rows of text, numbers, dates, nulls)", () => {
    const next = random(20261124);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    const cell = (): string | number | Date | boolean | null | undefined => {
      const kind = next();
      if (kind < 0.5) {
        let text = next() < 0.4 ? pick(starts) : "";
        const n = Math.floor(next() * 8);
        for (let i = 0; i < n; i++) text += pick(pieces);
        return text;
      }
      if (kind < 0.65) return pick([0, -1, 42, -3.5, 1e21, 0.1, -0, Number.MAX_SAFE_INTEGER]);
      if (kind < 0.75)
        return pick([new Date("2026-03-08T07:00:00Z"), new Date(Math.floor(next() * 4e12)), new Date("x")]);
      if (kind < 0.8) return next() < 0.5;
      return next() < 0.5 ? null : undefined;
    };
    for (let r = 0; r < 10_000; r++) {
      const row = Array.from({ length: 1 + Math.floor(next() * 6) }, cell);
      const expected = stringify([row], CSV_STRINGIFY_OPTIONS);
      const got = csvLine(row);
      if (got !== expected)
        expect({ row: r, cells: row, got }).toEqual({ row: r, cells: row, got: expected });
    }
  });
});

describe("csvStream", () => {
  it("writes a BOM and the header, then each chunk's rows with CRLF", async () => {
    const text = await textOf(
      csvStream(["Name", "Notes"], chunksOf([["Ana", "=1+1"]], [], [["Bo", 'say "hi"\nthere']])),
    );
    expect(text).toBe('\uFEFFName,Notes\r\nAna,\'=1+1\r\nBo,"say ""hi""\nthere"\r\n');
  });

  it("writes the BOM and header alone for an empty result", async () => {
    expect(await textOf(csvStream(["Only"], chunksOf()))).toBe("\uFEFFOnly\r\n");
  });

  it("reads the next chunk only when the reader wants more", async () => {
    let read = 0;
    async function* chunks() {
      for (let c = 0; c < 50; c++) {
        read++;
        yield Array.from({ length: 1000 }, (_, i) => [c * 1000 + i, "x".repeat(100)]);
      }
    }
    const stream = csvStream(["Id", "Text"], chunks());
    await new Promise((resolve) => stream.once("data", resolve));
    stream.pause();
    await new Promise((r) => setTimeout(r, 20));
    expect(read).toBeLessThan(5);
    const rest = await textOf(stream);
    expect(read).toBe(50);
    expect(rest.endsWith(`49999,${"x".repeat(100)}\r\n`)).toBe(true);
  });
});

describe("export files", () => {
  it("names a file by its title and local date, extension in lower case", () => {
    expect(exportFileName("Internal leads", "2026-11-21", "csv")).toBe("internal-leads-2026-11-21.csv");
    expect(exportFileName("Smart Circle users", "2026-11-21", "xlsx")).toBe(
      "smart-circle-users-2026-11-21.xlsx",
    );
    expect(exportFileName("  Leads: Ünïcode / Ação  ", "2026-01-02", "csv")).toBe(
      "leads-ünïcode-ação-2026-01-02.csv",
    );
    expect(exportFileName("***", "2026-01-02", "xlsx")).toBe("export-2026-01-02.xlsx");
  });

  it("builds Content-Disposition with the library: plain ASCII, or an ASCII fallback and filename*", () => {
    expect(attachmentHeader("internal-leads-2026-11-21.csv")).toBe(
      "attachment; filename=internal-leads-2026-11-21.csv",
    );
    expect(attachmentHeader("relatório 2026.xlsx")).toBe(
      "attachment; filename=\"relat?rio 2026.xlsx\"; filename*=UTF-8''relat%C3%B3rio%202026.xlsx",
    );
    expect(attachmentHeader('a "quoted" name.csv')).toBe('attachment; filename="a \\"quoted\\" name.csv"');
  });

  it("empties each chunk it is given once written, in both formats (the export owns its chunks)", async () => {
    const columns = [{ header: "Id", value: (r: { id: number }) => r.id }];
    for (const format of ["csv", "xlsx"] as const) {
      const a = [{ id: 1 }, { id: 2 }];
      const b = [{ id: 3 }];
      const file = exportFile({ format, title: "t", date: "2026-01-01", columns, chunks: chunksOf(a, b) });
      for await (const _ of file.body) {
        // read it all
      }
      expect([a.length, b.length]).toEqual([0, 0]);
    }
  });

  it("streams the same columns as CSV or as an XLSX sheet named by the title", async () => {
    type Row = { id: number; name: string; at: Date | null };
    const columns = [
      { header: "Id", value: (r: Row) => r.id },
      { header: "Name", value: (r: Row) => r.name },
      { header: "When", value: (r: Row) => r.at },
    ];
    const rows: Row[] = [
      { id: 1, name: "=cmd", at: new Date("2026-02-03T04:05:00Z") },
      { id: 2, name: "Bo", at: null },
    ];
    const csv = exportFile({
      format: "csv",
      title: "Test rows",
      date: "2026-02-03",
      columns,
      chunks: chunksOf([...rows]),
    });
    expect(isExportFile(csv)).toBe(true);
    expect(csv.filename).toBe("test-rows-2026-02-03.csv");
    expect(await textOf(csv.body)).toBe("\uFEFFId,Name,When\r\n1,'=cmd,2026-02-03 04:05\r\n2,Bo,\r\n");

    const xlsx = exportFile({
      format: "xlsx",
      title: "Test rows",
      date: "2026-02-03",
      columns,
      chunks: chunksOf(rows.slice(0, 1), rows.slice(1)),
      intro: [["Test rows"]],
    });
    expect(xlsx.filename).toBe("test-rows-2026-02-03.xlsx");
    const parts: Buffer[] = [];
    for await (const c of xlsx.body) parts.push(c as Buffer);
    const file = Buffer.concat(parts);
    expect(readZip(file).get("xl/workbook.xml")?.data.toString()).toContain('name="Test rows"');
    const sheet = sheetRows(file);
    expect(sheet[0]).toEqual(["Test rows"]);
    expect(sheet.slice(1, 3).map((r) => r.slice(0, 2))).toEqual([
      ["Id", "Name"],
      ["1", "=cmd"],
    ]);
    expect(sheet[3]).toEqual(["2", "Bo"]);
    expect(EXPORT_CONTENT_TYPE).toEqual({ csv: "text/csv; charset=utf-8", xlsx: XLSX_CONTENT_TYPE });
    expect(isExportFile({ kind: "csv", filename: "x.csv", body: "text" })).toBe(false);
  });
});
