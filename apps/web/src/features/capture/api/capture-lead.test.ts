import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/render";
import { type CaptureRequest, captureLead } from "./capture-lead";

const answer = { saved: true, isDuplicate: false, possibleDuplicates: [], duplicateOf: null, lead: null };
const body = { checkOnly: true } as unknown as CaptureRequest;

afterEach(() => vi.unstubAllGlobals());

describe("captureLead", () => {
  it("posts to the capture call and sends an Idempotency-Key only when given one", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(answer));
    vi.stubGlobal("fetch", fetchMock);

    await captureLead(body, "4b0c1d9e-7f7a-4a57-9d59-0d1f2f3e4a5b");
    await captureLead(body);

    const [withKey, withoutKey] = fetchMock.mock.calls;
    expect(withKey[0]).toBe("/api/leads/internal/upsert");
    expect(withKey[1]?.method).toBe("POST");
    expect((withKey[1]?.headers as Record<string, string> | undefined)?.["idempotency-key"]).toBe(
      "4b0c1d9e-7f7a-4a57-9d59-0d1f2f3e4a5b",
    );
    expect(withoutKey[1]?.headers as Record<string, string>).not.toHaveProperty("idempotency-key");
  });
});
