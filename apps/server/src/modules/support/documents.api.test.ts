import {
  type DocumentItem,
  type documentSearchResponse,
  FILE_LINK_MINUTES,
  refusalOf,
} from "@fieldlead/contracts";
import { parse as parseDisposition } from "content-disposition";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestApp, type TestApp } from "../../../test/harness";
import { ok, samples, supportTestKit, tempDataDir } from "./support.test-support";

// Support documents (issue #16, docs/decisions/0041): the organization's service-provider documents and the
// platform's product documents; uploads checked by content; download links that cannot be guessed and expire; who
// may do what; another organization's documents never reached.

type DocumentList = z.infer<typeof documentSearchResponse>;

let t: TestApp;
const k = supportTestKit(() => t);
const data = tempDataDir();
/** The document limit, lowered so that a test need not send 25 MB. */
const DOC_LIMIT = 64 * 1024;

const SP = "/api/support/documents/service-provider";
const PRODUCT = "/api/support/documents/wingen";

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: data.dir, uploadLimits: { documentBytes: DOC_LIMIT } } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  data.cleanup();
});

const list = async (email: string, path: string, body: Record<string, unknown> = {}, org?: string) =>
  ok<DocumentList>(await k.inject(await k.as(email, org), "POST", path, body));
const addDocument = async (
  email: string,
  path: string,
  fields: Record<string, string | number>,
  file: { name: string; body: Buffer },
  org?: string,
) => ok<DocumentItem>(await k.upload(await k.as(email, org), `${path}/upsert`, fields, file));

