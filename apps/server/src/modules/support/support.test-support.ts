import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UPLOAD_FILE_FIELD } from "@fieldlead/contracts";
import pino from "pino";
import { expect } from "vitest";
import { type AuthHeaders, h, sessionKit, type TestApp } from "../../../test/harness";
import { demoPdf } from "../../db/seed-support";
import { outboxDispatcher } from "../../platform/outbox";
import { supportJobs } from "./support.jobs";

/**
 * Helpers of the support tests: a data folder of their own (files are stored there), signing in once per person,
 * multipart bodies built the way a browser builds them (`FormData`), sample files of each kind, and running the
 * outbox's file removals.
 */

/** A fresh data folder for a test app's files; removed by `cleanup`. */
/** A 200 answer's JSON (the body is shown when it is not a 200). */
export const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

export function tempDataDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "fieldlead-support-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A form's body and content type, encoded by the platform's `FormData` (as a browser would send it). */
export async function formBody(
  fields: Record<string, string | number>,
  file?: { name: string; body: Buffer; type?: string; field?: string },
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (file)
    form.append(
      file.field ?? UPLOAD_FILE_FIELD,
      new Blob([file.body], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? "",
  };
}

/** Sample files: what their bytes say they are, whatever they are named. */
export const samples = {
  pdf: () => demoPdf("Sample", ["A sample document."]),
  /** A PNG signature and header (file-type reads no further). */
  png: () =>
    Buffer.concat([
      Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"),
      Buffer.alloc(64),
    ]),
  /** A Windows program: `MZ`, and a PE header where the DOS header points. */
  exe: () => {
    const b = Buffer.alloc(512);
    b.write("MZ", 0, "latin1");
    b.writeUInt32LE(0x80, 0x3c);
    b.write("PE\0\0", 0x80, "latin1");
    return b;
  },
  elf: () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(256)]),
  text: (s = "Checklist\n1. Call the day before.\n") => Buffer.from(s, "utf8"),
  mp4: (size = 2048) =>
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypmp42", "latin1"),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from("mp42isom", "latin1"),
      Buffer.alloc(Math.max(0, size - 24)),
    ]),
};

export function supportTestKit(t: () => TestApp) {
  const { as, rows, one } = sessionKit(t);

  const inject = (
    a: AuthHeaders | null,
    method: "GET" | "POST" | "DELETE" | "HEAD",
    url: string,
    payload?: unknown,
  ) =>
    t().app.inject({
      method,
      url,
      headers: a ? h(a) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A multipart upsert: the fields and, when given, the file. */
  const upload = async (
    a: AuthHeaders,
    url: string,
    fields: Record<string, string | number>,
    file?: { name: string; body: Buffer; type?: string; field?: string },
  ) => {
    const form = await formBody(fields, file);
    return t().app.inject({
      method: "POST",
      url,
      headers: h(a, { "content-type": form.contentType }),
      payload: form.payload,
    });
  };

  /** Runs the outbox's file removals that are due (what the worker does after a commit). */
  const runRemovals = async () => {
    const services = t().app.deps.services;
    const dispatcher = outboxDispatcher({
      database: t().database,
      handlers: supportJobs(services.support).handlers,
      signal: t().app.deps.platform.signal,
      log: pino({ level: "silent" }),
    });
    return dispatcher.drain();
  };

  /** Whether the storage holds bytes under a key. */
  const stored = async (storageKey: string) => {
    const got = await t().app.deps.platform.storage.get(storageKey);
    got?.stream.destroy();
    return got !== null;
  };

  /** A stored file's key, by its document. */
  const keyOfDocument = async (id: number) =>
    (
      await one<{ key: string }>(
        "select f.storage_key as key from support_documents d join stored_files f on f.id = d.file_id where d.id = $1",
        [id],
      )
    ).key;

  const fileCount = async () => (await one<{ n: number }>("select count(*)::int as n from stored_files")).n;

  return { as, rows, one, inject, upload, runRemovals, stored, keyOfDocument, fileCount };
}
