import type { QrDetails } from "@fieldlead/contracts";
import type { Ref } from "react";
import { describedBy, FieldError } from "./fields";
import type { Texts } from "./i18n";

type Disclosure = QrDetails["disclosures"]["en"][number];

/**
 * The destinations' consent texts, exactly as the server wrote them (the entry sends back the text ticked, and the
 * server refuses one that is no longer current: `stale_disclosure`). A box counts only while its text is the one
 * shown: after the texts change, a tick given to the earlier text shows unticked, with a word saying why.
 */
export function Consents(p: {
  t: Texts;
  organizationName: string;
  disclosures: Disclosure[];
  consents: Record<string, string | null>;
  onChange: (destination: string, text: string | null) => void;
  errors: Record<string, string>;
  /** The texts changed while the form was open: read them again. */
  staleMessage: string | null;
  staleRef: Ref<HTMLParagraphElement>;
}) {
  if (!p.disclosures.length) return null;
  /** About the consents together (none ticked). */
  const groupError = p.errors.consents;
  return (
    <fieldset className="card">
      <legend>
        <h2>{p.t.consents}</h2>
      </legend>
      <p className="muted">{p.t.consentsHint}</p>
      {p.staleMessage ? (
        <p className="notice" role="alert" tabIndex={-1} ref={p.staleRef}>
          {p.staleMessage}
        </p>
      ) : null}
      {p.disclosures.map((d) => {
        const id = `consent-${d.destination}`;
        const ticked = p.consents[d.destination] ?? null;
        const checked = ticked === d.text;
        const changed = ticked !== null && !checked;
        const error = p.errors[`consents.${d.destination}`];
        const invalid = Boolean(error || groupError);
        return (
          <div key={d.destination} className="consent">
            <input
              type="checkbox"
              id={id}
              name={id}
              checked={checked}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy(
                `${id}-text`,
                changed && `${id}-changed`,
                error && `${id}-error`,
                groupError && "consents-error",
              )}
              onChange={(e) => p.onChange(d.destination, e.currentTarget.checked ? d.text : null)}
            />
            <div>
              <label htmlFor={id}>
                <strong>{p.t.consentHeading(d.destination, p.organizationName)}</strong>
                {d.requiredToBook ? <span className="need"> ({p.t.neededToBook})</span> : null}
              </label>
              <p id={`${id}-text`} className="disclosure">
                {d.text}
              </p>
              {changed ? (
                <p id={`${id}-changed`} className="warn">
                  {p.t.textChanged}
                </p>
              ) : null}
              <FieldError id={`${id}-error`} message={error} />
            </div>
          </div>
        );
      })}
      <FieldError id="consents-error" message={groupError} />
    </fieldset>
  );
}
