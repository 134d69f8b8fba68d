import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";
import type { S3Settings } from "../../platform/storage";

/**
 * A stand-in for an S3-compatible bucket service (docs/decisions/0041), for the tests and local trials: one
 * node:http server holding objects in memory, path-style (`/<bucket>/<key>`), with the four object calls the file
 * storage uses: PUT, GET (with one `Range`), HEAD and DELETE.
 *
 * It checks what the real service checks before it touches an object: every request is signed with AWS Signature
 * Version 4 by the one known access key (recomputed here with `aws4fetch`'s signer and compared in constant time),
 * for this region, at most 15 minutes from the simulator's clock; a PUT states its length, and a signed payload
 * hash (`x-amz-content-sha256` other than `UNSIGNED-PAYLOAD`) must be the body's. Refusals are S3's XML errors
 * (`SignatureDoesNotMatch`, `InvalidAccessKeyId`, `RequestTimeTooSkewed`, `MissingContentLength`,
 * `XAmzContentSHA256Mismatch`, `NoSuchBucket`, `NoSuchKey`, `InvalidRange`).
 */

export type S3SimulatorOptions = {
  port?: number;
  host?: string;
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  now?: () => Date;
};

export type S3SimObject = { body: Buffer; contentType: string; etag: string };
export type S3SimCall = { method: string; key: string; status: number };

export type S3Simulator = {
  /** `http://host:port`: what `S3_ENDPOINT` is set to. */
  endpoint: string;
  /** The settings a storage uses to reach the simulator's bucket with its key. */
  settings: S3Settings;
  /** The objects of the bucket, by key. */
  objects(): ReadonlyMap<string, S3SimObject>;
  /** Every request, in order, with its answer's status. */
  calls(): S3SimCall[];
  close(): Promise<void>;
};

export const S3_SIMULATOR_DEFAULTS = {
  bucket: "fieldlead-files",
  region: "us-east-1",
  accessKeyId: "SIMULATORKEY0000",
  secretAccessKey: "simulator-secret-access-key-0000000000",
} as const;

