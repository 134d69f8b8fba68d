import { describe, expect, it } from "vitest";
import { endpointPath, getEndpoint, UNKNOWN_ENDPOINT_MESSAGE } from "./endpoints";

describe("endpoint registry", () => {
  it("raises the spec's exact error for an unknown name", () => {
    expect(() => getEndpoint("account.nope")).toThrow("Enpoint with this name not found");
    expect(() => getEndpoint("")).toThrowError(new Error(UNKNOWN_ENDPOINT_MESSAGE));
    expect(() => endpointPath("leads.doesNotExist")).toThrow("Enpoint with this name not found");
  });

  it("finds a catalogue endpoint with its method and path", () => {
    expect(getEndpoint("account.login")).toMatchObject({ method: "POST", path: "/api/account/login" });
  });

  it("fills and encodes path parameters", () => {
    expect(endpointPath("account.byOrgIdUpdateOrganization", { orgId: 12 })).toBe(
      "/api/account/12/update-organization",
    );
    expect(endpointPath("account.resetPasswordByLinkIdValidate", { linkId: "a b/c" })).toBe(
      "/api/account/reset-password/a%20b%2Fc/validate",
    );
  });

  it("knows the platform calls outside the spec's catalogue", () => {
    expect(getEndpoint("platform.mailbox")).toMatchObject({ method: "GET", path: "/api/platform/mailbox" });
  });
});
