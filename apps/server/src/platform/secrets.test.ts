import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import {
  isSealed,
  KEY_FILE,
  keyIdOf,
  loadSecretBox,
  parseSecretsKey,
  SecretsError,
  secretBox,
} from "./secrets";

/** Secrets at rest (decision 0038): AES-256-GCM values, the key id, the key file, `SECRETS_KEY`. */

const KEY = Buffer.from("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", "hex");
const OTHER = Buffer.alloc(32, 7);
const SECRET = "cs1.demo-secret-not-for-production";

/** The message of what `fn` throws. */
function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SecretsError);
    return (err as Error).message;
  }
  throw new Error("it did not throw");
}

/** Replaces the character at `i` of a base64url text with another valid one. */
const flip = (text: string, i: number) =>
  text.slice(0, i) + (text[i] === "A" ? "B" : "A") + text.slice(i + 1);

describe("a secret box", () => {
  const box = secretBox(KEY);

  it("seals and opens, whatever the text", () => {
    for (const plain of [SECRET, "", "ünïcødé ✓ 秘密", "x".repeat(10_000), "v1:looks:sealed"]) {
      const stored = box.seal(plain);
      expect(isSealed(stored)).toBe(true);
      expect(stored).not.toContain(plain || "\u0000");
      expect(box.open(stored)).toBe(plain);
    }
  });

  it("stores v1:<key id>:<iv>:<tag>:<ciphertext>, the key id being the first 8 hex of the key's SHA-256", () => {
    const stored = box.seal(SECRET);
    const [version, keyId, iv, tag, data] = stored.split(":");
    expect(version).toBe("v1");
    expect(keyId).toBe(createHash("sha256").update(KEY).digest("hex").slice(0, 8));
    expect(keyId).toBe(box.keyId);
    expect(Buffer.from(iv ?? "", "base64url")).toHaveLength(12);
    expect(Buffer.from(tag ?? "", "base64url")).toHaveLength(16);
    expect(Buffer.from(data ?? "", "base64url")).toHaveLength(Buffer.byteLength(SECRET));
    expect(stored).toMatch(/^v1:[0-9a-f]{8}:[\w-]{16}:[\w-]{22}:[\w-]+$/);
  });

  it("uses a new random IV every time", () => {
    const sealed = Array.from({ length: 50 }, () => box.seal(SECRET));
    expect(new Set(sealed).size).toBe(50);
    expect(new Set(sealed.map((s) => s.split(":")[2])).size).toBe(50);
    for (const s of sealed) expect(box.open(s)).toBe(SECRET);
  });

  it("refuses a value whose ciphertext, tag, IV or key id was altered, or that was cut short", () => {
    const stored = box.seal(SECRET);
    const [v, id, iv, tag, data] = stored.split(":") as [string, string, string, string, string];
    const altered = [
      [v, id, iv, tag, flip(data, 3)],
      [v, id, iv, flip(tag, 5), data],
      [v, id, flip(iv, 0), tag, data],
      [v, id, iv, tag, data.slice(0, -2)],
      [v, id, iv, tag, `${data}AA`],
    ].map((p) => p.join(":"));
    for (const bad of altered) {
      const message = thrown(() => box.open(bad));
      expect(message).toBe(
        `A stored secret sealed with key ${box.keyId} failed its integrity check: it was damaged or altered.`,
      );
      expect(message).not.toContain(SECRET);
      expect(message).not.toContain(data);
    }
    // Not in the sealed format any more: refused as damaged, never passed on as if it were the plain secret.
    for (const bad of [
      [v, id, iv, tag].join(":"),
      [v, id, iv, tag.slice(1), data].join(":"),
      "v1:",
      `${stored}:x`,
    ])
      expect(thrown(() => box.open(bad))).toBe("A stored secret is damaged: it is not in the sealed format.");
  });

  it("refuses a value sealed with another key, naming the key it needs and never the value", () => {
    const other = secretBox(OTHER);
    const stored = other.seal(SECRET);
    const message = thrown(() => box.open(stored));
    expect(message).toContain(`sealed with key ${other.keyId}`);
    expect(message).toContain(`this server's key is ${box.keyId}`);
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain(stored.split(":")[4]);
    expect(other.keyId).not.toBe(box.keyId);
  });

  it("reads a value written before sealing as it is (the transition), and tells the two apart", () => {
    expect(isSealed(SECRET)).toBe(false);
    expect(box.open(SECRET)).toBe(SECRET);
    expect(box.open("")).toBe("");
    expect(isSealed(box.seal(SECRET))).toBe(true);
  });
});

