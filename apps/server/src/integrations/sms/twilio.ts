import type { SmsMessage, SmsResult, SmsSender } from "./sms";

/**
 * A Twilio-style SMS API: `POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json` with the form fields
 * `To`, `From` and `Body`, basic auth (account SID and auth token). It answers 201 with the message's `sid`;
 * errors carry `{ code, message }`. The fetch is injected (tests, the simulator, a deadline).
 */
export type TwilioSettings = {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
};

export function twilioSms(
  settings: TwilioSettings,
  env: { fetch: typeof fetch; timeoutMs?: number },
): SmsSender {
  const url = `${settings.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return {
    kind: "twilio",
    async send(message: SmsMessage): Promise<SmsResult> {
      let res: Response;
      try {
        res = await env.fetch(url, {
          method: "POST",
          headers: {
            authorization: auth,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: new URLSearchParams({ To: message.to, From: settings.from, Body: message.body }).toString(),
          signal: AbortSignal.timeout(env.timeoutMs ?? 10_000),
        });
      } catch (err) {
        return { status: "retryable", reason: `The SMS provider did not answer: ${(err as Error).message}` };
      }
      return translate(res);
    },
  };
}

/** The provider's answer in our words. */
export async function translate(res: Response): Promise<SmsResult> {
  const body = (await res.json().catch(() => null)) as {
    sid?: string;
    code?: number;
    message?: string;
  } | null;
  if (res.ok && body?.sid) return { status: "delivered", id: body.sid };
  const said = body?.message ? `${body.message}${body.code ? ` (${body.code})` : ""}` : `HTTP ${res.status}`;
  if (res.ok) return { status: "retryable", reason: "The SMS provider answered without a message id." };
  if (res.status === 429) {
    const seconds = Number(res.headers.get("retry-after"));
    return {
      status: "retryable",
      reason: `The SMS provider is rate-limiting: ${said}`,
      ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  if (res.status >= 500 || res.status === 408)
    return { status: "retryable", reason: `The SMS provider failed: ${said}` };
  return { status: "permanent", reason: `The SMS provider refused the message: ${said}` };
}