const MAX_SKEW_MS = 15 * 60_000;
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([^/\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const xmlEscape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function error(res: ServerResponse, status: number, code: string, message: string, method?: string) {
  res.statusCode = status;
  if (method === "HEAD") return res.end();
  res.setHeader("content-type", "application/xml");
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`,
  );
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(",") : v;
};

/** `x-amz-date` as a Date (`20260105T093000Z`), or null. */
function amzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? "");
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

export async function startS3Simulator(options: S3SimulatorOptions = {}): Promise<S3Simulator> {
  const bucket = options.bucket ?? S3_SIMULATOR_DEFAULTS.bucket;
  const region = options.region ?? S3_SIMULATOR_DEFAULTS.region;
  const accessKeyId = options.accessKeyId ?? S3_SIMULATOR_DEFAULTS.accessKeyId;
  const secretAccessKey = options.secretAccessKey ?? S3_SIMULATOR_DEFAULTS.secretAccessKey;
  const now = options.now ?? (() => new Date());
  const objects = new Map<string, S3SimObject>();
  const calls: S3SimCall[] = [];

  /** Null when the request is signed by the known key; otherwise the refusal's status, code and message. */
  async function refusal(req: IncomingMessage): Promise<[number, string, string] | null> {
    const auth = AUTH.exec(header(req, "authorization") ?? "");
    if (!auth) return [403, "AccessDenied", "The request is not signed (AWS Signature Version 4)."];
    const [, keyId, day, signedRegion, signedHeaders, signature] = auth as unknown as string[];
    if (keyId !== accessKeyId)
      return [403, "InvalidAccessKeyId", "The access key does not exist in our records."];
    if (signedRegion !== region)
      return [400, "AuthorizationHeaderMalformed", `The region is wrong; expecting '${region}'.`];
    const datetime = header(req, "x-amz-date");
    const at = amzDate(datetime);
    if (!at || datetime?.slice(0, 8) !== day)
      return [403, "AccessDenied", "x-amz-date is missing or does not match the credential's date."];
    if (Math.abs(at.getTime() - now().getTime()) > MAX_SKEW_MS)
      return [403, "RequestTimeTooSkewed", "The request's time is too far from the server's."];
    const names = signedHeaders.split(";");
    for (const required of ["host", "x-amz-content-sha256", "x-amz-date"])
      if (!names.includes(required))
        return [403, "AccessDenied", `The signature must cover the ${required} header.`];
    const headers: Record<string, string> = {};
    for (const name of names) {
      if (name === "host") continue;
      const value = header(req, name);
      if (value === undefined) return [403, "AccessDenied", `The signed header ${name} is missing.`];
      headers[name] = value;
    }
    const signer = new AwsV4Signer({
      method: req.method,
      url: `http://${header(req, "host")}${req.url}`,
      headers,
      accessKeyId,
      secretAccessKey,
      service: "s3",
      region,
      datetime,
      allHeaders: true,
    });
    const expected = Buffer.from(await signer.signature(), "hex");
    const given = Buffer.from(signature, "hex");
    if (signer.signedHeaders !== signedHeaders || !timingSafeEqual(expected, given))
      return [
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided.",
      ];
    return null;
  }

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, key: string) {
    const method = req.method ?? "GET";
    const refused = await refusal(req);
    if (refused) {
      req.resume();
      return error(res, ...refused, method);
    }
    if (method === "PUT") {
      const length = header(req, "content-length");
      if (length === undefined || !/^\d+$/.test(length))
        return error(res, 411, "MissingContentLength", "You must provide the Content-Length HTTP header.");
      const body = await readBody(req);
      const claimed = header(req, "x-amz-content-sha256");
      if (claimed !== "UNSIGNED-PAYLOAD" && createHash("sha256").update(body).digest("hex") !== claimed)
        return error(
          res,
          400,
          "XAmzContentSHA256Mismatch",
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      const etag = `"${createHash("md5").update(body).digest("hex")}"`;
      objects.set(key, {
        body,
        contentType: header(req, "content-type") ?? "application/octet-stream",
        etag,
      });
      res.setHeader("etag", etag);
      res.statusCode = 200;
      return res.end();
    }
    req.resume();
    if (method === "DELETE") {
      objects.delete(key);
      res.statusCode = 204;
      return res.end();
    }
    if (method !== "GET" && method !== "HEAD")
      return error(
        res,
        405,
        "MethodNotAllowed",
        "The specified method is not allowed against this resource.",
      );
    const object = objects.get(key);
    if (!object) return error(res, 404, "NoSuchKey", "The specified key does not exist.", method);
    let body = object.body;
    const range = header(req, "range");
    if (range !== undefined) {
      const m = /^bytes=(\d+)-(\d*)$/.exec(range);
      const start = m ? Number(m[1]) : Number.NaN;
      const end = m?.[2] ? Math.min(Number(m[2]), body.length - 1) : body.length - 1;
      if (!m || start >= body.length || start > end) {
        res.setHeader("content-range", `bytes */${body.length}`);
        return error(res, 416, "InvalidRange", "The requested range is not satisfiable.", method);
      }
      res.statusCode = 206;
      res.setHeader("content-range", `bytes ${start}-${end}/${object.body.length}`);
      body = body.subarray(start, end + 1);
    } else res.statusCode = 200;
    res.setHeader("content-type", object.contentType);
    res.setHeader("content-length", String(body.length));
    res.setHeader("etag", object.etag);
    res.end(method === "HEAD" ? undefined : body);
  }

  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0]);
    const [, name, ...rest] = path.split("/");
    const key = rest.join("/");
    res.on("finish", () => calls.push({ method: req.method ?? "", key, status: res.statusCode }));
    if (name !== bucket) {
      req.resume();
      return error(res, 404, "NoSuchBucket", "The specified bucket does not exist.", req.method);
    }
    if (!key) {
      req.resume();
      return error(res, 400, "InvalidRequest", "Name an object: /<bucket>/<key>.", req.method);
    }
    handle(req, res, key).catch((err: unknown) => {
      if (!res.headersSent) error(res, 500, "InternalError", (err as Error).message, req.method);
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const endpoint = `http://${host}:${address.port}`;

  return {
    endpoint,
    settings: { endpoint, bucket, region, accessKeyId, secretAccessKey },
    objects: () => objects,
    calls: () => calls.map((c) => ({ ...c })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
