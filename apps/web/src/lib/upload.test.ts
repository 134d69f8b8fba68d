import { supportApi } from "@fieldlead/contracts/routes";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr } from "../test/fake-xhr";
import { demoUser } from "../test/fixtures";
import { jsonResponse } from "../test/render";
import { ApiError, setApiNavigator } from "./api-client";
import { NETWORK_ERROR_MESSAGE } from "./api-error";
import { session } from "./session";
import { uploadForm, upsertWithFile } from "./upload";

const xhr = () => FakeXhr.last as FakeXhr;
const pdf = () => new File(["%PDF-1.7 hello"], "Handbook.PDF", { type: "application/pdf" });

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  session.set(demoUser);
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe("uploadForm", () => {
  it("sends the fields and then the file as multipart with the call's headers, reports progress and resolves the answer", async () => {
    const progress = vi.fn();
    const saved = { id: 5, title: "Handbook" };
    const done = uploadForm(
      supportApi.serviceProviderUpsert,
      { title: "Handbook", description: null, id: undefined },
      pdf(),
      { onProgress: progress },
    );

    const sent = xhr();
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/api/support/documents/service-provider/upsert");
    expect(sent.headers.Authorization).toBe("Bearer tok-123");
    expect(sent.headers.CurrentOrganizationId).toBe("7");
    expect(sent.headers.Offset).toBe(String(new Date().getTimezoneOffset()));
    // The browser writes the multipart content type with its boundary.
    expect(sent.headers["Content-Type"]).toBeUndefined();
    const body = sent.body as FormData;
    expect([...body.keys()]).toEqual(["title", "file"]);
    expect(body.get("title")).toBe("Handbook");
    expect((body.get("file") as File).name).toBe("Handbook.PDF");

    sent.progress(256, 1024);
    sent.progress(1024, 1024);
    expect(progress.mock.calls.map(([p]) => p.percent)).toEqual([25, 100]);
    expect(progress.mock.calls[0][0]).toEqual({ loaded: 256, total: 1024, percent: 25 });

    sent.answer(200, saved);
    await expect(done).resolves.toEqual(saved);
  });

  it("rejects with the ApiError of a problem answer, its field errors and a 413's own message", async () => {
    const refused = uploadForm(supportApi.serviceProviderUpsert, { title: "" }, pdf());
    xhr().answer(
      400,
      {
        status: 400,
        title: "Bad Request",
        message: "Check the form",
        errors: { "body.title": ["Give the document a title"] },
      },
      "application/problem+json",
    );
    const err = await refused.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).fieldError("title")).toBe("Give the document a title");

    const tooBig = uploadForm(supportApi.serviceProviderUpsert, { title: "Big" }, pdf());
    xhr().answer(
      413,
      {
        status: 413,
        title: "Payload Too Large",
        message: "The file is 31.2 MB; the most a document can be is 25 MB.",
      },
      "application/problem+json",
    );
    await expect(tooBig).rejects.toMatchObject({
      status: 413,
      message: "The file is 31.2 MB; the most a document can be is 25 MB.",
    });

    const wrongType = uploadForm(supportApi.serviceProviderUpsert, { title: "Exe" }, pdf());
    xhr().answer(415, "This file is not one a document can be.", "text/plain", "Unsupported Media Type");
    await expect(wrongType).rejects.toMatchObject({
      status: 415,
      message: "This file is not one a document can be.",
    });
  });

  it("says the server could not be reached on a network failure", async () => {
    const lost = uploadForm(supportApi.serviceProviderUpsert, { title: "A" }, pdf());
    xhr().onerror?.();
    await expect(lost).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it("cancels when the signal aborts, and never starts with an aborted one", async () => {
    const controller = new AbortController();
    const upload = uploadForm(supportApi.serviceProviderUpsert, { title: "A" }, pdf(), {
      signal: controller.signal,
    });
    controller.abort();
    expect(xhr().aborted).toBe(true);
    await expect(upload).rejects.toMatchObject({ name: "AbortError" });

    FakeXhr.reset();
    await expect(
      uploadForm(supportApi.serviceProviderUpsert, { title: "A" }, pdf(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeXhr.all).toHaveLength(0);
  });

  it("ends the session on a 401, as the api client does", async () => {
    const navigate = vi.fn();
    setApiNavigator(navigate);
    const upload = uploadForm(supportApi.serviceProviderUpsert, { title: "A" }, pdf());
    xhr().answer(401, { status: 401, message: "Sign in again" });
    await expect(upload).rejects.toMatchObject({ status: 401 });
    expect(session.get()).toBeNull();
    expect(navigate).toHaveBeenCalled();
  });
});

describe("upsertWithFile", () => {
  it("sends the fields as JSON through the api client when there is no file", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ id: 5 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(
      upsertWithFile(
        supportApi.serviceProviderUpsert,
        { id: 5, title: "New title", description: null },
        null,
      ),
    ).resolves.toEqual({ id: 5 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/support/documents/service-provider/upsert");
    expect(JSON.parse(String(init?.body))).toEqual({ id: 5, title: "New title", description: null });
    expect((init?.headers as Record<string, string> | undefined)?.["Content-Type"]).toBe("application/json");
    expect(FakeXhr.all).toHaveLength(0);
  });

  it("uploads when there is a file", async () => {
    const saving = upsertWithFile(supportApi.serviceProviderUpsert, { id: 5, title: "T" }, pdf());
    expect((xhr().body as FormData).get("id")).toBe("5");
    xhr().answer(200, { id: 5 });
    await expect(saving).resolves.toEqual({ id: 5 });
  });
});
