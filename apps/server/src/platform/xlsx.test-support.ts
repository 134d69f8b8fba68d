import { inflateRawSync } from "node:zlib";

/** One file of a ZIP as its central directory and local header describe it. */
export type ZipFile = {
  name: string;
  /** The general purpose flags of the local header (bit 3: a data descriptor follows the data). */
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  data: Buffer;
};

/**
 * A tiny ZIP reader for tests: finds the end record, walks the central directory, and inflates each entry
 * from its local header. Throws when the local header (or, for a streamed entry, its data descriptor) disagrees
 * with the central directory.
 */
export function readZip(buf: Buffer): Map<string, ZipFile> {
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("no end of central directory record");
  const count = buf.readUInt16LE(end + 10);
  const centralSize = buf.readUInt32LE(end + 12);
  let p = buf.readUInt32LE(end + 16);
  if (p + centralSize !== end) throw new Error("the central directory does not end at the end record");
  const files = new Map<string, ZipFile>();
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error(`bad central directory header ${n}`);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    const name = buf.toString("utf8", p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;

    if (buf.readUInt32LE(offset) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const localName = buf.toString("utf8", offset + 30, offset + 30 + buf.readUInt16LE(offset + 26));
    if (localName !== name) throw new Error(`local name ${localName} differs from ${name}`);
    const start = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
    if (buf.readUInt16LE(offset + 6) & 0x08) {
      // Written as a stream: the CRC and sizes follow the data, in a data descriptor (its signature optional).
      let d = start + compressedSize;
      if (buf.readUInt32LE(d) === 0x08074b50) d += 4;
      if (
        buf.readUInt32LE(d) !== crc ||
        buf.readUInt32LE(d + 4) !== compressedSize ||
        buf.readUInt32LE(d + 8) !== size
      ) {
        throw new Error(`data descriptor of ${name} differs from the central directory`);
      }
    } else if (buf.readUInt32LE(offset + 14) !== crc || buf.readUInt32LE(offset + 18) !== compressedSize) {
      throw new Error(`local header of ${name} differs from the central directory`);
    }
    const raw = buf.subarray(start, start + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    const flags = buf.readUInt16LE(offset + 6);
    files.set(name, { name, flags, method, crc, compressedSize, size, data });
  }
  return files;
}

/** The rows of a sheet (sheet1 unless said) as text (numbers as written, empty cells as ""), read with regular expressions. */
export function sheetRows(xlsx: Buffer, sheet = 1): string[][] {
  const xml = readZip(xlsx).get(`xl/worksheets/sheet${sheet}.xml`)?.data.toString("utf8");
  if (!xml) throw new Error(`no sheet${sheet}.xml`);
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#13;/g, "\r")
      .replace(/&amp;/g, "&");
  const columnIndex = (ref: string) =>
    [...(ref.match(/^[A-Z]+/)?.[0] ?? "")].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  return [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/gs)].map(([, cells]) => {
    const row: string[] = [];
    for (const [, ref, body] of cells.matchAll(/<c r="([A-Z]+\d+)"[^>]*>(.*?)<\/c>/gs)) {
      const text = /<t[^>]*>(.*?)<\/t>/s.exec(body)?.[1] ?? /<v>(.*?)<\/v>/s.exec(body)?.[1] ?? "";
      const i = columnIndex(ref);
      while (row.length < i) row.push("");
      row[i] = decode(text);
    }
    return row;
  });
}
