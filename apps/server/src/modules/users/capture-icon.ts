import { CAPTURE_ICON_MAX_BYTES, type CaptureIconInput } from "@fieldlead/contracts";
import { fieldError } from "../../platform/errors";

type IconType = "image/png" | "image/jpeg" | "image/webp";

/** The image type its first bytes show, whatever name or type the client gave it. */
export function sniffImageType(bytes: Buffer): IconType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "image/png";
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  return null;
}

/** Decodes and checks an uploaded capture icon: base64 (or a data URL), PNG/JPEG/WebP by magic bytes, 256 KB at most. */
export function decodeCaptureIcon(
  input: CaptureIconInput,
  field = "body.captureIcon",
): { contentType: IconType; content: Buffer } {
  let data = input.dataBase64.trim();
  const dataUrl = /^data:([\w/+.-]+);base64,/i.exec(data);
  if (dataUrl) data = data.slice(dataUrl[0].length);
  data = data.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 === 1) {
    throw fieldError(`${field}.dataBase64`, "The image data is not valid base64.");
  }
  const content = Buffer.from(data, "base64");
  if (content.length === 0) throw fieldError(`${field}.dataBase64`, "The image is empty.");
  if (content.length > CAPTURE_ICON_MAX_BYTES) {
    throw fieldError(
      `${field}.dataBase64`,
      `The image is ${Math.ceil(content.length / 1024)} KB; use one of 256 KB at most.`,
    );
  }
  const detected = sniffImageType(content);
  if (!detected) throw fieldError(`${field}.dataBase64`, "The file is not a PNG, JPEG or WebP image.");
  if (detected !== input.contentType) {
    const label = { "image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP" }[detected];
    throw fieldError(`${field}.contentType`, `The file is a ${label} image, not ${input.contentType}.`);
  }
  return { contentType: detected, content };
}
