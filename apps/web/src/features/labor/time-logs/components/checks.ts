import { isValidLocalDate } from "@fieldlead/contracts";

/**
 * The time log forms' checks, in the server's words (contracts: `reasonSchema`, `localDateSchema`,
 * `localTimeSchema`); the web loads no schemas, and the server checks the same and more.
 */

export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const NOTES_MAX = 1000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const checkReason = (v: string) => {
  const t = v.trim();
  if (t.length < REASON_MIN) return "Say why (at least 3 characters): the audit trail keeps it";
  if (t.length > REASON_MAX) return "Keep the reason under 500 characters";
  return null;
};

export const checkDate = (v: string) =>
  !v ? "Enter the date" : isValidLocalDate(v) ? null : "Use the date format yyyy-MM-dd";

export const checkTime =
  (what: string, required = true) =>
  (v: string) =>
    !v
      ? required
        ? `Enter the ${what} time`
        : null
      : TIME.test(v)
        ? null
        : "Use a 24-hour time HH:mm, such as 08:00";

export const checkNotes = (v: string) =>
  v.trim().length > NOTES_MAX ? "Keep the notes under 1,000 characters" : null;
