import {
  type AnswerValue,
  DATA_TYPES,
  type DataTypeCode,
  FIELD_TYPES,
  type FieldTypeCode,
  normalizeEmail,
  normalizePhone,
} from "@fieldlead/contracts";
import { Checkbox, Group, Radio, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { lazy, Suspense } from "react";
import { DigitsInput } from "./digits-input";

const DateQuestionInput = lazy(() => import("./date-question-input"));

/** A custom question as the lead forms ask it (the lead-type lookup and the settings both give this shape). */
export type FormQuestion = {
  id: number;
  text: string;
  dataTypeId: number;
  fieldTypeId: number;
  isRequired: boolean;
  responses: readonly { id: number; text: string }[];
};

/** What a question's input holds while the form is being filled in. */
export type AnswerDraft = string | number | boolean | number[] | null;

export const dataTypeCode = (q: Pick<FormQuestion, "dataTypeId">): DataTypeCode =>
  DATA_TYPES.find((t) => t.id === q.dataTypeId)?.code ?? "text";
export const fieldTypeCode = (q: Pick<FormQuestion, "fieldTypeId">): FieldTypeCode =>
  FIELD_TYPES.find((t) => t.id === q.fieldTypeId)?.code ?? "textbox";

/** The empty input of a question. */
export function emptyDraft(q: FormQuestion): AnswerDraft {
  const code = dataTypeCode(q);
  if (code === "multiChoice") return [];
  if (code === "choice" || code === "boolean") return null;
  return "";
}

/** A stored answer as the input shows it (numbers are edited as text). */
export function draftFromAnswer(q: FormQuestion, value: AnswerValue | undefined): AnswerDraft {
  if (value === undefined || value === null) return emptyDraft(q);
  const code = dataTypeCode(q);
  if (code === "number" || code === "decimal") return String(value);
  if (code === "multiChoice") return Array.isArray(value) ? value : [];
  return value;
}

export function isAnswered(draft: AnswerDraft | undefined): boolean {
  if (draft === null || draft === undefined) return false;
  if (typeof draft === "string") return draft.trim() !== "";
  if (Array.isArray(draft)) return draft.length > 0;
  return true;
}

/** The answer the API takes; blank answers are null. */
export function answerFromDraft(q: FormQuestion, draft: AnswerDraft | undefined): AnswerValue {
  if (!isAnswered(draft)) return null;
  const code = dataTypeCode(q);
  if ((code === "number" || code === "decimal") && typeof draft === "string") {
    const n = Number(draft.trim());
    return Number.isFinite(n) ? n : draft.trim();
  }
  if (typeof draft === "string") return draft.trim();
  return draft ?? null;
}

/** The message to show beside a question, or null when its answer is fine. */
export function validateDraft(q: FormQuestion, draft: AnswerDraft | undefined): string | null {
  if (!isAnswered(draft)) return q.isRequired ? "Answer this question" : null;
  const text = typeof draft === "string" ? draft.trim() : "";
  switch (dataTypeCode(q)) {
    case "number":
      return /^-?\d{1,15}$/.test(text) ? null : "Enter a whole number";
    case "decimal":
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(text) ? null : "Enter a number";
    case "phone":
      return normalizePhone(text) ? null : "Enter a 10-digit US phone number";
    case "email":
      return normalizeEmail(text) ? null : "Enter a valid email address";
    default:
      return null;
  }
}

type Props = {
  question: FormQuestion;
  value: AnswerDraft | undefined;
  onChange: (value: AnswerDraft) => void;
  error?: string | null;
  disabled?: boolean;
  size?: "sm" | "md";
};

/** One custom question, rendered by its field type (FIELD_TYPES), with its required mark and error. */
export function QuestionField({ question: q, value, onChange, error, disabled, size = "sm" }: Props) {
  const common = { label: q.text, required: q.isRequired, error: error || undefined, disabled, size };
  const text = typeof value === "string" ? value : "";
  const field = fieldTypeCode(q);
  const data = dataTypeCode(q);

  switch (field) {
    case "textarea":
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "dropdown":
      return (
        <Select<number>
          {...common}
          placeholder="Choose one"
          data={q.responses.map((r) => ({ value: r.id, label: r.text }))}
          value={typeof value === "number" ? value : null}
          onChange={(v) => onChange(v)}
          clearable={!q.isRequired}
          // Tapping the chosen answer again never empties a required question (issue 11).
          allowDeselect={!q.isRequired}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case "radio":
      // Radio and checkbox groups compare string values (the input's own value), so ids travel as text.
      return (
        <Radio.Group
          {...common}
          value={typeof value === "number" ? String(value) : null}
          onChange={(v) => onChange(v ? Number(v) : null)}
        >
          <Stack gap="xs" mt={6}>
            {q.responses.map((r) => (
              <Radio key={r.id} value={String(r.id)} label={r.text} size={size} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case "checkbox":
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(v) => onChange(v.map(Number))}
        >
          <Stack gap="xs" mt={6}>
            {q.responses.map((r) => (
              <Checkbox key={r.id} value={String(r.id)} label={r.text} size={size} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case "datePicker":
      return (
        // The calendar loads when a form first shows a date question; meanwhile the field is there, disabled.
        <Suspense
          fallback={<TextInput {...common} disabled placeholder="Pick a date" value={text} readOnly />}
        >
          <DateQuestionInput
            {...common}
            clearable={!q.isRequired}
            value={text}
            onChange={(v) => onChange(v)}
          />
        </Suspense>
      );
    case "yesNo":
      // Two radios side by side: the same control as the other choices (and no sliding indicator to load).
      return (
        <Radio.Group
          {...common}
          value={value === true ? "yes" : value === false ? "no" : null}
          onChange={(v) => onChange(v === "yes")}
        >
          <Group gap="xl" mt={6}>
            <Radio value="yes" label="Yes" size={size} disabled={disabled} />
            <Radio value="no" label="No" size={size} disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    default:
      if (data === "number" || data === "phone")
        return (
          <DigitsInput
            {...common}
            maxLength={data === "phone" ? 10 : 15}
            value={text}
            onChange={(v) => onChange(v)}
          />
        );
      return (
        <TextInput
          {...common}
          type={data === "email" ? "email" : "text"}
          inputMode={data === "decimal" ? "decimal" : data === "email" ? "email" : undefined}
          maxLength={2000}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
