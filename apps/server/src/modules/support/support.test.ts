import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DOCUMENT_TYPES, FILE_LINK_MINUTES, VIDEO_TYPES } from "@fieldlead/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../platform/errors";
import { secretBox } from "../../platform/secrets";
import { sweepSpool } from "./support.jobs";
import { downloadName, fileLinks } from "./support.links";
import { rangeOf } from "./support.routes";
import { embedUrlOf, FILE_LINK_KEY_PURPOSE } from "./support.service";
import { samples } from "./support.test-support";
import { cleanFileName, contentTypeOf, extensionOf, formatSize, type UploadRules } from "./support.uploads";

// The parts of support that need no server: links, names, sizes, ranges, players, and the check of a file's kind.

const dir = mkdtempSync(join(tmpdir(), "fieldlead-support-unit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("file links", () => {
  const key = Buffer.alloc(32, 1);
  let clock = new Date("2026-05-01T12:00:00Z");
  const links = fileLinks(key, () => clock);

  it("name the file and the disposition, expire after FILE_LINK_MINUTES, and cannot be altered", () => {
    const made = links.linksFor({ id: 42, contentType: "image/png" });
    expect(made.linksExpireAt).toBe(new Date(clock.getTime() + FILE_LINK_MINUTES * 60_000).toISOString());
    const download = made.downloadUrl.split("/").pop() as string;
    const preview = (made.previewUrl as string).split("/").pop() as string;
    expect(links.verify(download)).toEqual({ fileId: 42, disposition: "attachment" });
    expect(links.verify(preview)).toEqual({ fileId: 42, disposition: "inline" });
    expect(links.verify(download.replace(/^42\./, "43."))).toBeNull();
    expect(links.verify(download.replace(".a.", ".i."))).toBeNull();
    expect(fileLinks(Buffer.alloc(32, 2), () => clock).verify(download)).toBeNull();
    expect(links.verify(`${download}x`)).toBeNull();
    expect(links.verify("")).toBeNull();
    clock = new Date(clock.getTime() + FILE_LINK_MINUTES * 60_000 - 1000);
    expect(links.verify(download)).not.toBeNull();
    clock = new Date(clock.getTime() + 1000);
    expect(links.verify(download)).toBeNull();
  });

  it("make a preview only for types a browser shows", () => {
    expect(links.linksFor({ id: 1, contentType: "application/pdf" }).previewUrl).not.toBeNull();
    expect(links.linksFor({ id: 1, contentType: "text/csv" }).previewUrl).toBeNull();
    expect(links.linksFor({ id: 1, contentType: "video/mp4" }).previewUrl).toBeNull();
  });
});

describe("the links' key", () => {
  it("is derived from the secrets key for its purpose: the same each time, another for another purpose or key", () => {
    const box = secretBox(Buffer.alloc(32, 9));
    const key = box.deriveKey(FILE_LINK_KEY_PURPOSE);
    expect(key).toHaveLength(32);
    expect(box.deriveKey(FILE_LINK_KEY_PURPOSE).equals(key)).toBe(true);
    expect(box.deriveKey("another purpose").equals(key)).toBe(false);
    expect(secretBox(Buffer.alloc(32, 8)).deriveKey(FILE_LINK_KEY_PURPOSE).equals(key)).toBe(false);
    expect(key.equals(Buffer.alloc(32, 9))).toBe(false);
  });
});

