import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AwsV4Signer } from "aws4fetch";

/**
 * Where files' bytes live (docs/decisions/0041): one interface, two places. The data folder
 * (`$DATA_DIR/files/<key>`) is the embedded default; an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...) when
 * `S3_ENDPOINT` and its companions are set (config.ts). What the product knows of a file (its name, type, size,
 * owner) is a database row; the storage only holds bytes under a key the product chose (`newStorageKey`).
 *
 * Every method is safe to repeat: `put` replaces what a key held, `delete` of a key that holds nothing is done.
 * Nothing here logs or puts a credential in a message.
 */
export type FileStorage = {
  readonly kind: "folder" | "s3";
  /**
   * Stores `body` under `key`, all or nothing: a reader never sees half a file, and a body whose length is not
   * `meta.size` (or whose SHA-256 is not `meta.sha256`, when given, on S3) is refused and leaves nothing behind.
   */
  put(key: string, body: Readable | Buffer, meta: PutMeta): Promise<void>;
  /** The bytes under `key` (or the inclusive byte range of them), with the whole object's size; null when none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Forgets `key` and its bytes; nothing to forget is not an error. */
  delete(key: string): Promise<void>;
};

export type PutMeta = { contentType: string; size: number; sha256?: string };
/** Inclusive byte offsets, as HTTP ranges write them (`bytes=0-99` is the first 100 bytes). */
export type ByteRange = { start: number; end: number };
export type StoredObject = { stream: Readable; size: number };

/** A storage failure (the folder, the bucket): the message names the key and what went wrong, never a secret. */
export class StorageError extends Error {
  override name = "StorageError";
}

/** `S3_*` (config.ts): a bucket of an S3-compatible service, addressed path-style (`<endpoint>/<bucket>/<key>`). */
export type S3Settings = {
  /** `https://s3.us-east-1.amazonaws.com`, `http://127.0.0.1:9000`: the service's address, without the bucket. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** Keys are the product's own: letters, digits, `.`, `_`, `-`, in segments joined by `/` (no `..`, no empty one). */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function checkStorageKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split("/").some((s) => s === "." || s === ".."))
    throw new StorageError(`"${key.slice(0, 80)}" is not a storage key.`);
  return key;
}

/** A new key no one can guess: `<prefix>/<year>/<month>/<32 hex characters>`. */
export function newStorageKey(prefix: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return checkStorageKey(`${prefix}/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString("hex")}`);
}

/** The storage the configuration names: the bucket when `s3` is set, else the data folder's `files`. */
export function createStorage(
  config: { dataDir: string; s3?: S3Settings },
  options: { fetch?: typeof fetch } = {},
): FileStorage {
  return config.s3 ? s3Storage(config.s3, options) : folderStorage(join(config.dataDir, "files"));
}

// ---------------------------------------------------------------------------------------------------------
// The data folder.
// ---------------------------------------------------------------------------------------------------------

/**
 * Files under `root` (made when the first file is stored). A file is written under a temporary name beside its
 * place and renamed there once complete (a rename within a folder is atomic), so a reader or a crash never meets
 * half a file; the temporary file goes whatever happens.
 */
export function folderStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkStorageKey(key));
    if (!path.startsWith(base + sep)) throw new StorageError(`"${key}" is outside the storage folder.`);
    return path;
  };
  return {
    kind: "folder",
    async put(key, body, meta) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        let written = 0;
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              written += chunk.length;
              if (written > meta.size)
                throw new StorageError(`${key}: more bytes than the ${meta.size} announced.`);
              yield chunk;
            }
          },
          createWriteStream(temp, { flags: "wx", mode: 0o600 }),
        );
        if (written !== meta.size)
          throw new StorageError(`${key}: ${written} bytes arrived, not the ${meta.size} announced.`);
        await rename(temp, path);
      } finally {
        await rm(temp, { force: true });
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        // The open handle keeps the bytes readable even if the file is deleted meanwhile.
        const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { stream, size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// An S3-compatible bucket.
// ---------------------------------------------------------------------------------------------------------

/**
 * A bucket over the S3 REST API, path-style, each request signed with AWS Signature Version 4 (`aws4fetch`'s
 * signer; the transport is Node's `fetch`). A put streams the body with its length (S3 refuses a body of unknown
 * length) and, when known, its SHA-256 as the signed payload hash, so the service checks every byte arrived.
 */
export function s3Storage(settings: S3Settings, options: { fetch?: typeof fetch } = {}): FileStorage {
  const doFetch = options.fetch ?? fetch;
  const endpoint = settings.endpoint.replace(/\/+$/, "");
  const urlOf = (key: string) => `${endpoint}/${settings.bucket}/${checkStorageKey(key)}`;

  async function signed(method: string, key: string, headers: Record<string, string>) {
    const signer = new AwsV4Signer({
      method,
      url: urlOf(key),
      headers,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: "s3",
      region: settings.region,
    });
    const { url, headers: out } = await signer.sign();
    return { url: url.toString(), headers: out };
  }

  async function failure(method: string, key: string, res: Response): Promise<StorageError> {
    const text = await res.text().catch(() => "");
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]{1,300})<\/Message>/.exec(text)?.[1];
    return new StorageError(
      `The bucket answered ${method} ${key} with ${res.status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}.`,
    );
  }

  async function send(method: string, key: string, headers: Record<string, string>, init: RequestInit = {}) {
    const req = await signed(method, key, headers);
    try {
      return await doFetch(req.url, { method, headers: req.headers, ...init });
    } catch (err) {
      throw new StorageError(
        `The bucket at ${endpoint} could not be reached for ${method} ${key}: ${(err as Error).message}`,
      );
    }
  }

  return {
    kind: "s3",
    async put(key, body, meta) {
      const headers: Record<string, string> = {
        "content-type": meta.contentType,
        "content-length": String(meta.size),
        "x-amz-content-sha256": meta.sha256 ?? "UNSIGNED-PAYLOAD",
      };
      try {
        const res = await send("PUT", key, headers, {
          body: body as unknown as RequestInit["body"],
          // A stream body is sent as it is read (Node's fetch needs to be told).
          ...(Buffer.isBuffer(body) ? {} : { duplex: "half" }),
        } as RequestInit);
        if (!res.ok) throw await failure("PUT", key, res);
        await res.body?.cancel();
      } finally {
        // A stream the request did not finish reading (a refusal, a dropped connection) is closed here.
        if (!Buffer.isBuffer(body)) body.destroy();
      }
    },
    async get(key, range) {
      const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
      const res = await send("GET", key, headers);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) throw await failure("GET", key, res);
      const total = /\/(\d+)$/.exec(res.headers.get("content-range") ?? "")?.[1];
      const size = Number(total ?? res.headers.get("content-length") ?? 0);
      return { stream: Readable.fromWeb(res.body as import("node:stream/web").ReadableStream), size };
    },
    async delete(key) {
      const res = await send("DELETE", key, {});
      await res.body?.cancel();
      if (!res.ok && res.status !== 404) throw await failure("DELETE", key, res);
    },
  };
}
