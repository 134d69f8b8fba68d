import type { EndpointInput, EndpointResponse } from "@fieldlead/contracts";
import type { DefinitionOf, Route } from "@fieldlead/contracts/routes";
import { apiHeaders, buildUrl, call, onUnauthorized } from "./api-client";
import { ApiError, NETWORK_ERROR_MESSAGE, parseProblem } from "./api-error";

/** How far an upload is: bytes sent of the body's total, and the whole percent. */
export type UploadProgress = { loaded: number; total: number; percent: number };

export type UploadOptions = {
  /** Called as the browser sends the body (XMLHttpRequest's upload progress). */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it cancels the upload: the promise rejects with an `AbortError` DOMException. */
  signal?: AbortSignal;
};

/** The form field that carries the file, unless the call says otherwise (the contracts' `UPLOAD_FILE_FIELD`). */
const FILE_FIELD = "file";

type BodyOf<R extends Route> = EndpointInput<DefinitionOf<R>> extends { body?: infer B } ? B : never;
type FieldValue = string | number | boolean | null | undefined;
/** A form field per body field; null and undefined are left out of the form. */
export type UploadFields<R extends Route> = { [K in keyof BodyOf<R>]?: FieldValue };

const abortError = () => new DOMException("The upload was cancelled.", "AbortError");

function readBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if ((xhr.getResponseHeader("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Sends a file with its form fields as `multipart/form-data` to an endpoint of `@fieldlead/contracts`, with the
 * headers every call sends (the token, the current organization, the time zone offset; the browser sets the
 * content type with its boundary). XMLHttpRequest rather than fetch: only it reports how much of the body has gone
 * (`onProgress`). The fields go first and the file last, so the server reads the fields before the file's bytes.
 *
 * Resolves the answer as `call` does; rejects with an ApiError (the problem's message and field errors, a 413 or
 * 415 with the server's own words; status 0 when the server could not be reached), or with an `AbortError`
 * DOMException when `signal` aborts.
 */
export function uploadForm<R extends Route>(
  route: R,
  fields: UploadFields<R>,
  file: Blob & { name?: string },
  { onProgress, signal, fileField = FILE_FIELD }: UploadOptions & { fileField?: string } = {},
): Promise<EndpointResponse<DefinitionOf<R>>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(fields as Record<string, FieldValue>)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
    form.append(fileField, file, file.name ?? "file");

    const xhr = new XMLHttpRequest();
    xhr.open(route.method, buildUrl(route));
    const { "Content-Type": _json, ...headers } = apiHeaders();
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);

    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener("abort", onAbort);
    signal?.addEventListener("abort", onAbort, { once: true });

    xhr.upload.onprogress = (e) => {
      if (!onProgress || !e.lengthComputable || e.total <= 0) return;
      onProgress({
        loaded: e.loaded,
        total: e.total,
        percent: Math.min(100, Math.round((e.loaded / e.total) * 100)),
      });
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((xhr.status === 204 ? undefined : readBody(xhr)) as EndpointResponse<DefinitionOf<R>>);
        return;
      }
      if (xhr.status === 401 && route.auth !== "public") onUnauthorized();
      reject(parseProblem(xhr.status, readBody(xhr), xhr.statusText));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, title: "Network error" }));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(form);
  });
}

/**
 * An upsert that may carry a file: with one, `multipart/form-data` through {@link uploadForm} (progress and
 * cancel); without, the fields as JSON through the api client (the words change, the stored file stays).
 */
export function upsertWithFile<R extends Route>(
  route: R,
  body: BodyOf<R>,
  file: (Blob & { name?: string }) | null | undefined,
  options: UploadOptions = {},
): Promise<EndpointResponse<DefinitionOf<R>>> {
  if (file) return uploadForm(route, body as UploadFields<R>, file, options);
  const send = call as (r: R, input: { body: unknown; signal?: AbortSignal }) => ReturnType<typeof call<R>>;
  return send(route, { body, signal: options.signal });
}
