import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { AwsV4Signer } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Simulator, startS3Simulator } from "../integrations/s3/simulator";
import { ConfigError, loadConfig } from "./config";
import {
  checkStorageKey,
  createStorage,
  type FileStorage,
  folderStorage,
  newStorageKey,
  StorageError,
  s3Storage,
} from "./storage";

// The file storage (docs/decisions/0041): one contract, held by the data folder and by an S3-compatible bucket (the
// simulator, which checks every request's signature as the real service does).

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const meta = (b: Buffer, contentType = "application/pdf") => ({
  contentType,
  size: b.length,
  sha256: sha(b),
});
const read = async (s: FileStorage, key: string, range?: { start: number; end: number }) => {
  const got = await s.get(key, range);
  return got ? { size: got.size, body: await buffer(got.stream) } : null;
};

let dir: string;
let sim: S3Simulator;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fieldlead-storage-"));
  sim = await startS3Simulator();
});
afterAll(async () => {
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

const kinds: [string, () => FileStorage][] = [
  ["the data folder", () => folderStorage(join(dir, "files"))],
  ["an S3 bucket (the simulator)", () => s3Storage(sim.settings)],
];

describe.each(kinds)("the storage contract: %s", (_name, make) => {
  it("keeps bytes under a key, gives them back whole or by range, and forgets them", async () => {
    const s = make();
    const key = newStorageKey("test");
    const body = Buffer.from("0123456789".repeat(1000));
    await s.put(key, body, meta(body));
    expect(await read(s, key)).toEqual({ size: body.length, body });
    expect(await read(s, key, { start: 10, end: 19 })).toEqual({
      size: body.length,
      body: body.subarray(10, 20),
    });
    await s.delete(key);
    expect(await s.get(key)).toBeNull();
    // Deleting what is not there is done, not an error.
    await s.delete(key);
  });

  it("streams a body in, and a second put replaces the first", async () => {
    const s = make();
    const key = newStorageKey("test");
    const chunks = [Buffer.alloc(70_000, 1), Buffer.alloc(70_000, 2), Buffer.from("end")];
    const whole = Buffer.concat(chunks);
    await s.put(key, Readable.from(chunks), meta(whole, "video/mp4"));
    expect((await read(s, key))?.body.equals(whole)).toBe(true);
    const next = Buffer.from("replaced");
    await s.put(key, next, meta(next, "text/plain"));
    expect((await read(s, key))?.body.toString()).toBe("replaced");
    await s.delete(key);
  });

  it("answers null for a key never stored", async () => {
    expect(await make().get(newStorageKey("test"))).toBeNull();
  });

  it("refuses a body whose length is not the one announced, and keeps nothing of it", async () => {
    const s = make();
    const key = newStorageKey("test");
    const body = Buffer.from("short body");
    await expect(
      s.put(key, Readable.from([body]), { ...meta(body), size: body.length + 5 }),
    ).rejects.toThrow();
    expect(await s.get(key)).toBeNull();
  });

  it("refuses keys that could leave their place", async () => {
    const s = make();
    for (const bad of ["../secrets.key", "a/../../b", "/abs", "a//b", "", "a b", "a/./b"]) {
      await expect(s.put(bad, Buffer.from("x"), meta(Buffer.from("x")))).rejects.toThrow(StorageError);
      await expect(s.get(bad)).rejects.toThrow(StorageError);
    }
  });
});

describe("the data folder", () => {
  it("writes under a temporary name and renames, leaving no temporary file behind, even when a put fails", async () => {
    const root = join(dir, "atomic");
    const s = folderStorage(root);
    const key = "support/2026/01/abc";
    await s.put(key, Buffer.from("one"), meta(Buffer.from("one")));
    await expect(
      s.put(key, Readable.from([Buffer.from("two, longer")]), { contentType: "text/plain", size: 3 }),
    ).rejects.toThrow(/more bytes than the 3 announced/);
    // The failed put left the file as it was, and no temporary file.
    expect((await read(s, key))?.body.toString()).toBe("one");
    expect(readdirSync(join(root, "support/2026/01"))).toEqual(["abc"]);
  });

  it("is the default, under DATA_DIR/files; the bucket when S3 is configured", () => {
    expect(createStorage({ dataDir: dir }).kind).toBe("folder");
    expect(createStorage({ dataDir: dir, s3: sim.settings }).kind).toBe("s3");
  });
});

describe("the S3 simulator", () => {
  const signedFetch = async (
    method: string,
    key: string,
    opts: { secret?: string; accessKeyId?: string; datetime?: string; headers?: Record<string, string> } = {},
  ) => {
    const signer = new AwsV4Signer({
      method,
      url: `${sim.endpoint}/${sim.settings.bucket}/${key}`,
      headers: opts.headers ?? {},
      accessKeyId: opts.accessKeyId ?? sim.settings.accessKeyId,
      secretAccessKey: opts.secret ?? sim.settings.secretAccessKey,
      service: "s3",
      region: sim.settings.region,
      ...(opts.datetime && { datetime: opts.datetime }),
    });
    const signed = await signer.sign();
    return fetch(signed.url, { method, headers: signed.headers });
  };
  const code = async (res: Response) => /<Code>(\w+)<\/Code>/.exec(await res.text())?.[1];

  it("refuses requests that are not signed, or signed with another secret, key or time", async () => {
    const key = newStorageKey("test");
    await s3Storage(sim.settings).put(key, Buffer.from("x"), meta(Buffer.from("x")));
    const unsigned = await fetch(`${sim.endpoint}/${sim.settings.bucket}/${key}`);
    expect(unsigned.status).toBe(403);
    expect(await code(unsigned)).toBe("AccessDenied");
    const wrongSecret = await signedFetch("GET", key, { secret: "not-the-secret" });
    expect(wrongSecret.status).toBe(403);
    expect(await code(wrongSecret)).toBe("SignatureDoesNotMatch");
    const wrongKey = await signedFetch("GET", key, { accessKeyId: "SOMEONEELSE" });
    expect(await code(wrongKey)).toBe("InvalidAccessKeyId");
    const old = await signedFetch("GET", key, { datetime: "20200101T000000Z" });
    expect(await code(old)).toBe("RequestTimeTooSkewed");
    expect((await signedFetch("GET", key)).status).toBe(200);
    // A storage with the wrong secret says what the bucket answered, and no secret.
    const wrong = s3Storage({ ...sim.settings, secretAccessKey: "wrong-secret-value" });
    const err = await wrong.get(key).catch((e: Error) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as Error).message).toMatch(/answered GET .* with 403 SignatureDoesNotMatch/);
    expect((err as Error).message).not.toContain("wrong-secret-value");
  });

  it("checks a signed payload hash against the body", async () => {
    const key = newStorageKey("test");
    const body = Buffer.from("the real body");
    await expect(
      s3Storage(sim.settings).put(key, body, { ...meta(body), sha256: sha(Buffer.from("another body")) }),
    ).rejects.toThrow(/XAmzContentSHA256Mismatch/);
    expect(sim.objects().has(key)).toBe(false);
  });

  it("keeps the content type a put sends", async () => {
    const key = newStorageKey("test");
    await s3Storage(sim.settings).put(key, Buffer.from("a,b\n"), meta(Buffer.from("a,b\n"), "text/csv"));
    expect(sim.objects().get(key)?.contentType).toBe("text/csv");
  });

  it("says when the bucket cannot be reached", async () => {
    const s = s3Storage({ ...sim.settings, endpoint: "http://127.0.0.1:1" });
    await expect(s.get(newStorageKey("test"))).rejects.toThrow(/could not be reached/);
  });
});

describe("storage keys", () => {
  it("are random under a prefix and a month", () => {
    const key = newStorageKey("support", new Date("2026-03-05T00:00:00Z"));
    expect(key).toMatch(/^support\/2026\/03\/[0-9a-f]{32}$/);
    expect(newStorageKey("support")).not.toBe(newStorageKey("support"));
    expect(checkStorageKey("a/b-c_d.e")).toBe("a/b-c_d.e");
  });
});

describe("the S3 settings", () => {
  const base = {
    S3_ENDPOINT: "https://s3.us-east-1.amazonaws.com",
    S3_BUCKET: "fieldlead-files",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret-example",
  };
  const message = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error("the configuration was accepted");
  };

  it("are read together, with the region's default", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(base).s3).toEqual({
      endpoint: "https://s3.us-east-1.amazonaws.com",
      bucket: "fieldlead-files",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret-example",
    });
    expect(
      loadConfig({ ...base, S3_ENDPOINT: "http://127.0.0.1:9000/", S3_REGION: "eu-west-3" }).s3,
    ).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-3",
    });
  });

  it("stop the start with a message naming what is missing or wrong, never the secret", () => {
    const partial = message({ S3_ENDPOINT: base.S3_ENDPOINT, S3_SECRET_ACCESS_KEY: "hush-hush" });
    expect(partial).toContain("S3_BUCKET is required with S3_ENDPOINT, S3_SECRET_ACCESS_KEY");
    expect(partial).toContain("S3_ACCESS_KEY_ID is required");
    expect(partial).not.toContain("hush-hush");
    expect(message({ ...base, S3_ENDPOINT: "s3.amazonaws.com" })).toContain(
      "S3_ENDPOINT must be the storage service's address",
    );
    expect(message({ ...base, S3_ENDPOINT: "https://s3.amazonaws.com/fieldlead-files" })).toContain(
      "S3_ENDPOINT is the service's address only, without a path: the bucket goes in S3_BUCKET",
    );
    expect(message({ ...base, S3_BUCKET: "Field_Lead" })).toContain("S3_BUCKET must be a bucket name");
    expect(message({ ...base, S3_REGION: "US East" })).toContain("S3_REGION must be a region name");
  });
});
