import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { UPLOAD_FILE_FIELD } from "@fieldlead/contracts";
import type { FastifyRequest } from "fastify";
import { fileTypeFromFile } from "file-type";
import { AppError } from "../../platform/errors";

/**
 * Receiving a file (docs/decisions/0041): a `multipart/form-data` upsert's text fields and its one `file` part.
 * The file is streamed to a spool file as it arrives (never held in memory), its SHA-256 taken and whether it is
 * UTF-8 text without NUL noted on the way, and cut at the limit; then its type is found from its content
 * (`file-type`: the magic numbers, and the parts inside a zip for Office files) and held against the kinds the
 * call takes and against the name's extension. Only a file that passes goes on to the storage.
 */

export type FileKind = { contentType: string; extensions: readonly string[]; label: string };

export type UploadRules = {
  /** What the file becomes, in messages: "a document", "a tutorial video". */
  what: string;
  kinds: readonly FileKind[];
  maxBytes: number;
};

export type SpooledFile = {
  path: string;
  fileName: string;
  size: number;
  sha256: string;
  /** Valid UTF-8 without a NUL byte: a text file may be taken for one of the text kinds (no magic number). */
  text: boolean;
};

export type ReceivedForm = { fields: Record<string, string>; file: SpooledFile | null };

const MiB = 1024 * 1024;

/** 25 MB, 200 MB, 1.5 MB, 40 KB, 900 bytes. */
export function formatSize(bytes: number): string {
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

const fileError = (status: number, code: string, message: string) =>
  new AppError(code, status, message, { "body.file": [message] });

export const tooLarge = (rules: UploadRules) =>
  fileError(
    413,
    "file_too_large",
    `The file is larger than ${formatSize(rules.maxBytes)}, the most ${rules.what} can be.`,
  );

/** "an" before a vowel sound: "an Excel workbook", "an MP4 video", "an ELF file"; "a PDF", "a PNG image". */
const article = (label: string) =>
  /^[A-Z0-9]{2,}\b/.test(label)
    ? /^[AEFHILMNORSX8]/.test(label)
      ? "an"
      : "a"
    : /^[aeiou]/i.test(label)
      ? "an"
      : "a";
const withArticle = (label: string) => `${article(label)} ${label}`;

/** "a PDF, a PNG image, ... or a CSV file". */
function kindList(kinds: readonly FileKind[]): string {
  const labels = kinds.map((k) => withArticle(k.label));
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : (labels[0] ?? "");
}

/** What a file we do not take is, by its content. */
const PROGRAMS: Record<string, string> = {
  exe: "a Windows program",
  elf: "a Linux program",
  macho: "a macOS program",
  class: "a Java program",
  wasm: "a WebAssembly program",
  msi: "a Windows installer",
  dmg: "a macOS disk image",
  deb: "a Debian package",
  rpm: "an RPM package",
  apk: "an Android app",
};

/** A name's extension, in lower case; null when it has none. */
export function extensionOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : null;
}

/** file-type's name for a type beside the contracts' (`.m4v` is MP4 video). */
const ALIASES: Record<string, string> = { "video/x-m4v": "video/mp4" };

/**
 * The media type of a spooled file, from its content: one of `rules.kinds`, and the name's extension one of that
 * kind's. A file of another kind (a program renamed `.pdf`), or whose name says another kind than its content,
 * is refused (415) with what to do; an empty one is refused (400).
 */
export async function contentTypeOf(file: SpooledFile, rules: UploadRules): Promise<string> {
  const name = `"${file.fileName}"`;
  if (file.size === 0) throw fileError(400, "empty_file", `${name} is empty: choose the file again.`);
  const detected = await fileTypeFromFile(file.path);
  const ext = extensionOf(file.fileName);
  const mime = detected ? (ALIASES[detected.mime] ?? detected.mime) : null;
  let kind = mime ? rules.kinds.find((k) => k.contentType === mime) : undefined;
  const textKinds = rules.kinds.filter((k) => k.contentType.startsWith("text/"));
  if (!kind && file.text && textKinds.length > 0) {
    // Text has no magic number (nor do formats written in text, such as XML): the name says which text kind.
    kind = textKinds.find((k) => ext !== null && k.extensions.includes(ext));
    if (!kind) {
      const endings = textKinds.flatMap((k) => k.extensions.map((e) => `.${e}`)).join(" or ");
      throw fileError(
        415,
        "unsupported_file",
        `${name} is a text file by its content, but its name ${ext ? `ends in .${ext}` : "has no extension"}: rename it to end in ${endings} and upload it again.`,
      );
    }
  }
  if (!kind) {
    const is = detected
      ? (PROGRAMS[detected.ext] ?? `${withArticle(detected.ext.toUpperCase())} file`)
      : "not a kind of file we recognize";
    const cap = rules.what.charAt(0).toUpperCase() + rules.what.slice(1);
    throw fileError(
      415,
      "unsupported_file",
      `${name} is ${is} by its content, which ${rules.what} cannot be. ${cap} may be ${kindList(rules.kinds)}.`,
    );
  }
  if (ext === null || !kind.extensions.includes(ext))
    throw fileError(
      415,
      "unsupported_file",
      `${name} is ${withArticle(kind.label)} by its content, but its name ${ext ? `ends in .${ext}` : "has no extension"}: rename it to end in .${kind.extensions[0]} and upload it again.`,
    );
  return kind.contentType;
}

