import { endpoint } from "@fieldlead/contracts";
import { accountApi, appApi, leadsApi } from "@fieldlead/contracts/routes";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { demoUser } from "../test/fixtures";
import { jsonResponse } from "../test/render";
import {
  ApiError,
  buildUrl,
  call,
  downloadFile,
  filenameFromContentDisposition,
  loginPathReturningTo,
  normalizeDownloadName,
  safeNextPath,
  setApiNavigator,
} from "./api-client";
import { NETWORK_ERROR_MESSAGE } from "./api-error";
import { session } from "./session";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

describe("api client: headers", () => {
  it("sends the token, the current organization, the time zone offset and JSON on every call", async () => {
    session.set(demoUser);
    fetchMock.mockResolvedValue(jsonResponse({ features: [], activeFeatures: [] }));

    await call(appApi.featureUpdates);

    const { url, init, headers } = lastCall();
    expect(url).toBe("/api/app/feature/updates");
    expect(init.method).toBe("GET");
    expect(headers.Authorization).toBe("Bearer tok-123");
    expect(headers.CurrentOrganizationId).toBe("7");
    expect(headers.Offset).toBe(String(new Date().getTimezoneOffset()));
    expect(headers["Content-Type"]).toBe("application/json");
    expect(init.body).toBeUndefined();
  });

  it("sends no credentials before sign-in", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: "ok" }));
    await call(accountApi.forgotPassword, { body: { email: "a@b.c" } });
    const { headers, init } = lastCall();
    expect(headers.Authorization).toBeUndefined();
    expect(headers.CurrentOrganizationId).toBeUndefined();
    expect(headers["Content-Type"]).toBe("application/json");
    expect(init.body).toBe(JSON.stringify({ email: "a@b.c" }));
  });

  it("fills path parameters, builds the query string and gives every call but GET a JSON body, even when empty", async () => {
    session.set(demoUser);
    fetchMock.mockResolvedValue(jsonResponse(demoUser));
    await call(accountApi.switchOrganization, { params: { orgId: 9 } });
    expect(lastCall().url).toBe("/api/account/9/update-organization");
    expect(lastCall().init.method).toBe("PUT");
    expect(lastCall().init.body).toBe("{}");

    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await call(appApi.featureDelete, { params: { id: 3 } });
    expect(lastCall().url).toBe("/api/app/feature/3/delete");
    expect(lastCall().init.method).toBe("DELETE");
    expect(lastCall().init.body).toBe("{}");

    expect(buildUrl(appApi.mailbox, undefined, { limit: 50, skip: undefined, tag: ["a", "b"] })).toBe(
      "/api/platform/mailbox?limit=50&tag=a&tag=b",
    );
  });
});

describe("api client: types (checked by npm run typecheck)", () => {
  it("checks the input at compile time and infers the answer", async () => {
    session.set(demoUser);
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    // @ts-expect-error a call with path parameters cannot be made without them
    await call(leadsApi.internalDetail).catch(() => undefined);
    // @ts-expect-error the parameter is named `id`
    await call(leadsApi.internalDetail, { params: { leadId: 1 } }).catch(() => undefined);
    // @ts-expect-error the body's fields are the schema's
    await call(accountApi.forgotPassword, { body: { mail: "a@b.c" } });
    const answer = await call(accountApi.forgotPassword, { body: { email: "a@b.c" } });
    expectTypeOf(answer).toEqualTypeOf<{ message: string }>();
    expectTypeOf(call(appApi.featureUpdates)).resolves.toHaveProperty("features");
  });
});

describe("api client: headers an endpoint defines", () => {
  it("sends the capture's Idempotency-Key with the usual headers", async () => {
    session.set(demoUser);
    fetchMock.mockResolvedValue(jsonResponse({ saved: true }));
    await call(leadsApi.internalUpsert, {
      body: { firstName: "A" } as never,
      headers: { "idempotency-key": "6f1c2f9e-56a4-4c0b-9a55-0e0b7d1f3c11" },
    });
    expect(lastCall().headers["idempotency-key"]).toBe("6f1c2f9e-56a4-4c0b-9a55-0e0b7d1f3c11");
    expect(lastCall().headers.Authorization).toBe("Bearer tok-123");
  });
});