describe("a key written as text", () => {
  it("takes 64 hex characters, or 32 bytes in base64 or base64url, and nothing else", () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString("hex"))).toEqual(key);
    expect(parseSecretsKey(key.toString("hex").toUpperCase())).toEqual(key);
    expect(parseSecretsKey(key.toString("base64"))).toEqual(key);
    expect(parseSecretsKey(`${key.toString("base64")}\n`)).toEqual(key);
    expect(parseSecretsKey(key.toString("base64url"))).toEqual(key);
    for (const bad of [
      "",
      "secret",
      key.toString("hex").slice(2),
      randomBytes(16).toString("base64"),
      randomBytes(48).toString("base64"),
      `${key.toString("hex")}00`,
    ])
      expect(parseSecretsKey(bad)).toBeNull();
  });
});

describe("the key", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "fieldlead-secrets-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("comes from SECRETS_KEY when set, and then no key file is made", () => {
    const dataDir = tempDir();
    const box = loadSecretBox({ secretsKey: KEY.toString("base64"), dataDir });
    expect(box.keyId).toBe(keyIdOf(KEY));
    expect(box.origin).toEqual({ from: "environment" });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("is otherwise made once in <dataDir>/secrets.key (mode 0600), then read from there", () => {
    const dataDir = join(tempDir(), "not-yet");
    const first = loadSecretBox({ dataDir });
    const path = join(dataDir, KEY_FILE);
    expect(first.origin).toEqual({ from: "file", path, created: true });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const text = readFileSync(path, "utf8");
    expect(keyIdOf(parseSecretsKey(text) as Buffer)).toBe(first.keyId);
    expect(readdirSync(dataDir)).toEqual([KEY_FILE]);

    const again = loadSecretBox({ dataDir });
    expect(again.origin).toEqual({ from: "file", path, created: false });
    expect(again.keyId).toBe(first.keyId);
    expect(again.open(first.seal(SECRET))).toBe(SECRET);
    expect(readFileSync(path, "utf8")).toBe(text);
    // The file's text is what SECRETS_KEY takes: the same key moves to the environment unchanged.
    expect(loadSecretBox({ dataDir: tempDir(), secretsKey: text.trim() }).keyId).toBe(first.keyId);
  });

  it("is one key when several processes start on an empty folder at once", async () => {
    const dataDir = tempDir();
    const run = promisify(execFile);
    const script = `import { loadSecretBox } from ${JSON.stringify(join(import.meta.dirname, "secrets.ts"))}; console.log(loadSecretBox({ dataDir: ${JSON.stringify(dataDir)} }).keyId);`;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]),
      ),
    );
    const ids = outputs.map((o) => o.stdout.trim());
    expect(ids[0]).toMatch(/^[0-9a-f]{8}$/);
    expect(new Set(ids).size).toBe(1);
    expect(readdirSync(dataDir)).toEqual([KEY_FILE]);
  }, 30_000);

  it("stops the start when the key file holds no key, naming the file and not its text", () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, KEY_FILE), "not-a-key-at-all\n");
    const message = thrown(() => loadSecretBox({ dataDir }));
    expect(message).toContain(join(dataDir, KEY_FILE));
    expect(message).not.toContain("not-a-key-at-all");
  });

  it("is validated by loadConfig: a bad SECRETS_KEY stops the start with a message naming it, not its value", () => {
    const hex = KEY.toString("hex");
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey).toBe(hex);
    expect(loadConfig({ SECRETS_KEY: KEY.toString("base64") }).secretsKey).toBe(KEY.toString("base64"));
    for (const bad of ["hunter2-hunter2", hex.slice(1), randomBytes(16).toString("base64")]) {
      let message = "";
      try {
        loadConfig({ SECRETS_KEY: bad });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      expect(message).toContain("SECRETS_KEY: SECRETS_KEY must be 32 bytes");
      expect(message).not.toContain(bad);
    }
  });
});
