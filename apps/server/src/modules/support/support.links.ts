import { createHmac, timingSafeEqual } from "node:crypto";
import { FILE_LINK_MINUTES, PREVIEWABLE_TYPES } from "@fieldlead/contracts";

/**
 * Download and preview links (docs/decisions/0041): `/api/support/files/{token}`, where the token names the stored
 * file, how to show it (`a`ttachment or `i`nline) and when it stops working, and is signed with HMAC-SHA256 under
 * a key derived from the platform's secrets key (`SecretBox.deriveKey`), so no new setting is needed and a link
 * cannot be made or altered without it. A list makes links only for files the caller may read; whoever holds one
 * may use it until it expires (it is what a browser's download or an `<img>` needs: no headers).
 *
 * The token is `<file id>.<a|i>.<expiry in Unix seconds>.<signature>` (base64url, 43 characters). Verifying
 * compares signatures in constant time; an unknown, altered or expired token is simply not one (null).
 */

export type Disposition = "attachment" | "inline";
export type FileLink = { fileId: number; disposition: Disposition };

const TOKEN = /^(\d{1,15})\.([ai])\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
export const FILE_URL_PREFIX = "/api/support/files/";

export function fileLinks(key: Buffer, now: () => Date = () => new Date()) {
  const mac = (payload: string) => createHmac("sha256", key).update(`v1.${payload}`).digest();

  function sign(link: FileLink & { expiresAt: Date }): string {
    const payload = `${link.fileId}.${link.disposition === "inline" ? "i" : "a"}.${Math.floor(link.expiresAt.getTime() / 1000)}`;
    return `${payload}.${mac(payload).toString("base64url")}`;
  }

  return {
    sign,

    /** The link a token names, or null: malformed, signed with another key, altered, or expired. */
    verify(token: string): FileLink | null {
      const m = TOKEN.exec(token);
      if (!m) return null;
      const [, id, d, expires, signature] = m as unknown as [string, string, string, string, string];
      const payload = `${id}.${d}.${expires}`;
      const given = Buffer.from(signature, "base64url");
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Number(expires) * 1000 <= now().getTime()) return null;
      return { fileId: Number(id), disposition: d === "i" ? "inline" : "attachment" };
    },

    /** A file's links for a list made now: a download, and a preview when a browser shows the type. */
    linksFor(file: { id: number; contentType: string }) {
      const expiresAt = new Date(now().getTime() + FILE_LINK_MINUTES * 60_000);
      return {
        downloadUrl: FILE_URL_PREFIX + sign({ fileId: file.id, disposition: "attachment", expiresAt }),
        previewUrl: PREVIEWABLE_TYPES.includes(file.contentType)
          ? FILE_URL_PREFIX + sign({ fileId: file.id, disposition: "inline", expiresAt })
          : null,
        linksExpireAt: expiresAt.toISOString(),
      };
    },
  };
}

export type FileLinks = ReturnType<typeof fileLinks>;

/** The name a download keeps: as uploaded, with its extension in lower case (the spec's rule). */
export function downloadName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0 || dot === fileName.length - 1) return fileName;
  return fileName.slice(0, dot) + fileName.slice(dot).toLowerCase();
}
