import type { ChangeEvent, HTMLAttributes, ReactNode } from "react";
import type { Draft, Question } from "./form";
import type { Texts } from "./i18n";

/** The ids an input is described by (a hint, its error), or undefined. */
export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(" ") || undefined;

/** "(required)" / "(optional)" in words, beside a label: a star alone says nothing to many people. */
export function Need({ required, t, optional }: { required?: boolean; t: Texts; optional?: boolean }) {
  if (required) return <span className="need"> ({t.required})</span>;
  if (optional) return <span className="need"> ({t.optional})</span>;
  return null;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="error">
      {message}
    </p>
  );
}

type TextFieldProps = {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hintId?: string;
  type?: "text" | "tel" | "email" | "date";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  multiline?: boolean;
  required?: boolean;
};

export function TextField(p: TextFieldProps) {
  const errorId = `${p.id}-error`;
  const common = {
    id: p.id,
    name: p.id,
    value: p.value,
    maxLength: p.maxLength,
    autoComplete: p.autoComplete,
    "aria-invalid": p.error ? true : undefined,
    "aria-required": p.required || undefined,
    "aria-describedby": describedBy(p.hintId, p.error && errorId),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => p.onChange(e.currentTarget.value),
  };
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      {p.multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type={p.type ?? "text"} inputMode={p.inputMode} {...common} />
      )}
      <FieldError id={errorId} message={p.error} />
    </div>
  );
}

type Option = { value: string; label: string };

/** Radios or checkboxes under a legend: the page's choices (answers, yes/no, appointment types). */
export function ChoiceGroup(p: {
  name: string;
  legend: ReactNode;
  options: Option[];
  multiple?: boolean;
  /** The chosen value(s). */
  selected: string[];
  onToggle: (value: string, on: boolean) => void;
  error?: string;
  inline?: boolean;
  /** `card` for a section of its own (its legend a heading); a group inside a section otherwise. */
  className?: string;
}) {
  const errorId = `${p.name}-error`;
  return (
    <fieldset className={p.className ?? "group"} aria-describedby={p.error ? errorId : undefined}>
      <legend className={p.className ? undefined : "label"}>{p.legend}</legend>
      <div className={p.inline ? "choices inline" : "choices"}>
        {p.options.map((o, i) => (
          <label key={o.value} className="choice">
            <input
              type={p.multiple ? "checkbox" : "radio"}
              id={i === 0 ? p.name : undefined}
              name={p.name}
              value={o.value}
              checked={p.selected.includes(o.value)}
              aria-invalid={p.error ? true : undefined}
              aria-describedby={p.error ? errorId : undefined}
              onChange={(e) => p.onToggle(o.value, e.currentTarget.checked)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={p.error} />
    </fieldset>
  );
}

/** One question of the appointment type, asked as its field type says (text, number, yes/no, choice...). */
export function QuestionField({
  q,
  value,
  onChange,
  error,
  t,
}: {
  q: Question;
  value: Draft | undefined;
  onChange: (value: Draft) => void;
  error?: string;
  t: Texts;
}) {
  const id = `q-${q.id}`;
  const label = (
    <>
      {q.text}
      <Need required={q.isRequired} t={t} />
    </>
  );
  const text = typeof value === "string" ? value : "";
  const responses = [...q.responses].sort((a, b) => a.sortOrder - b.sortOrder);
  switch (q.dataTypeCode) {
    case "boolean":
      return (
        <ChoiceGroup
          name={id}
          legend={label}
          inline
          options={[
            { value: "true", label: t.yes },
            { value: "false", label: t.no },
          ]}
          selected={value === true ? ["true"] : value === false ? ["false"] : []}
          onToggle={(v) => onChange(v === "true")}
          error={error}
        />
      );
    case "choice":
      if (q.fieldTypeCode === "dropdown") {
        const errorId = `${id}-error`;
        return (
          <div className="field">
            <label htmlFor={id}>{label}</label>
            <select
              id={id}
              name={id}
              value={typeof value === "number" ? String(value) : ""}
              aria-invalid={error ? true : undefined}
              aria-required={q.isRequired || undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            >
              <option value="">{t.choose}</option>
              {responses.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.text}
                </option>
              ))}
            </select>
            <FieldError id={errorId} message={error} />
          </div>
        );
      }
      return (
        <ChoiceGroup
          name={id}
          legend={label}
          options={responses.map((r) => ({ value: String(r.id), label: r.text }))}
          selected={typeof value === "number" ? [String(value)] : []}
          onToggle={(v) => onChange(Number(v))}
          error={error}
        />
      );
    case "multiChoice": {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <ChoiceGroup
          name={id}
          legend={label}
          multiple
          options={responses.map((r) => ({ value: String(r.id), label: r.text }))}
          selected={chosen.map(String)}
          onToggle={(v, on) => onChange(on ? [...chosen, Number(v)] : chosen.filter((c) => c !== Number(v)))}
          error={error}
        />
      );
    }
    default:
      return (
        <TextField
          id={id}
          label={label}
          value={text}
          onChange={onChange}
          error={error}
          required={q.isRequired}
          multiline={q.fieldTypeCode === "textarea"}
          maxLength={2000}
          type={
            q.dataTypeCode === "date"
              ? "date"
              : q.dataTypeCode === "phone"
                ? "tel"
                : q.dataTypeCode === "email"
                  ? "email"
                  : "text"
          }
          inputMode={
            q.dataTypeCode === "number" ? "numeric" : q.dataTypeCode === "decimal" ? "decimal" : undefined
          }
        />
      );
  }
}