/**
 * The name a file keeps: the last part of what the browser sent (some send a path), without control characters,
 * at most 200 characters with its extension kept.
 */
export function cleanFileName(sent: string | undefined): string {
  const last = (sent ?? "").split(/[\\/]/).pop() ?? "";
  const clean = last
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .normalize("NFC")
    .trim();
  if (!clean || clean === "." || clean === "..")
    throw fileError(400, "bad_file_name", "The file has no name: give it one, such as report.pdf.");
  if (clean.length <= 200) return clean;
  const ext = extensionOf(clean);
  const tail = ext && ext.length <= 10 ? clean.slice(clean.lastIndexOf(".")) : "";
  return clean.slice(0, 200 - tail.length) + tail;
}

/** Streams a file part to `dir`, noting its size, SHA-256 and whether it is text; `truncated` past the limit. */
async function spool(
  stream: Readable & { truncated?: boolean },
  fileName: string,
  dir: string,
): Promise<SpooledFile & { truncated: boolean }> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomBytes(12).toString("hex")}.upload`);
  const hash = createHash("sha256");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let text = true;
  let size = 0;
  try {
    await pipeline(
      stream,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          hash.update(chunk);
          if (text) {
            if (chunk.includes(0)) text = false;
            else
              try {
                utf8.decode(chunk, { stream: true });
              } catch {
                text = false;
              }
          }
          yield chunk;
        }
      },
      createWriteStream(path, { flags: "wx", mode: 0o600 }),
    );
    if (text)
      try {
        utf8.decode();
      } catch {
        text = false;
      }
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
  return { path, fileName, size, sha256: hash.digest("hex"), text, truncated: stream.truncated === true };
}

/** The 400 for a form that is not one (cut short, malformed, too many parts), in words a person can act on. */
function formError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_FILES_LIMIT")
    return fileError(400, "too_many_files", `Send one file, in the "${UPLOAD_FILE_FIELD}" field.`);
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
    return new AppError("bad_form", 400, "The form has too many fields.");
  if (code === "FST_PROTO_VIOLATION")
    return new AppError("bad_form", 400, "The form has a field whose name is not allowed.");
  const detail = err instanceof Error ? err.message : String(err);
  return new AppError(
    "bad_form",
    400,
    `The upload did not arrive as a complete multipart/form-data form (${detail}); send it again.`,
  );
}

/**
 * Reads a multipart request: the text fields named in `fieldNames` (others are ignored, as unknown JSON fields
 * are) and the one file of the `file` field, spooled to `spoolDir`. A file past `rules.maxBytes` is refused with
 * 413 once the rest of the request has been read (so the browser sees the answer, not a broken connection).
 * Whatever goes wrong, no spool file is left behind; on success the caller removes it.
 */
export async function receiveForm(
  req: FastifyRequest,
  rules: UploadRules,
  spoolDir: string,
  fieldNames: readonly string[],
): Promise<ReceivedForm> {
  const fields: Record<string, string> = {};
  let file: SpooledFile | null = null;
  let problem: AppError | null = null;
  try {
    const parts = req.parts({
      limits: {
        fileSize: rules.maxBytes,
        files: 1,
        fields: 20,
        fieldSize: 20_000,
        parts: 25,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (problem) continue;
        if (part.fieldname === UPLOAD_FILE_FIELD)
          problem = fileError(
            400,
            "bad_file",
            `Send the "${UPLOAD_FILE_FIELD}" field as a file, not as text.`,
          );
        else if (!fieldNames.includes(part.fieldname)) continue;
        else if (part.fieldname in fields)
          problem = new AppError("bad_form", 400, `body.${part.fieldname}: send this field once.`, {
            [`body.${part.fieldname}`]: ["Send this field once."],
          });
        else fields[part.fieldname] = String(part.value);
        continue;
      }
      if (problem || part.fieldname !== UPLOAD_FILE_FIELD) {
        part.file.resume();
        problem ??= fileError(400, "bad_file", `Send the file in the "${UPLOAD_FILE_FIELD}" field.`);
        continue;
      }
      const fileName = cleanFileName(part.filename);
      const spooled = await spool(part.file, fileName, spoolDir);
      if (spooled.truncated) {
        await rm(spooled.path, { force: true });
        problem = tooLarge(rules);
      } else file = spooled;
    }
  } catch (err) {
    problem = formError(err);
  }
  if (problem) {
    if (file) await rm(file.path, { force: true });
    throw problem;
  }
  return { fields, file };
}
