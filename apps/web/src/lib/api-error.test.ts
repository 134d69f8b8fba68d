import { describe, expect, it } from "vitest";
import { parseProblem } from "./api-error";

describe("parseProblem", () => {
  it("keeps a problem's own fields beside the standard ones (a lost booking's next windows)", () => {
    const err = parseProblem(409, {
      type: "https://httpstatuses.io/409",
      title: "Conflict",
      status: 409,
      code: "window_taken",
      message: "That window was just taken; choose another.",
      requestId: "r1",
      nextWindows: [{ id: 3 }],
    });
    expect(err.message).toBe("That window was just taken; choose another.");
    expect(err.code).toBe("window_taken");
    expect(err.details).toEqual({ nextWindows: [{ id: 3 }] });
  });

  it("has no details for a plain problem or a body that is not JSON", () => {
    expect(parseProblem(404, { status: 404, message: "The lead was not found." }).details).toEqual({});
    expect(parseProblem(502, "Bad gateway").details).toEqual({});
  });
});
