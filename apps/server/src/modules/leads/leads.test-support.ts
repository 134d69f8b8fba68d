import type { LeadUpsertResponse } from "@fieldlead/contracts";
import { type AuthHeaders, h, type TestApp } from "../../../test/harness";

/** Helpers shared by the leads API tests (signing in once per user, ids by name, capturing a lead). */
export function leadsTestKit(t: () => TestApp) {
  const sessions = new Map<string, AuthHeaders>();
  const as = async (email: string, orgName?: string) => {
    const key = `${email}|${orgName ?? ""}`;
    let a = sessions.get(key);
    if (!a) {
      a = await t().login(email, undefined, orgName ? await t().orgId(orgName) : undefined);
      sessions.set(key, a);
    }
    return a;
  };
  const one = async <T>(sql: string, params: unknown[]) => {
    const r = await t().database.executeSql(sql, params);
    if (!r.rows[0]) throw new Error(`nothing for ${sql} ${JSON.stringify(params)}`);
    return r.rows[0] as T;
  };
  const storeId = async (name: string) =>
    (await one<{ id: number }>("select id from stores where name = $1", [name])).id;
  const territoryId = async (name: string) =>
    (await one<{ id: number }>("select id from territories where name = $1", [name])).id;
  const userId = async (email: string) =>
    (await one<{ id: number }>("select id from users where email = $1", [email])).id;
  type FormType = {
    id: number;
    name: string;
    questions: { id: number; text: string; isRequired: boolean; responses: { id: number; text: string }[] }[];
  };
  const serviceType = async (a: AuthHeaders, name: string): Promise<FormType> => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/leads/lookup-list/lead-type",
      headers: h(a),
    });
    const found = (res.json().serviceTypes as FormType[]).find((x) => x.name === name);
    if (!found) throw new Error(`no service type ${name}`);
    return found;
  };
  /** Answers to every required question of HVAC (the demo's first service type). */
  const hvacAnswers = (hvac: FormType) => [
    { questionId: hvac.questions[0].id, value: hvac.questions[0].responses[0].id },
    { questionId: hvac.questions[2].id, value: true },
  ];
  let phoneSeq = 100;
  /** A phone no demo lead has (808 is not among the generator's area codes). */
  const freshPhone = () => `808555${String(phoneSeq++).padStart(4, "0")}`;

  const inject = (
    a: AuthHeaders,
    method: string,
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) => t().app.inject({ method: method as "POST", url, headers: h(a, extra), payload: payload as object });

  /** Captures an HVAC lead at a store as the given user; returns the answer. */
  const capture = async (
    a: AuthHeaders,
    fields: Record<string, unknown> = {},
    extra: Record<string, string> = {},
  ): Promise<{
    status: number;
    body: LeadUpsertResponse & { message?: string; errors?: Record<string, string[]> };
  }> => {
    const hvac = await serviceType(a, "HVAC");
    const res = await inject(
      a,
      "POST",
      "/api/leads/internal/upsert",
      {
        storeId: await storeId("Costco Wayne"),
        serviceTypeId: hvac.id,
        firstName: "Pat",
        lastName: "Shopper",
        phone: freshPhone(),
        answers: hvacAnswers(hvac),
        ...fields,
      },
      extra,
    );
    return { status: res.statusCode, body: res.json() };
  };

  return { as, one, storeId, territoryId, userId, serviceType, hvacAnswers, freshPhone, inject, capture };
}
