import {
  type AnswerValue,
  DATA_TYPES,
  isValidLocalDate,
  type LeadAnswerInput,
  normalizeEmail,
  normalizePhone,
} from "@fieldlead/contracts";
import { badRequest } from "../../platform/errors";
import type { FormQuestion, FormServiceType } from "../settings/index";

export type StoredAnswer = { questionId: number; value: Exclude<AnswerValue, null> };

const isBlank = (v: AnswerValue | undefined) =>
  v === null ||
  v === undefined ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.length === 0);

const code = (q: FormQuestion) => DATA_TYPES.find((t) => t.id === q.dataTypeId)?.code;

/** The answer in its stored form, or the reason it does not fit the question's data type. */
function coerce(
  q: FormQuestion,
  v: Exclude<AnswerValue, null>,
): { value: StoredAnswer["value"] } | { error: string } {
  const quoted = `The answer to "${q.text}"`;
  const choiceIds = new Set(q.responses.map((r) => r.id));
  switch (code(q)) {
    case "text":
      return typeof v === "string" ? { value: v.trim() } : { error: `${quoted} must be text.` };
    case "number": {
      const x = typeof v === "string" && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : v;
      return typeof x === "number" && Number.isSafeInteger(x)
        ? { value: x }
        : { error: `${quoted} must be a whole number.` };
    }
    case "decimal": {
      const x = typeof v === "string" && /^-?\d{1,15}(\.\d{1,6})?$/.test(v.trim()) ? Number(v) : v;
      return typeof x === "number" && Number.isFinite(x)
        ? { value: x }
        : { error: `${quoted} must be a number.` };
    }
    case "date":
      return typeof v === "string" && isValidLocalDate(v)
        ? { value: v }
        : { error: `${quoted} must be a date (yyyy-MM-dd).` };
    case "boolean":
      return typeof v === "boolean" ? { value: v } : { error: `${quoted} must be yes or no.` };
    case "choice":
      return typeof v === "number" && choiceIds.has(v)
        ? { value: v }
        : { error: `${quoted} must be one of its choices.` };
    case "multiChoice":
      return Array.isArray(v) && v.every((x) => choiceIds.has(x)) && new Set(v).size === v.length
        ? { value: [...v].sort((a, b) => a - b) }
        : { error: `${quoted} must be some of its choices.` };
    case "phone": {
      const p = typeof v === "string" ? normalizePhone(v) : null;
      return p ? { value: p } : { error: `${quoted} must be a 10-digit phone number.` };
    }
    case "email": {
      const e = typeof v === "string" ? normalizeEmail(v) : null;
      return e ? { value: e } : { error: `${quoted} must be an email address.` };
    }
    default:
      return { error: `"${q.text}" has an unknown data type.` };
  }
}

/**
 * Validates answers against the service type's questions: each answer must be to one of its questions and
 * fit its data type (choices among its responses), and every active required question must be answered.
 * Answers to inactive questions are kept (an old lead stays as it was), never required. Blank answers are
 * dropped. Throws a 400 naming the question; `errors` is keyed `body.answers.<questionId>`.
 */
export function validateAnswers(type: FormServiceType, answers: LeadAnswerInput[]): StoredAnswer[] {
  const errors: Record<string, string[]> = {};
  const add = (questionId: number | string, message: string) => {
    errors[`body.answers.${questionId}`] = [...(errors[`body.answers.${questionId}`] ?? []), message];
  };
  const byId = new Map(type.questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  const out: StoredAnswer[] = [];
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) {
      add(a.questionId, `Question ${a.questionId} is not a question of the service type "${type.name}".`);
      continue;
    }
    if (seen.has(q.id)) {
      add(q.id, `"${q.text}" is answered twice.`);
      continue;
    }
    seen.add(q.id);
    if (isBlank(a.value)) continue;
    const r = coerce(q, a.value as Exclude<AnswerValue, null>);
    if ("error" in r) add(q.id, r.error);
    else out.push({ questionId: q.id, value: r.value });
  }
  for (const q of type.questions) {
    if (
      q.isActive &&
      q.isRequired &&
      !out.some((a) => a.questionId === q.id) &&
      !errors[`body.answers.${q.id}`]
    ) {
      add(q.id, `Answer the question "${q.text}"; it is required for ${type.name}.`);
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0], errors);
  return out.sort((a, b) => a.questionId - b.questionId);
}

/** The answer as a person reads it. */
export function displayAnswer(
  q: { dataTypeId: number; responses: { id: number; text: string }[] },
  value: unknown,
): string {
  const t = DATA_TYPES.find((d) => d.id === q.dataTypeId)?.code;
  const choice = (id: unknown) => q.responses.find((r) => r.id === id)?.text ?? `#${String(id)}`;
  if (t === "boolean") return value ? "Yes" : "No";
  if (t === "choice") return choice(value);
  if (t === "multiChoice" && Array.isArray(value)) return value.map(choice).join(", ");
  return value === null || value === undefined ? "" : String(value);
}
