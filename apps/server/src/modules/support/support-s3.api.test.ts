import type { DocumentItem } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { type S3Simulator, startS3Simulator } from "../../integrations/s3/simulator";
import { samples, supportTestKit, tempDataDir } from "./support.test-support";

// Support's files in an S3-compatible bucket (S3_* set; docs/decisions/0041): the same calls as with the data
// folder, every request to the bucket signed, the bytes streamed back through the link, removed after the outbox.

let t: TestApp;
let sim: S3Simulator;
const k = supportTestKit(() => t);
const data = tempDataDir();

beforeAll(async () => {
  sim = await startS3Simulator({ bucket: "support-test" });
  t = await createTestApp({ config: { dataDir: data.dir, s3: sim.settings } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
  data.cleanup();
});

describe("with an S3 bucket", () => {
  it("stores an upload in the bucket, serves it through its link, and removes it after a delete", async () => {
    expect(t.app.deps.platform.storage.kind).toBe("s3");
    const admin = await k.as("admin@demo.local");
    const body = await samples.pdf();
    const res = await k.upload(
      admin,
      "/api/support/documents/service-provider/upsert",
      { title: "In the bucket" },
      {
        name: "Bucket Sheet.PDF",
        body,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as DocumentItem;
    const key = await k.keyOfDocument(doc.id);
    expect(sim.objects().get(key)).toMatchObject({ contentType: "application/pdf" });
    expect(sim.objects().get(key)?.body.equals(body)).toBe(true);

    const download = await k.inject(null, "GET", doc.file.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(body)).toBe(true);
    expect(download.headers["content-length"]).toBe(String(body.length));
    expect(download.headers["content-disposition"]).toContain('filename="Bucket Sheet.pdf"');
    const part = await t.app.inject({
      method: "GET",
      url: doc.file.downloadUrl,
      headers: { range: "bytes=0-4" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("%PDF-");

    // A refused upsert leaves nothing in the bucket.
    const before = sim.objects().size;
    const refused = await k.upload(
      admin,
      "/api/support/documents/service-provider/upsert",
      { title: "" },
      {
        name: "x.pdf",
        body,
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(sim.objects().size).toBe(before);

    expect((await k.inject(admin, "DELETE", `/api/support/documents/${doc.id}`)).statusCode).toBe(200);
    expect(sim.objects().has(key)).toBe(true);
    await k.runRemovals();
    expect(sim.objects().has(key)).toBe(false);
    // Every call the app made to the bucket was signed and accepted.
    expect(sim.calls().filter((c) => c.status >= 400 && c.status !== 404)).toEqual([]);
  });
});
