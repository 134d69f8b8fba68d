import type { QrDetails } from "@fieldlead/contracts";
import type { TestApp } from "../../../test/harness";
import { signFormToken } from "./qr-form-token";

export type CodeRow = {
  id: number;
  uid: string;
  secret: string;
  organization_id: number;
  store_id: number;
  user_id: number;
  hdsfi_group: number;
};

/**
 * Helpers of the QR tests (beside the appointments kit's types, windows and leads): a person's code read from the
 * database, a form token signed as if the page had been opened `secondsAgo` (no test waits for the minimum fill
 * time), and the public calls, made with no session from an address of the test's choosing.
 */
export function qrTestKit(t: () => TestApp) {
  const rows = async <T>(text: string, params: unknown[] = []) =>
    (await t().database.executeSql(text, params)).rows as T[];
  const one = async <T>(text: string, params: unknown[] = []) => {
    const [row] = await rows<T>(text, params);
    if (!row) throw new Error(`nothing for ${text} ${JSON.stringify(params)}`);
    return row;
  };

  const codeOf = async (email: string, group = 0, opts: { active?: boolean } = {}) =>
    one<CodeRow>(
      `select q.id, u.uid, q.form_secret as secret, q.organization_id, q.store_id, q.user_id, q.hdsfi_group
       from qr_codes q join users u on u.id = q.user_id
       where lower(u.email) = lower($1) and q.hdsfi_group = $2 ${opts.active === false ? "" : "and q.is_active"}
       order by q.is_active desc, q.id limit 1`,
      [email, group],
    );

  const token = (code: { id: number; secret: string }, secondsAgo = 10) =>
    signFormToken({ id: code.id, formSecret: code.secret }, new Date(Date.now() - secondsAgo * 1000));

  let addressSeq = 1;
  /** A fresh address per call unless one is given: the per-address limit is not what most tests are about. */
  const nextAddress = () => `10.90.${Math.floor(addressSeq / 250) % 250}.${addressSeq++ % 250}`;

  const pub = (
    method: "GET" | "POST",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    address = nextAddress(),
  ) =>
    t().app.inject({
      method,
      url,
      headers,
      remoteAddress: address,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const details = (uid: string, group = 0, address?: string) =>
    pub("GET", `/api/QRCodes/qr-details/${uid}/${group}`, undefined, {}, address);
  const available = (uid: string, query: string, address?: string) =>
    pub("GET", `/api/QRCodes/available-appointments/${uid}?${query}`, undefined, {}, address);
  const entry = (uid: string, body: unknown, headers: Record<string, string> = {}, address?: string) =>
    pub("POST", `/api/QRCodes/${uid}/qr-entry`, body, headers, address);

  /** The crm consent as the page shows it (English). */
  const crmConsent = async (uid: string, group = 0) => {
    const d = (await details(uid, group)).json() as QrDetails;
    const crm = d.disclosures.en.find((x) => x.destination === "crm");
    if (!crm) throw new Error("no crm disclosure");
    return { destination: "crm" as const, disclosureText: crm.text };
  };

  let phoneSeq = 0;
  /** A phone no demo lead has (807 is not among the demo's area codes). */
  const freshPhone = () => `807555${String(phoneSeq++).padStart(4, "0")}`;

  const captureEntries = (codeId: number) =>
    rows<{ id: number; outcome: string; message: string | null; lead_id: number | null; payload: unknown }>(
      "select id::int as id, outcome, message, lead_id::int as lead_id, payload from capture_entries where qr_code_id = $1 order by id",
      [codeId],
    );

  return {
    rows,
    codeOf,
    token,
    pub,
    details,
    available,
    entry,
    crmConsent,
    freshPhone,
    captureEntries,
    nextAddress,
  };
}
