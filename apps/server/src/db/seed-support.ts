import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import type { Tx } from "../platform/db";
import { type FileStorage, newStorageKey } from "../platform/storage";
import { storedFiles, supportDocuments, tutorials, users } from "./schema/index";

/** A one-page PDF with a title and a few paragraphs (pdfkit), as a buffer. */
export async function demoPdf(title: string, paragraphs: string[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 72,
    info: { Title: title, Author: "FieldLead demo" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.fontSize(22).text(title);
  doc.moveDown();
  for (const p of paragraphs) doc.fontSize(12).text(p).moveDown();
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

type DemoFile = { fileName: string; contentType: string; body: Buffer };

/**
 * Demo support (docs/decisions/0041): two service-provider documents of Summit Home East (a PDF whose name ends in
 * `.PDF`, which downloads as `.pdf`, and a text checklist), one product document, and two tutorials linking to
 * videos (YouTube and Vimeo). The rows are always written; the files' bytes go to `storage` when the seed is
 * given one (`npm start`, `npm run seed`), so the demo's downloads work there; the tests' template has none.
 */
export async function seedDemoSupport(
  tx: Tx,
  orgs: { east: number },
  storage: FileStorage | undefined,
): Promise<void> {
  const userId = async (email: string) =>
    (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null;
  const admin = await userId("admin@demo.local");
  const superAdmin = await userId("superadmin@demo.local");

  const store = async (file: DemoFile, organizationId: number | null, by: number | null) => {
    const storageKey = newStorageKey("support");
    const sha256 = createHash("sha256").update(file.body).digest("hex");
    await storage?.put(storageKey, file.body, {
      contentType: file.contentType,
      size: file.body.length,
      sha256,
    });
    const [row] = await tx
      .insert(storedFiles)
      .values({
        organizationId,
        storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.body.length,
        sha256,
        createdByUserId: by,
      })
      .returning({ id: storedFiles.id });
    return row.id;
  };

  const sheet = await demoPdf("Summit Home product sheet", [
    "Windows, doors and HVAC from Summit Home: what each line includes, its warranty and the financing offers of this season.",
    "Show it to a shopper who asks what happens after the in-home estimate.",
  ]);
  const checklist = Buffer.from(
    [
      "Installation day checklist",
      "",
      "1. Confirm the appointment the day before (call or text).",
      "2. Bring the signed estimate and the product sheet.",
      "3. Walk the homeowner through the work before starting.",
      "4. Photograph the finished work; leave the warranty card.",
      "",
    ].join("\n"),
    "utf8",
  );
  const guide = await demoPdf("Wingen lead capture guide", [
    "How to capture a lead on the phone in under a minute: the service type, its questions, the shopper's details and consent.",
    "With no signal, the capture is kept on the phone and sent when the signal returns.",
  ]);

  const documents = [
    {
      kind: "serviceProvider" as const,
      organizationId: orgs.east,
      title: "Summit Home product sheet",
      description: "The product lines, warranties and this season's financing offers.",
      file: { fileName: "Summit Home product sheet.PDF", contentType: "application/pdf", body: sheet },
      by: admin,
    },
    {
      kind: "serviceProvider" as const,
      organizationId: orgs.east,
      title: "Installation day checklist",
      description: "What the crew checks before, during and after an installation.",
      file: { fileName: "Installation checklist.txt", contentType: "text/plain", body: checklist },
      by: admin,
    },
    {
      kind: "product" as const,
      organizationId: null,
      title: "Wingen lead capture guide",
      description: "Capturing a lead on a phone, with or without a signal.",
      file: { fileName: "Wingen lead capture guide.pdf", contentType: "application/pdf", body: guide },
      by: superAdmin,
    },
  ];
  for (const d of documents) {
    const fileId = await store(d.file, d.organizationId, d.by);
    await tx.insert(supportDocuments).values({
      kind: d.kind,
      organizationId: d.organizationId,
      title: d.title,
      description: d.description,
      fileId,
      updatedByUserId: d.by,
    });
  }

  await tx.insert(tutorials).values([
    {
      title: "Capturing a lead at the store",
      description: "The capture screen from the first tap to the booked appointment.",
      sortOrder: 10,
      videoUrl: "https://www.youtube.com/watch?v=jNQXAC9IVRw",
      updatedByUserId: superAdmin,
    },
    {
      title: "Punching in and out",
      description: "Starting and ending a shift on the phone, and fixing a missing punch.",
      sortOrder: 20,
      videoUrl: "https://vimeo.com/76979871",
      updatedByUserId: superAdmin,
    },
  ]);
}
