import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Secrets at rest (docs/decisions/0038-secrets-at-rest.md): a credential the product must send somewhere else (the
 * CRM connection's OAuth client secret today, every destination's credentials later) is stored sealed, and opened
 * only in memory, just before it is used.
 *
 * No cryptography is written here: sealing is AES-256-GCM from `node:crypto` (OpenSSL), a standard authenticated
 * cipher, with a random 12-byte IV for every value and its 16-byte tag checked on opening. This file only chooses
 * the key, formats the text that is stored and tells the failures apart.
 *
 * A sealed value is the text `v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url, no padding), where the key id is the
 * first 8 hex characters of the SHA-256 of the key: a value sealed with another key is refused with a message
 * naming the key it needs and the key this process has, told apart from a value that was damaged or altered. The
 * `v1:<key id>` prefix is authenticated too (it is the cipher's additional data).
 *
 * Nothing here ever puts a key, a plain value or a stored value in a message or a log line: only key ids, the
 * variable's name and the key file's path.
 */

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** `v1:<8 hex>:<12-byte IV>:<16-byte tag>:<ciphertext>`, each part base64url without padding. */
const SEALED = /^v1:([0-9a-f]{8}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;

/** The key file of the embedded default (and of PostgreSQL without `SECRETS_KEY`), in the data folder. */
export const KEY_FILE = "secrets.key";

/** A secret could not be opened, or no key could be had: the message names key ids and paths, never values. */
export class SecretsError extends Error {
  override name = "SecretsError";
}

/** Where this process's key came from: `SECRETS_KEY`, or the data folder's key file (`created` on this start). */
export type KeyOrigin = { from: "environment" } | { from: "file"; path: string; created: boolean };

export type SecretBox = {
  /** The first 8 hex characters of the SHA-256 of the key: written into every value sealed with it. */
  readonly keyId: string;
  readonly origin: KeyOrigin;
  /** Seals a plain value for storage: a new random IV each time, so sealing the same value twice differs. */
  seal(plain: string): string;
  /**
   * Opens a stored value. A value that is not sealed is answered as it is: rows written before sealing existed
   * (the seed, a database not yet through the start's sealing step) keep working until that step seals them.
   * A value sealed with another key, or damaged, or altered is refused (`SecretsError`).
   */
  open(stored: string): string;
  /**
   * A 32-byte key for one purpose (signing download links...), derived from this key with HKDF-SHA256: another
   * purpose gets an unrelated key, and none of them reveals this one or opens a sealed value.
   */
  deriveKey(purpose: string): Buffer;
};

/**
 * True when `stored` is a sealed value: it begins with `v1:` (whether it opens is for `open` to say: a value cut
 * short or altered is refused there, never taken for a plain one). Anything else is a plain value written before
 * sealing (the transition of `open`); the only plain text that cannot pass that way is one beginning with `v1:`,
 * which no CRM secret does, and sealing on write has no such limit.
 */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${VERSION}:`);
}

/** The key id: the first 8 hex characters of the SHA-256 of the key (it tells keys apart and reveals nothing). */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/**
 * A key written as text: 64 hex characters, or 32 bytes in base64 (or base64url), as `openssl rand -base64 32`
 * prints. Null when the text is neither.
 */
export function parseSecretsKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)) return null;
  const key = Buffer.from(t.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === KEY_BYTES ? key : null;
}

/** A box over one 32-byte key. */
export function secretBox(key: Buffer, origin: KeyOrigin = { from: "environment" }): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretsError(`A secrets key must be ${KEY_BYTES} bytes.`);
  const keyId = keyIdOf(key);
  const header = `${VERSION}:${keyId}`;
  return {
    keyId,
    origin,
    deriveKey(purpose) {
      return Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), `fieldlead:${purpose}`, KEY_BYTES));
    },
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(header, "utf8"));
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [header, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(
        ":",
      );
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const parts = SEALED.exec(stored);
      // Begun like a sealed value but not one: cut short or otherwise broken, never to be sent as a secret.
      if (!parts) throw new SecretsError("A stored secret is damaged: it is not in the sealed format.");
      const [, id, iv, tag, data] = parts as unknown as [string, string, string, string, string];
      if (id !== keyId)
        throw new SecretsError(
          `A stored secret was sealed with key ${id}, but this server's key is ${keyId}: start it with the key ` +
            `${id} (SECRETS_KEY, or the ${KEY_FILE} it was sealed with).`,
        );
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(`${VERSION}:${id}`, "utf8"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        throw new SecretsError(
          `A stored secret sealed with key ${keyId} failed its integrity check: it was damaged or altered.`,
        );
      }
    },
  };
}

/**
 * The key file `<dataDir>/secrets.key`: read when it exists, otherwise made. A new key is written to a file of its
 * own (mode 0600) and then linked to the final name, which fails when the name exists: two processes starting at
 * once cannot both make a key, and nobody reads a half-written file. The one that loses reads the winner's key.
 */
export function keyFromFile(dataDir: string): { key: Buffer; path: string; created: boolean } {
  const path = join(dataDir, KEY_FILE);
  const existing = readKeyFile(path);
  if (existing) return { key: existing, path, created: false };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    writeFileSync(temp, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(temp, 0o600); // whatever the umask
    try {
      linkSync(temp, path);
      return { key, path, created: true };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  } finally {
    rmSync(temp, { force: true });
  }
  const theirs = readKeyFile(path);
  if (!theirs) throw new SecretsError(`The secrets key file ${path} could not be read.`);
  return { key: theirs, path, created: false };
}

/** The key in a key file, null when there is no file; a file that holds no valid key stops the start. */
function readKeyFile(path: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new SecretsError(
      `The secrets key file ${path} could not be read (${(err as NodeJS.ErrnoException).code}).`,
    );
  }
  const key = parseSecretsKey(text);
  if (!key)
    throw new SecretsError(
      `The secrets key file ${path} does not hold a key (32 bytes, base64 or 64 hex characters). Restore it ` +
        "from a backup, or set SECRETS_KEY: the stored secrets cannot be opened without the key that sealed them.",
    );
  return key;
}

/**
 * This process's box: `SECRETS_KEY` when set (validated by config.ts), otherwise the data folder's key file, made
 * on the first start. PostgreSQL without `SECRETS_KEY` uses the file too, which only works while every process
 * shares that folder: the platform warns at start (platform.ts).
 */
export function loadSecretBox(config: { secretsKey?: string; dataDir: string }): SecretBox {
  if (config.secretsKey !== undefined) {
    const key = parseSecretsKey(config.secretsKey);
    if (!key) throw new SecretsError("SECRETS_KEY must be 32 bytes, as 64 hex characters or base64.");
    return secretBox(key, { from: "environment" });
  }
  const { key, path, created } = keyFromFile(config.dataDir);
  return secretBox(key, { from: "file", path, created });
}