describe("names", () => {
  it("download with the extension in lower case (the spec's rule)", () => {
    expect(downloadName("Product Sheet.PDF")).toBe("Product Sheet.pdf");
    expect(downloadName("a.b.C.JpEg")).toBe("a.b.C.jpeg");
    expect(downloadName("README")).toBe("README");
    expect(downloadName(".Hidden")).toBe(".Hidden");
    expect(downloadName("Trailing.")).toBe("Trailing.");
  });

  it("keep the last part of what the browser sent, without control characters, at most 200 characters", () => {
    expect(cleanFileName("C:\\fakepath\\Report.PDF")).toBe("Report.PDF");
    expect(cleanFileName("dir/sub/x.txt")).toBe("x.txt");
    expect(cleanFileName("  tab\tname.txt ")).toBe("tabname.txt");
    expect(cleanFileName(`${"n".repeat(300)}.Docx`)).toBe(`${"n".repeat(195)}.Docx`);
    for (const bad of [undefined, "", "  ", "..", "a/"]) expect(() => cleanFileName(bad)).toThrow(AppError);
    expect(extensionOf("x.TXT")).toBe("txt");
    expect(extensionOf("x")).toBeNull();
  });

  it("say sizes in words", () => {
    expect(formatSize(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatSize(200 * 1024 * 1024)).toBe("200 MB");
    expect(formatSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(formatSize(64 * 1024)).toBe("64 KB");
    expect(formatSize(900)).toBe("900 bytes");
  });
});

describe("ranges", () => {
  it("serve one range within the file, ignore what they cannot serve, and refuse one past the end", () => {
    expect(rangeOf(undefined, 100)).toBeNull();
    expect(rangeOf("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(rangeOf("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(rangeOf("bytes=100-", 100)).toBe("unsatisfiable");
    expect(rangeOf("bytes=-0", 100)).toBe("unsatisfiable");
    for (const ignored of ["bytes=0-1,5-6", "items=0-1", "bytes=5-2", "bytes=-", "nonsense"])
      expect(rangeOf(ignored, 100), ignored).toBeNull();
  });
});

describe("video players", () => {
  it("are made for YouTube and Vimeo links, and for nothing else", () => {
    const yt = "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw";
    for (const link of [
      "https://www.youtube.com/watch?v=jNQXAC9IVRw",
      "https://youtube.com/watch?v=jNQXAC9IVRw&t=10s",
      "https://m.youtube.com/watch?v=jNQXAC9IVRw",
      "https://youtu.be/jNQXAC9IVRw",
      "https://www.youtube.com/shorts/jNQXAC9IVRw",
      "https://www.youtube.com/embed/jNQXAC9IVRw",
    ])
      expect(embedUrlOf(link), link).toBe(yt);
    expect(embedUrlOf("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(embedUrlOf("https://vimeo.com/channels/staffpicks/76979871")).toBe(
      "https://player.vimeo.com/video/76979871",
    );
    expect(embedUrlOf("https://player.vimeo.com/video/76979871?h=abc123")).toBe(
      "https://player.vimeo.com/video/76979871?h=abc123",
    );
    for (const other of [
      "https://example.com/watch?v=jNQXAC9IVRw",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/channel/UC123",
      "https://vimeo.com/about",
      "http://youtu.be/jNQXAC9IVRw",
      "https://youtube.com.evil.test/watch?v=jNQXAC9IVRw",
      "not a url",
    ])
      expect(embedUrlOf(other), other).toBeNull();
  });
});

describe("a file's kind, by its content", () => {
  const documents: UploadRules = { what: "a document", kinds: DOCUMENT_TYPES, maxBytes: 1_000_000 };
  const videos: UploadRules = { what: "a tutorial video", kinds: VIDEO_TYPES, maxBytes: 1_000_000 };
  let n = 0;
  const spooled = (fileName: string, body: Buffer) => {
    const path = join(dir, `f${n++}`);
    writeFileSync(path, body);
    let text = !body.includes(0);
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch {
      text = false;
    }
    return { path, fileName, size: body.length, sha256: "", text };
  };
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };

  it("takes each kind under its own extensions", async () => {
    expect(await contentTypeOf(spooled("a.PDF", await samples.pdf()), documents)).toBe("application/pdf");
    expect(await contentTypeOf(spooled("a.png", samples.png()), documents)).toBe("image/png");
    expect(await contentTypeOf(spooled("a.txt", samples.text("héllo")), documents)).toBe("text/plain");
    expect(await contentTypeOf(spooled("a.csv", samples.text("a,b\n1,2\n")), documents)).toBe("text/csv");
    // XML is text: as a .txt it is a text file.
    expect(await contentTypeOf(spooled("a.txt", samples.text('<?xml version="1.0"?><a/>')), documents)).toBe(
      "text/plain",
    );
    expect(await contentTypeOf(spooled("v.mp4", samples.mp4()), videos)).toBe("video/mp4");
  });

  it("refuses a renamed program with 415, naming what it is and what may be sent", async () => {
    const exe = await refusal(contentTypeOf(spooled("Invoice.pdf", samples.exe()), documents));
    expect(exe.status).toBe(415);
    expect(exe.message).toBe(
      '"Invoice.pdf" is a Windows program by its content, which a document cannot be. A document may be a PDF, a PNG image, a JPEG image, a GIF image, a WebP image, a Word document, an Excel workbook, a PowerPoint presentation, a text file or a CSV file.',
    );
    const elf = await refusal(contentTypeOf(spooled("clip.mp4", samples.elf()), videos));
    expect(elf.message).toMatch(
      /^"clip\.mp4" is a Linux program by its content, which a tutorial video cannot be/,
    );
  });

  it("refuses text and bytes that are not UTF-8 text as videos, and invalid UTF-8 as text", async () => {
    const text = await refusal(contentTypeOf(spooled("v.mp4", samples.text()), videos));
    expect(text.message).toMatch(/is not a kind of file we recognize by its content/);
    const latin1 = await refusal(
      contentTypeOf(spooled("a.txt", Buffer.from([0x63, 0x61, 0x66, 0xe9])), documents),
    );
    expect(latin1.message).toMatch(/is not a kind of file we recognize/);
    const nul = await refusal(contentTypeOf(spooled("a.txt", Buffer.from("a\u0000b")), documents));
    expect(nul.status).toBe(415);
  });
});

describe("the spool sweep", () => {
  it("removes uploads left for a day, and nothing else", async () => {
    const spool = join(dir, "spool");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(spool);
    writeFileSync(join(spool, "old.upload"), "x");
    writeFileSync(join(spool, "new.upload"), "x");
    writeFileSync(join(spool, "keep.txt"), "x");
    const old = new Date(Date.now() - 25 * 3_600_000);
    utimesSync(join(spool, "old.upload"), old, old);
    utimesSync(join(spool, "keep.txt"), old, old);
    expect(await sweepSpool(spool)).toBe(1);
    expect(readdirSync(spool).sort()).toEqual(["keep.txt", "new.upload"]);
    expect(await sweepSpool(join(dir, "missing"))).toBe(0);
  });
});