describe("the lists", () => {
  it("show the demo's documents to everyone in the organization, with links and whether they may manage", async () => {
    const lg = await list("lg@demo.local", SP);
    expect(lg.canManage).toBe(false);
    expect(lg.items.map((d) => d.title)).toEqual(["Installation day checklist", "Summit Home product sheet"]);
    const sheet = lg.items[1];
    expect(sheet).toMatchObject({
      kind: "serviceProvider",
      organizationId: await t.orgId("Summit Home East"),
      description: "The product lines, warranties and this season's financing offers.",
      updatedByName: "Alex Admin",
      file: { fileName: "Summit Home product sheet.pdf", contentType: "application/pdf" },
    });
    expect(sheet.file.downloadUrl).toMatch(/^\/api\/support\/files\/\d+\.a\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(sheet.file.previewUrl).toMatch(/^\/api\/support\/files\/\d+\.i\.\d+\.[A-Za-z0-9_-]{43}$/);
    const expires = new Date(sheet.file.linksExpireAt).getTime();
    expect(Math.abs(expires - (Date.now() + FILE_LINK_MINUTES * 60_000))).toBeLessThan(60_000);

    const admin = await list("admin@demo.local", SP);
    expect(admin.canManage).toBe(true);
    const product = await list("lg@demo.local", PRODUCT);
    expect(product.canManage).toBe(false);
    expect(product.items.map((d) => [d.title, d.kind, d.organizationId])).toEqual([
      ["Wingen lead capture guide", "product", null],
    ]);
    expect((await list("admin@demo.local", PRODUCT)).canManage).toBe(false);
    expect((await list("superadmin@demo.local", PRODUCT)).canManage).toBe(true);
    // A program portal reads them too.
    expect((await list("hd@demo.local", PRODUCT)).total).toBe(1);
  });

  it("search the title and description, page, and keep another organization's documents out", async () => {
    const admin = await k.as("admin@demo.local");
    const pdf = await samples.pdf();
    for (const title of ["Zeta warranty terms", "Alpha roofing brochure", "beta financing sheet"])
      await addDocument(
        "admin@demo.local",
        SP,
        { title, description: `About ${title}` },
        { name: "x.pdf", body: pdf },
      );
    const page1 = await list("admin@demo.local", SP, { pageSize: 2 });
    expect(page1.total).toBe(5);
    expect(page1.items.map((d) => d.title)).toEqual(["Alpha roofing brochure", "beta financing sheet"]);
    const page2 = await list("admin@demo.local", SP, { pageSize: 2, page: 2 });
    expect(page2.items.map((d) => d.title)).toEqual([
      "Installation day checklist",
      "Summit Home product sheet",
    ]);
    const found = await list("admin@demo.local", SP, { search: "WARRANT" });
    expect(found.items.map((d) => d.title)).toEqual(["Summit Home product sheet", "Zeta warranty terms"]);
    expect((await list("admin@demo.local", SP, { search: "about beta" })).items).toHaveLength(1);
    // West and BrightPath Solar have none of East's.
    expect((await list("admin@demo.local", SP, {}, "Summit Home West")).total).toBe(0);
    expect((await list("solar.admin@demo.local", SP, { search: "Zeta" })).total).toBe(0);
    const bad = await k.inject(admin, "POST", SP, { search: "x".repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(["body.search"]);
  });
});

describe("uploads", () => {
  it("add a document from a form, keep its name with the extension lower-cased for the download", async () => {
    const body = await samples.pdf();
    const doc = await addDocument(
      "admin@demo.local",
      SP,
      { title: "  Product Sheet ", description: "Spring lineup" },
      { name: "Product Sheet.PDF", body },
    );
    expect(doc).toMatchObject({
      kind: "serviceProvider",
      title: "Product Sheet",
      description: "Spring lineup",
      updatedByName: "Alex Admin",
      file: { fileName: "Product Sheet.pdf", contentType: "application/pdf", sizeBytes: body.length },
    });
    const stored = await k.one<{ file_name: string; sha256: string; organization_id: number }>(
      "select f.file_name, f.sha256, f.organization_id from support_documents d join stored_files f on f.id = d.file_id where d.id = $1",
      [doc.id],
    );
    // The row keeps the name as uploaded; the download lower-cases the extension.
    expect(stored.file_name).toBe("Product Sheet.PDF");
    expect(stored.organization_id).toBe(await t.orgId("Summit Home East"));
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);

    const download = await k.inject(null, "GET", doc.file.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(body)).toBe(true);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-length"]).toBe(String(body.length));
    expect(parseDisposition(String(download.headers["content-disposition"]))).toEqual({
      type: "attachment",
      parameters: { filename: "Product Sheet.pdf" },
    });
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["cache-control"]).toBe("private, no-store");
  });

  it("take text files by their UTF-8 content, and keep a name that is not ASCII", async () => {
    const csv = await addDocument(
      "admin@demo.local",
      SP,
      { title: "Price list" },
      { name: "Prices ÜBER.CSV", body: samples.text("item,price\nwindow,450\n") },
    );
    expect(csv.file).toMatchObject({ fileName: "Prices ÜBER.csv", contentType: "text/csv" });
    expect(csv.file.previewUrl).toBeNull();
    const res = await k.inject(null, "GET", csv.file.downloadUrl);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(parseDisposition(String(res.headers["content-disposition"])).parameters.filename).toBe(
      "Prices ÜBER.csv",
    );
    // Compression would drop the length: files are sent as they are.
    const gz = await t.app.inject({
      method: "GET",
      url: csv.file.downloadUrl,
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBeUndefined();
    expect(gz.headers["content-length"]).toBe(String(csv.file.sizeBytes));
  });

  it("show a previewable file inline in a sandbox, and a PDF inline under the site's policy", async () => {
    const txt = await addDocument(
      "admin@demo.local",
      SP,
      { title: "Notes" },
      { name: "notes.txt", body: samples.text() },
    );
    const inline = await k.inject(null, "GET", txt.file.previewUrl as string);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(parseDisposition(String(inline.headers["content-disposition"])).type).toBe("inline");
    expect(inline.headers["content-security-policy"]).toBe("sandbox; frame-ancestors 'self'");
    expect(inline.headers["x-content-type-options"]).toBe("nosniff");
    const sheet = (await list("lg@demo.local", SP, { search: "Summit" })).items[0];
    // The demo's files are not in this test's storage (the template is seeded without one): one 404 for them.
    const demo = await k.inject(null, "GET", sheet.file.previewUrl as string);
    expect(demo.statusCode).toBe(404);
    const pdf = await addDocument(
      "admin@demo.local",
      SP,
      { title: "Sheet" },
      { name: "s.pdf", body: await samples.pdf() },
    );
    const shown = await k.inject(null, "GET", pdf.file.previewUrl as string);
    expect(shown.statusCode).toBe(200);
    expect(parseDisposition(String(shown.headers["content-disposition"])).type).toBe("inline");
    expect(shown.headers["content-security-policy"]).not.toContain("sandbox");
    expect(shown.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("serve one range of bytes, and answer a range past the end with 416", async () => {
    const body = samples.text("0123456789abcdef");
    const doc = await addDocument("admin@demo.local", SP, { title: "Ranges" }, { name: "r.txt", body });
    const part = await t.app.inject({
      method: "GET",
      url: doc.file.downloadUrl,
      headers: { range: "bytes=4-7" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("4567");
    expect(part.headers["content-range"]).toBe("bytes 4-7/16");
    expect(part.headers["content-length"]).toBe("4");
    const tail = await t.app.inject({
      method: "GET",
      url: doc.file.downloadUrl,
      headers: { range: "bytes=-3" },
    });
    expect(tail.body).toBe("def");
    const past = await t.app.inject({
      method: "GET",
      url: doc.file.downloadUrl,
      headers: { range: "bytes=99-" },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe("bytes */16");
    const head = await t.app.inject({ method: "HEAD", url: doc.file.downloadUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe("16");
  });

  it("refuse a renamed program, a name that says another kind, a kind not on the list and an empty file", async () => {
    const admin = await k.as("admin@demo.local");
    const files = await k.fileCount();
    const cases: [string, Buffer, number, RegExp][] = [
      [
        "Report.pdf",
        samples.exe(),
        415,
        /^"Report\.pdf" is a Windows program by its content, which a document cannot be\. A document may be a PDF, a PNG image, .* or a CSV file\.$/,
      ],
      ["manual.pdf", samples.elf(), 415, /is a Linux program by its content/],
      [
        "photo.pdf",
        samples.png(),
        415,
        /^"photo\.pdf" is a PNG image by its content, but its name ends in \.pdf: rename it to end in \.png/,
      ],
      ["scan", samples.png(), 415, /its name has no extension: rename it to end in \.png/],
      [
        "notes.pdf",
        samples.text(),
        415,
        /is a text file by its content, but its name ends in \.pdf: rename it to end in \.txt or \.csv/,
      ],
      ["clip.mp4", samples.mp4(), 415, /is an MP4 file by its content, which a document cannot be/],
      [
        "blob.bin",
        Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 9]),
        415,
        /is not a kind of file we recognize by its content/,
      ],
      ["empty.txt", Buffer.alloc(0), 400, /^"empty\.txt" is empty/],
    ];
    for (const [name, body, status, message] of cases) {
      const res = await k.upload(admin, `${SP}/upsert`, { title: "Refused" }, { name, body });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json().message, name).toMatch(message);
      expect(Object.keys(res.json().errors), name).toEqual(["body.file"]);
    }
    expect(await k.fileCount()).toBe(files);
    expect((await list("admin@demo.local", SP, { search: "Refused" })).total).toBe(0);
  });

  it("refuse a file over the limit with the limit in words, and store nothing of it", async () => {
    const admin = await k.as("admin@demo.local");
    const files = await k.fileCount();
    const big = Buffer.concat([await samples.pdf(), Buffer.alloc(DOC_LIMIT)]);
    const res = await k.upload(admin, `${SP}/upsert`, { title: "Too big" }, { name: "big.pdf", body: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file is larger than 64 KB, the most a document can be.");
    expect(res.json().errors).toEqual({
      "body.file": ["The file is larger than 64 KB, the most a document can be."],
    });
    expect(await k.fileCount()).toBe(files);
    expect(await k.rows("select 1 from support_documents where title = 'Too big'")).toEqual([]);
  });

  it("validate the form's fields as JSON's, and remove the stored file when the upsert fails", async () => {
    const admin = await k.as("admin@demo.local");
    const pdf = await samples.pdf();
    const untitled = await k.upload(admin, `${SP}/upsert`, { title: "  " }, { name: "a.pdf", body: pdf });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().errors).toEqual({ "body.title": ["Give the document a title"] });
    const badId = await k.upload(
      admin,
      `${SP}/upsert`,
      { id: "abc", title: "X" },
      { name: "a.pdf", body: pdf },
    );
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json().errors)).toEqual(["body.id"]);
    const missing = await k.upload(
      admin,
      `${SP}/upsert`,
      { id: 2_000_000, title: "X" },
      { name: "a.pdf", body: pdf },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The document was not found.");
    const noFile = await k.upload(admin, `${SP}/upsert`, { title: "No file" });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({
      "body.file": ["Choose the file to upload: a new document needs one."],
    });
    const wrongField = await k.upload(
      admin,
      `${SP}/upsert`,
      { title: "X" },
      { name: "a.pdf", body: pdf, field: "attachment" },
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Send the file in the "file" field.');
    // Every refused upload's bytes are gone: the storage holds only what rows name.
    const keys = (await k.rows<{ key: string }>("select storage_key as key from stored_files")).map(
      (r) => r.key,
    );
    const onDisk = await listStored();
    expect(onDisk.filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("change the words with JSON and keep the file; replace the file with a form and let the old one go", async () => {
    const admin = await k.as("admin@demo.local");
    const first = await addDocument(
      "admin@demo.local",
      SP,
      { title: "Brochure" },
      { name: "b.txt", body: samples.text("one") },
    );
    const oldKey = await k.keyOfDocument(first.id);
    const renamed = ok<DocumentItem>(
      await k.inject(admin, "POST", `${SP}/upsert`, {
        id: first.id,
        title: "Brochure 2026",
        description: "New",
      }),
    );
    expect(renamed).toMatchObject({ id: first.id, title: "Brochure 2026", description: "New" });
    expect(await k.keyOfDocument(first.id)).toBe(oldKey);
    const replaced = ok<DocumentItem>(
      await k.upload(
        admin,
        `${SP}/upsert`,
        { id: first.id, title: "Brochure 2026" },
        { name: "B.PNG", body: samples.png() },
      ),
    );
    expect(replaced.file).toMatchObject({ fileName: "B.png", contentType: "image/png" });
    expect(replaced.description).toBeNull();
    const newKey = await k.keyOfDocument(first.id);
    expect(newKey).not.toBe(oldKey);
    // The old bytes go once the outbox runs the removal the change recorded.
    expect(await k.stored(oldKey)).toBe(true);
    expect(await k.runRemovals()).toBeGreaterThan(0);
    expect(await k.stored(oldKey)).toBe(false);
    expect(await k.stored(newKey)).toBe(true);
    expect(await k.rows("select 1 from stored_files where storage_key = $1", [oldKey])).toEqual([]);
  });
});

describe("an upload's safety net", () => {
  it("records, with each upload, a late removal that keeps the bytes a row names and removes the others", async () => {
    const doc = await addDocument(
      "admin@demo.local",
      SP,
      { title: "Kept" },
      { name: "k.txt", body: samples.text() },
    );
    const key = await k.keyOfDocument(doc.id);
    const [guard] = await k.rows<{ due_hours: number; status: string }>(
      "select extract(epoch from run_after - now()) / 3600 as due_hours, status from outbox where key = $1",
      [`support.file.unused:${key}`],
    );
    expect(guard.status).toBe("pending");
    expect(Number(guard.due_hours)).toBeGreaterThan(5.9);
    // As if the hours had passed: the file a document names stays.
    await k.rows("update outbox set run_after = now() where key = $1", [`support.file.unused:${key}`]);
    await k.runRemovals();
    expect(await k.stored(key)).toBe(true);
    // Bytes whose row never committed (the process died before the request ended) go.
    const storage = t.app.deps.platform.storage;
    const orphan = "support/2026/01/0123456789abcdef0123456789abcdef";
    await storage.put(orphan, Buffer.from("left"), { contentType: "text/plain", size: 4 });
    await t.app.deps.services.support.removeStoredFile({ storageKey: orphan, onlyIfUnused: true });
    expect(await k.stored(orphan)).toBe(false);
  });
});

describe("deleting", () => {
  it("removes the document, its file's row, and its bytes after the commit", async () => {
    const admin = await k.as("admin@demo.local");
    const doc = await addDocument(
      "admin@demo.local",
      SP,
      { title: "Old flyer" },
      { name: "f.pdf", body: await samples.pdf() },
    );
    const key = await k.keyOfDocument(doc.id);
    const res = await k.inject(admin, "DELETE", `/api/support/documents/${doc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await k.rows("select 1 from stored_files where storage_key = $1", [key])).toEqual([]);
    // The link a list made before stops working at once; the bytes go with the outbox.
    expect((await k.inject(null, "GET", doc.file.downloadUrl)).statusCode).toBe(404);
    await k.runRemovals();
    expect(await k.stored(key)).toBe(false);
    const again = await k.inject(admin, "DELETE", `/api/support/documents/${doc.id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe("rights", () => {
  it("let a lead generator read but not upload, change or delete (403 with the refusal, nothing stored)", async () => {
    const lg = await k.as("lg@demo.local");
    const files = await k.fileCount();
    const up = await k.upload(
      lg,
      `${SP}/upsert`,
      { title: "Mine" },
      { name: "m.pdf", body: await samples.pdf() },
    );
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(refusalOf("support.manage"));
    expect(await k.fileCount()).toBe(files);
    const sheet = (await list("lg@demo.local", SP, { search: "Summit" })).items[0];
    const json = await k.inject(lg, "POST", `${SP}/upsert`, { id: sheet.id, title: "Mine" });
    expect(json.statusCode).toBe(403);
    const del = await k.inject(lg, "DELETE", `/api/support/documents/${sheet.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(refusalOf("support.manage"));
    for (const email of ["manager@demo.local", "analyst@demo.local", "hd@demo.local"]) {
      const res = await k.inject(await k.as(email), "DELETE", `/api/support/documents/${sheet.id}`);
      expect(res.statusCode, email).toBe(403);
    }
  });

  it("let an Admin manage the organization's documents but not the product documents", async () => {
    const admin = await k.as("admin@demo.local");
    const up = await k.upload(
      admin,
      `${PRODUCT}/upsert`,
      { title: "Ours" },
      { name: "o.pdf", body: await samples.pdf() },
    );
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(refusalOf("platform.operate"));
    const guide = (await list("admin@demo.local", PRODUCT)).items[0];
    const rename = await k.inject(admin, "POST", `${PRODUCT}/upsert`, { id: guide.id, title: "Renamed" });
    expect(rename.statusCode).toBe(403);
    const del = await k.inject(admin, "DELETE", `/api/support/documents/${guide.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(refusalOf("platform.operate"));
  });

  it("let a Super Admin manage the product documents, which every organization then reads", async () => {
    const sa = await k.as("superadmin@demo.local");
    const doc = ok<DocumentItem>(
      await k.upload(
        sa,
        `${PRODUCT}/upsert`,
        { title: "Wingen release notes" },
        { name: "Notes.TXT", body: samples.text() },
      ),
    );
    expect(doc).toMatchObject({ kind: "product", organizationId: null, file: { fileName: "Notes.txt" } });
    expect(
      (
        await k.one<{ o: number | null }>(
          "select f.organization_id as o from stored_files f join support_documents d on d.file_id = f.id where d.id = $1",
          [doc.id],
        )
      ).o,
    ).toBeNull();
    expect((await list("solar.admin@demo.local", PRODUCT, { search: "release" })).total).toBe(1);
    expect((await list("lg@demo.local", PRODUCT, { search: "release" })).total).toBe(1);
    // A product document's id is not a service-provider document's, nor the other way round.
    const asSp = await k.inject(sa, "POST", `${SP}/upsert`, { id: doc.id, title: "Moved" });
    expect(asSp.statusCode).toBe(404);
    const del = await k.inject(sa, "DELETE", `/api/support/documents/${doc.id}`);
    expect(del.statusCode).toBe(200);
  });
});

describe("another organization's documents", () => {
  it("answer 404 by id (change, replace, delete), as an id that does not exist, and change nothing", async () => {
    const east = await addDocument(
      "admin@demo.local",
      SP,
      { title: "East only" },
      { name: "e.pdf", body: await samples.pdf() },
    );
    const before = await k.rows("select * from support_documents order by id");
    const files = await k.fileCount();
    for (const [who, a] of [
      ["BrightPath Solar admin", await k.as("solar.admin@demo.local")],
      ["East admin in West", await k.as("admin@demo.local", "Summit Home West")],
    ] as const) {
      const calls = [
        () => k.inject(a, "POST", `${SP}/upsert`, { id: east.id, title: "Stolen" }),
        async () =>
          k.upload(
            a,
            `${SP}/upsert`,
            { id: east.id, title: "Stolen" },
            { name: "s.pdf", body: await samples.pdf() },
          ),
        () => k.inject(a, "DELETE", `/api/support/documents/${east.id}`),
      ];
      for (const call of calls) {
        const res = await call();
        expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
        expect(res.json().message).toBe("The document was not found.");
      }
      // No link to it is ever made for them: their lists do not hold it.
      const theirs = await list(
        who === "East admin in West" ? "admin@demo.local" : "solar.admin@demo.local",
        SP,
        {},
        who === "East admin in West" ? "Summit Home West" : undefined,
      );
      expect(JSON.stringify(theirs)).not.toContain("East only");
    }
    expect(await k.rows("select * from support_documents order by id")).toEqual(before);
    expect(await k.fileCount()).toBe(files);
    await k.runRemovals();
  });
});

describe("links", () => {
  it("answer one 404 for a token that is unknown, altered, expired or of a deleted file", async () => {
    const doc = await addDocument(
      "admin@demo.local",
      SP,
      { title: "Linked" },
      { name: "l.txt", body: samples.text() },
    );
    const token = doc.file.downloadUrl.split("/").pop() as string;
    const [id, d, exp, sig] = token.split(".");
    const links = t.app.deps.services.support.links;
    const fileId = Number(id);
    const variants = {
      unknown: "not-a-token",
      otherFile: `${fileId + 1}.${d}.${exp}.${sig}`,
      inline: `${id}.i.${exp}.${sig}`,
      laterExpiry: `${id}.${d}.${Number(exp) + 3600}.${sig}`,
      flippedSignature: `${id}.${d}.${exp}.${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`,
      expired: links.sign({ fileId, disposition: "attachment", expiresAt: new Date(Date.now() - 1000) }),
      signedElsewhere: (await import("./support.links")).fileLinks(Buffer.alloc(32, 7)).sign({
        fileId,
        disposition: "attachment",
        expiresAt: new Date(Date.now() + 60_000),
      }),
    };
    const good = await k.inject(null, "GET", `/api/support/files/${token}`);
    expect(good.statusCode).toBe(200);
    const answers = new Set<string>();
    for (const [name, bad] of Object.entries(variants)) {
      const res = await k.inject(null, "GET", `/api/support/files/${encodeURIComponent(bad)}`);
      expect(res.statusCode, name).toBe(404);
      answers.add(JSON.stringify({ ...res.json(), requestId: undefined }));
    }
    expect([...answers]).toEqual([
      JSON.stringify({
        type: "https://httpstatuses.io/404",
        title: "Not Found",
        status: 404,
        message: "The file was not found.",
        code: "not_found",
      }),
    ]);
    // A link made with the same key for a minute from now works: the expiry alone decided.
    const fresh = links.sign({ fileId, disposition: "attachment", expiresAt: new Date(Date.now() + 60_000) });
    expect((await k.inject(null, "GET", `/api/support/files/${fresh}`)).statusCode).toBe(200);
  });
});

/** Every key the test's folder storage holds. */
async function listStored(): Promise<string[]> {
  const { readdir } = await import("node:fs/promises");
  const { join, relative } = await import("node:path");
  const root = join(data.dir, "files");
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(relative(root, p));
    }
  };
  await walk(root);
  return out;
}
