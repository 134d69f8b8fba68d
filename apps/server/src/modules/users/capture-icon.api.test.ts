import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import { sniffImageType } from "./capture-icon";

// A real 1x1 PNG, and the first bytes of the other formats.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00", "latin1");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe("capture icon sniffing", () => {
  it("recognizes PNG, JPEG and WebP by their first bytes and nothing else", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(WEBP)).toBe("image/webp");
    expect(sniffImageType(GIF)).toBeNull();
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

let t: TestApp;
let admin: AuthHeaders;
let lgId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login("admin@demo.local");
  lgId = (await t.login("lg@demo.local")).userId;
});
afterAll(() => t?.close());

const saveIcon = async (captureIcon: unknown) => {
  const current = (
    await t.app.inject({ method: "GET", url: `/api/users/${lgId}`, headers: h(admin) })
  ).json();
  return t.app.inject({
    method: "POST",
    url: "/api/users/upsert",
    headers: h(admin),
    payload: {
      id: lgId,
      firstName: current.firstName,
      lastName: current.lastName,
      email: current.email,
      phone: current.phone,
      roleId: current.roleId,
      territoryIds: current.territoryIds,
      storeIds: current.storeIds,
      captureIcon,
    },
  });
};
const getIcon = (a: AuthHeaders = admin) =>
  t.app.inject({ method: "GET", url: `/api/users/${lgId}/capture-icon`, headers: h(a) });

describe("capture icon upload and download", () => {
  it("answers 404 while a person has no icon", async () => {
    const res = await getIcon();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The capture icon was not found.");
  });

  it("stores an uploaded PNG and serves it with its content type", async () => {
    const res = await saveIcon({
      contentType: "image/png",
      dataBase64: `data:image/png;base64,${PNG.toString("base64")}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.hasCaptureIcon).toBe(true);
    const icon = await getIcon();
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.headers["x-content-type-options"]).toBe("nosniff");
    expect(icon.rawPayload.equals(PNG)).toBe(true);
    // The person sees their own.
    expect((await getIcon(await t.login("lg@demo.local"))).statusCode).toBe(200);
  });

  it("refuses other formats, a type that does not match the bytes, bad base64 and files over 256 KB", async () => {
    const cases: [unknown, string, RegExp][] = [
      [
        { contentType: "image/png", dataBase64: GIF.toString("base64") },
        "body.captureIcon.dataBase64",
        /not a PNG, JPEG or WebP/,
      ],
      [
        { contentType: "image/png", dataBase64: SVG.toString("base64") },
        "body.captureIcon.dataBase64",
        /not a PNG, JPEG or WebP/,
      ],
      [
        { contentType: "image/jpeg", dataBase64: PNG.toString("base64") },
        "body.captureIcon.contentType",
        /is a PNG image, not image\/jpeg/,
      ],
      [
        { contentType: "image/png", dataBase64: "not base64!" },
        "body.captureIcon.dataBase64",
        /not valid base64/,
      ],
      [
        {
          contentType: "image/png",
          dataBase64: Buffer.concat([PNG, Buffer.alloc(257 * 1024)]).toString("base64"),
        },
        "body.captureIcon.dataBase64",
        /256 KB/,
      ],
      [
        { contentType: "image/gif", dataBase64: GIF.toString("base64") },
        "body.captureIcon.contentType",
        /PNG, JPEG or WebP/,
      ],
    ];
    for (const [icon, field, message] of cases) {
      const res = await saveIcon(icon);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]?.[0], JSON.stringify(res.json())).toMatch(message);
    }
    expect((await getIcon()).rawPayload.equals(PNG)).toBe(true);
  });

  it("replaces the icon with a WebP and removes it with null", async () => {
    expect(
      (await saveIcon({ contentType: "image/webp", dataBase64: WEBP.toString("base64") })).statusCode,
    ).toBe(200);
    expect((await getIcon()).headers["content-type"]).toBe("image/webp");
    const removed = await saveIcon(null);
    expect(removed.json().user.hasCaptureIcon).toBe(false);
    expect((await getIcon()).statusCode).toBe(404);
  });
});
