import { qrCodesApi } from "@fieldlead/contracts/routes";
import { describe, expect, it } from "vitest";
import { codeFromPath, fillPath, newIdempotencyKey, QR_PATHS } from "./api";

describe("the shopper's page's calls", () => {
  it("calls the paths of the route table (written out so that the page does not load the table)", () => {
    expect(QR_PATHS).toEqual({
      details: qrCodesApi.details.path,
      available: qrCodesApi.available.path,
      entry: qrCodesApi.entry.path,
    });
    expect([qrCodesApi.details.auth, qrCodesApi.available.auth, qrCodesApi.entry.auth]).toEqual([
      "public",
      "public",
      "public",
    ]);
    expect(qrCodesApi.entry.method).toBe("POST");
    expect(fillPath(QR_PATHS.details, { userUid: "ab c", hdsfiGroup: 7 })).toBe(
      "/api/QRCodes/qr-details/ab%20c/7",
    );
  });

  it("reads the code from the page's address (qrPagePath)", () => {
    expect(codeFromPath("/q/lena42/0")).toEqual({ userUid: "lena42", group: 0 });
    expect(codeFromPath("/q/Lena42/1234/")).toEqual({ userUid: "Lena42", group: 1234 });
    expect(codeFromPath("/Q/lena42")).toEqual({ userUid: "lena42", group: 0 });
    for (const bad of [
      "/q/",
      "/q/abc/0",
      "/q/lena42/x",
      "/q/lena-42/0",
      "/q/lena42/0/more",
      "/q/%E0%A4%A/0",
      "/",
    ])
      expect(codeFromPath(bad), bad).toBeNull();
  });

  it("makes a UUID for each attempt", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
