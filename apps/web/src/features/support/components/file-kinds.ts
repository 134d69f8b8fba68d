import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  TUTORIAL_VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from "@fieldlead/contracts";

/** A kind of file an upload may be: its media type, the extensions its name may carry, and what people call it. */
export type FileKind = { contentType: string; extensions: readonly string[]; label: string };

/** What an upload field takes: the kinds, the largest size, and what the file becomes ("document", "video"). */
export type FileRule = { kinds: readonly FileKind[]; maxBytes: number; noun: string };

const UNITS = ["KB", "MB", "GB"] as const;

/** A size as people read it: "512 bytes", "1.2 MB", "25 MB" (1 KB is 1,024 bytes, as the limits are written). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // One decimal, none when it is a whole number: 31.2 MB, 25 MB.
  const shown = Number(value.toFixed(1)).toLocaleString("en-US", { maximumFractionDigits: 1 });
  return `${shown} ${UNITS[unit]}`;
}

/** "Report.XLSX" -> "xlsx"; "" when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The kinds as a file picker's `accept`: the extensions and the media types. */
export const acceptOf = (kinds: readonly FileKind[]) =>
  [...kinds.flatMap((k) => k.extensions.map((e) => `.${e}`)), ...kinds.map((k) => k.contentType)].join(",");

/** The kinds' names, listed: "PDF, PNG image, …, CSV file". */
export const kindList = (kinds: readonly FileKind[]) => kinds.map((k) => k.label).join(", ");

/**
 * Why a file cannot be uploaded under this rule, checked before anything is sent (by its name's extension and its
 * size: the server checks its content too); null when it can.
 */
export function fileProblem(file: { name: string; size: number }, rule: FileRule): string | null {
  const ext = extensionOf(file.name);
  if (!rule.kinds.some((k) => k.extensions.includes(ext)))
    return `“${file.name}” cannot be a ${rule.noun}. Choose one of these kinds: ${kindList(rule.kinds)}.`;
  if (file.size > rule.maxBytes) {
    const size = formatBytes(file.size);
    const max = formatBytes(rule.maxBytes);
    // A few bytes over reads the same rounded: say so rather than "25 MB; the most is 25 MB".
    return `The file is ${size === max ? `just over ${size}` : size}; the most a ${rule.noun} can be is ${max}.`;
  }
  if (file.size === 0) return "The file is empty. Choose another one.";
  return null;
}

export const DOCUMENT_RULE: FileRule = {
  kinds: DOCUMENT_TYPES,
  maxBytes: DOCUMENT_MAX_BYTES,
  noun: "document",
};
export const VIDEO_RULE: FileRule = { kinds: VIDEO_TYPES, maxBytes: TUTORIAL_VIDEO_MAX_BYTES, noun: "video" };

/** What a stored file is, in words: "PDF", "Word document"; its extension when the type is not one we name. */
export function fileTypeLabel(contentType: string, fileName: string): string {
  const kind = [...DOCUMENT_TYPES, ...VIDEO_TYPES].find((k) => k.contentType === contentType);
  if (kind) return kind.label.charAt(0).toUpperCase() + kind.label.slice(1);
  const ext = extensionOf(fileName);
  return ext ? ext.toUpperCase() : "File";
}