describe("api client: problems", () => {
  it("turns RFC 7807 problem JSON into an ApiError with status, message and field errors", async () => {
    session.set(demoUser);
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          type: "https://httpstatuses.io/400",
          title: "Bad Request",
          status: 400,
          message: "body.name: Enter a name",
          code: "validation",
          errors: { "body.name": ["Enter a name"], description: ["Too long"] },
          requestId: "r-1",
        },
        400,
        "application/problem+json",
      ),
    );

    const err = await call(appApi.featureUpsert, { body: { name: "" } }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    expect(e.title).toBe("Bad Request");
    expect(e.message).toBe("body.name: Enter a name");
    expect(e.code).toBe("validation");
    expect(e.requestId).toBe("r-1");
    expect(e.fieldError("name")).toBe("Enter a name");
    expect(e.formErrors()).toEqual({ name: "Enter a name", description: "Too long" });
  });

  it("gives a readable message for a bare 5xx and for a network failure", async () => {
    fetchMock.mockResolvedValueOnce(new Response("", { status: 502 }));
    const bare = (await call(appApi.featureUpdates).catch((e: unknown) => e)) as ApiError;
    expect(bare.status).toBe(502);
    expect(bare.message).toMatch(/went wrong on our side/);

    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const offline = (await call(appApi.featureUpdates).catch((e: unknown) => e)) as ApiError;
    expect(offline.status).toBe(0);
    expect(offline.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe("api client: 401", () => {
  it("ends the session and sends the user to sign in, keeping the path to come back to", async () => {
    const navigate = vi.fn();
    setApiNavigator(navigate);
    session.set(demoUser, "admin@demo.local");
    window.history.pushState({}, "", "/platform/features?tab=all");
    fetchMock.mockResolvedValue(
      jsonResponse(
        { status: 401, title: "Unauthorized", message: "Your session has ended. Sign in again." },
        401,
      ),
    );

    const err = (await call(appApi.featureUpdates).catch((e: unknown) => e)) as ApiError;

    expect(err.status).toBe(401);
    expect(err.message).toBe("Your session has ended. Sign in again.");
    expect(session.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/login?next=%2Fplatform%2Ffeatures%3Ftab%3Dall");
  });

  it("leaves a failed sign-in alone: the 401 is the wrong-password answer", async () => {
    const navigate = vi.fn();
    setApiNavigator(navigate);
    window.history.pushState({}, "", "/login");
    fetchMock.mockResolvedValue(
      jsonResponse({ status: 401, message: "The email or password is incorrect." }, 401),
    );

    const err = (await call(accountApi.login, { body: { email: "a@b.c", password: "x" } }).catch(
      (e: unknown) => e,
    )) as ApiError;

    expect(err.message).toBe("The email or password is incorrect.");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("only returns to paths of this app", () => {
    expect(safeNextPath("/leads?x=1")).toBe("/leads?x=1");
    expect(safeNextPath("https://evil.example")).toBeNull();
    expect(safeNextPath("//evil.example")).toBeNull();
    expect(safeNextPath("/login")).toBeNull();
    expect(loginPathReturningTo("/")).toBe("/login");
  });
});

describe("downloads", () => {
  it("lower-cases the extension and keeps the rest of the name", () => {
    expect(normalizeDownloadName("Report.XLSX")).toBe("Report.xlsx");
    expect(normalizeDownloadName("Store Export 2025.CSV")).toBe("Store Export 2025.csv");
    expect(normalizeDownloadName("archive.Tar.GZ")).toBe("archive.Tar.gz");
    expect(normalizeDownloadName("README")).toBe("README");
    expect(normalizeDownloadName(".env")).toBe(".env");
    expect(normalizeDownloadName("../etc/PASSWD.TXT")).toBe(".._etc_PASSWD.txt");
    expect(normalizeDownloadName("  ")).toBe("download");
  });

  it("reads the file name of a Content-Disposition header", () => {
    expect(filenameFromContentDisposition('attachment; filename="Stores.XLSX"')).toBe("Stores.XLSX");
    expect(filenameFromContentDisposition("attachment; filename=plain.CSV")).toBe("plain.CSV");
    expect(
      filenameFromContentDisposition("attachment; filename=\"a.pdf\"; filename*=UTF-8''R%C3%A9sum%C3%A9.PDF"),
    ).toBe("Résumé.PDF");
    expect(filenameFromContentDisposition(null)).toBeNull();
  });

  it("downloads a blob with the usual headers and saves it under its own name", async () => {
    session.set(demoUser);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
    );
    fetchMock.mockResolvedValue(
      new Response("a,b", {
        status: 200,
        headers: { "content-disposition": 'attachment; filename="Stores.XLSX"' },
      }),
    );

    // A download endpoint of an area still to come (the dashboard's store export), defined here as it will be.
    const storesExport = endpoint({
      name: "dashboard.storesExport",
      method: "POST",
      path: "/api/dashboard/stores/export",
      auth: "tenant",
      response: z.string(),
      download: true,
    });
    const name = await downloadFile(storesExport, {});

    expect(name).toBe("Stores.xlsx");
    expect(clicks).toEqual(["Stores.xlsx"]);
    expect(lastCall().headers.Authorization).toBe("Bearer tok-123");
  });
});
