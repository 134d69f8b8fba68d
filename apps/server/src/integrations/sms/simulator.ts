import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A simulator of the Twilio-style SMS API (twilio.ts) on its own port, for the demo and the tests: it checks the
 * basic auth and the form, records each message and answers as the provider does. Switches: `failNext(n)` answers
 * the next n calls 500, `rateLimitNext(n)` answers them 429 with Retry-After, and a `To` the provider would refuse
 * (not E.164) answers 400 with code 21211.
 */
export type SimulatedSms = {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  at: Date;
};

export type SmsSimulator = {
  url: string;
  accountSid: string;
  authToken: string;
  messages: SimulatedSms[];
  failNext: (n?: number) => void;
  rateLimitNext: (n?: number) => void;
  /** Calls received, answered or not. */
  calls: () => number;
  close: () => Promise<void>;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      data += c;
      if (data.length > 64 * 1024) req.destroy();
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });

export async function startSmsSimulator(
  opts: { port?: number; accountSid?: string; authToken?: string } = {},
): Promise<SmsSimulator> {
  const accountSid = opts.accountSid ?? "ACsimulator";
  const authToken = opts.authToken ?? "simulator-token";
  const messages: SimulatedSms[] = [];
  let failing = 0;
  let limiting = 0;
  let calls = 0;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const send = (res: import("node:http").ServerResponse, status: number, body: unknown, headers = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    calls++;
    const path = new URL(req.url ?? "/", "http://sim").pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (req.method !== "POST" || !match)
      return send(res, 404, { code: 20404, message: "The requested resource was not found" });
    if (req.headers.authorization !== expectedAuth || decodeURIComponent(match[1]) !== accountSid)
      return send(res, 401, { code: 20003, message: "Authenticate" });
    const form = new URLSearchParams(await readBody(req));
    if (limiting > 0) {
      limiting--;
      return send(res, 429, { code: 20429, message: "Too Many Requests" }, { "retry-after": "1" });
    }
    if (failing > 0) {
      failing--;
      return send(res, 500, { code: 20500, message: "Internal Server Error" });
    }
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? "";
    const body = form.get("Body") ?? "";
    if (!/^\+[1-9]\d{7,14}$/.test(to))
      return send(res, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.` });
    if (!body) return send(res, 400, { code: 21602, message: "Message body is required." });
    const sid = `SM${randomUUID().replace(/-/g, "")}`;
    messages.push({ sid, accountSid, to, from, body, at: new Date() });
    return send(res, 201, { sid, status: "queued", to, from, body, account_sid: accountSid });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    failNext: (n = 1) => {
      failing = n;
    },
    rateLimitNext: (n = 1) => {
      limiting = n;
    },
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
