/**
 * A stand-in XMLHttpRequest for uploads (`lib/upload.ts`): records what was sent; the test drives the progress and
 * the answer. `vi.stubGlobal("XMLHttpRequest", FakeXhr)`; `FakeXhr.all` holds every request since `FakeXhr.reset()`.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  static get last(): FakeXhr | undefined {
    return FakeXhr.all.at(-1);
  }
  static reset() {
    FakeXhr.all = [];
  }

  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key] = value;
  }
  getResponseHeader(key: string) {
    return this.responseHeaders[key.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser has sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  /** The server answers. */
  answer(status: number, body: unknown, contentType = "application/json", statusText = "") {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.responseHeaders = { "content-type": contentType };
    this.onload?.();
  }
  /** The form's fields as an object (the file as its name). */
  fields(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of (this.body ?? new FormData()).entries()) out[k] = typeof v === "string" ? v : v.name;
    return out;
  }
}
