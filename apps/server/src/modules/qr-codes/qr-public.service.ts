import {
  type AvailableWindows,
  CONSENT_DESTINATIONS,
  type ConsentDestination,
  DATA_TYPES,
  DEFAULT_DISCLOSURE_TEMPLATES,
  DEFAULT_DISCLOSURE_TEMPLATES_ES,
  DISCLOSURE_DESTINATIONS,
  type DisclosureTexts,
  FIELD_TYPES,
  fillDisclosure,
  formatDate,
  normalizeEmail,
  normalizePhone,
  QR_HONEYPOT_FIELD,
  QR_NO_GROUP,
  type QrDetails,
  type QrEntryResponse,
  type qrAvailableQuery,
  type qrEntryRequest,
} from "@fieldlead/contracts";
import type { z } from "zod";
import { AppError, badRequest, fieldError } from "../../platform/errors";
import { once } from "../../platform/idempotency";
import { withPreparedStatements } from "../../platform/prepared-statements";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { type AppointmentsService, WindowTaken } from "../appointments/index";
import { type LeadIntake, validateAnswers } from "../leads/index";
import type { FormServiceType, LeadFormReader } from "../settings/index";
import type { LiveCode, OfferedType, QrCodesRepository } from "./qr-codes.repository";
import { checkFormToken, signFormToken } from "./qr-form-token";

type EntryInput = z.output<typeof qrEntryRequest>;
type AvailableInput = z.output<typeof qrAvailableQuery>;

type Deps = {
  uow: UnitOfWork;
  repo: QrCodesRepository;
  intake: LeadIntake;
  forms: LeadFormReader;
  appointments: AppointmentsService;
  now?: () => Date;
};

/**
 * The one answer to a code that is unknown, inactive or stopped (its person made inactive or moved out of the
 * organization): the same status and message whatever the reason, so the public calls say nothing about who exists.
 */
export const CODE_NOT_IN_USE = "This code is not in use.";
const notInUse = () => new AppError("not_found", 404, CODE_NOT_IN_USE);

/** A refused form a person can send again after reloading (a bot's submission, as far as we can tell). */
export const FORM_REFUSED = "We could not accept this form. Please reload the page and send it again.";

/** "Luis G.": what a shopper sees of the lead generator. */
const shortName = (first: string, last: string) =>
  [first.trim(), last.trim() ? `${last.trim()[0].toUpperCase()}.` : ""].filter(Boolean).join(" ");

const blank = (v: string | null | undefined): v is null | undefined => !v || v.trim() === "";

const destinationName = (d: ConsentDestination) => CONSENT_DESTINATIONS.find((x) => x.id === d)?.name ?? d;

/**
 * The Spanish texts: the product's Spanish default where the organization uses the product's text, and the
 * organization's own text as written where it wrote one (a translation would be a text it never approved).
 */
function spanishOf(en: DisclosureTexts, organizationName: string): DisclosureTexts {
  return Object.fromEntries(
    DISCLOSURE_DESTINATIONS.map((dest) => [
      dest,
      en[dest] === fillDisclosure(DEFAULT_DISCLOSURE_TEMPLATES[dest], organizationName)
        ? fillDisclosure(DEFAULT_DISCLOSURE_TEMPLATES_ES[dest], organizationName)
        : en[dest],
    ]),
  ) as DisclosureTexts;
}

/** The appointment type's questions as the answers' check reads a service type's (lead-answers.ts). */
function formOf(type: OfferedType): FormServiceType {
  return {
    id: type.id,
    name: type.name,
    description: "",
    isActive: true,
    sortOrder: 0,
    questions: type.questions.map((q) => ({
      id: q.id,
      serviceTypeId: q.serviceTypeId,
      text: q.text,
      dataTypeId: q.dataTypeId,
      fieldTypeId: q.fieldTypeId,
      isRequired: q.isRequired,
      isActive: q.isActive,
      sortOrder: q.sortOrder,
      responses: q.responses,
    })),
  };
}

/**
 * The three public calls of the QR page (docs/decisions/0037): what the page shows, the free windows, and the
 * shopper's entry. No one is signed in: each call starts from the person's uid (and group) in the address, and a
 * code that is not live answers {@link CODE_NOT_IN_USE}.
 */
export function qrPublicService(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };

  // The ids of English and Spanish in the `languageTypes` reference list: the same for every organization and
  // only set when the reference data is applied at start, so read once per process (not once per entry).
  let languagesRead: Promise<{ en: number | null; es: number | null }> | null = null;
  const languageIds = () => {
    languagesRead ??= d.repo.languageIds(d.uow.read).catch((err: unknown) => {
      languagesRead = null;
      throw err;
    });
    return languagesRead;
  };

  /**
   * The code as the page and the entry use it: at the store its person works at now (their punch, else their
   * schedule for the day, from labor), else at the code's own store. Everything store-bound follows it: the
   * store and city the page names, the time zone of its windows, the types offered in its territory, the windows
   * themselves, and the store and territory the lead is credited to (decision 0037).
   */
  async function located(code: LiveCode): Promise<LiveCode> {
    const now = d.now();
    const place = await d.repo.workplace(d.uow.read, code, now, formatDate(now, code.storeTimeZone));
    return place ? { ...code, ...place } : code;
  }

  async function live(userUid: string, group: number): Promise<LiveCode> {
    const [code] = await d.repo.liveCodes(d.uow.read, userUid, group);
    if (!code) throw notInUse();
    return located(code);
  }

  /** Without a group: the person's live code of no group, else their only live code (several: not in use). */
  async function liveOfPerson(userUid: string): Promise<LiveCode> {
    const codes = await d.repo.liveCodes(d.uow.read, userUid, null);
    const code = codes.find((c) => c.group === QR_NO_GROUP) ?? (codes.length === 1 ? codes[0] : undefined);
    if (!code) throw notInUse();
    return located(code);
  }

  async function offeredType(code: LiveCode, typeId: number, field: string): Promise<OfferedType> {
    const [type] = await d.repo.offeredTypes(d.uow.read, code, code.territoryId, typeId);
    if (!type) throw fieldError(field, "Choose one of the appointment types offered here.");
    return type;
  }

  /** The shopper's language's texts (English, or the Spanish of {@link spanishOf}). */
  async function disclosuresOf(code: LiveCode) {
    const en = await d.forms.disclosures(d.uow.read, code);
    return { en, es: spanishOf(en, code.organizationName) };
  }

  /**
   * Everything the entry checks before its transaction (reads only), in the order a person meets them. Throws a
   * 4xx `AppError`: the caller keeps the submission as an invalid capture entry, then answers.
   */
  async function check(code: LiveCode, input: EntryInput, now: Date) {
    // The honeypot: a field people never see; a bot fills it. Said as a plain refusal, never as "bot".
    const honeypot = input[QR_HONEYPOT_FIELD];
    if (!blank(honeypot)) throw new AppError("form_refused", 422, FORM_REFUSED);
    checkFormToken(code, input.formToken, now);
    const type = await offeredType(code, input.appointmentTypeId, "body.appointmentTypeId");

    const errors: Record<string, string[]> = {};
    const phone = blank(input.phone) ? null : normalizePhone(input.phone);
    const email = blank(input.email) ? null : normalizeEmail(input.email);
    if (!blank(input.phone) && !phone)
      errors["body.phone"] = ["Enter a 10-digit phone number, such as 201 555 0123."];
    if (!blank(input.email) && !email)
      errors["body.email"] = ["Enter an email address, such as name@example.com."];
    if (blank(input.phone) && blank(input.email))
      errors["body.phone"] = ["Enter a phone number or an email address, so we can reach you."];
    if (!blank(input.state) && !/^[A-Za-z]{2}$/.test(input.state))
      errors["body.state"] = ["Use the two-letter state code"];
    if (!blank(input.zip) && !/^\d{5}(-\d{4})?$/.test(input.zip))
      errors["body.zip"] = ["Enter a 5-digit ZIP code"];
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first[0], errors);

    const answers = validateAnswers(formOf(type), input.answers ?? []);
    const serviceTypes = new Set(type.questions.map((q) => q.serviceTypeId));

    const texts = await disclosuresOf(code);
    const consents = input.consents ?? [];
    const seen = new Set<ConsentDestination>();
    consents.forEach((c, i) => {
      if (seen.has(c.destination))
        throw fieldError(`body.consents.${i}.destination`, "Each consent is given once.");
      seen.add(c.destination);
      if (c.disclosureText !== texts.en[c.destination] && c.disclosureText !== texts.es[c.destination]) {
        const message = `The consent text for ${destinationName(c.destination)} has changed since this page was opened; reload the page and read the current text before you agree.`;
        throw new AppError("stale_disclosure", 400, message, {
          [`body.consents.${i}.disclosureText`]: [message],
        });
      }
    });
    if (consents.length === 0)
      throw fieldError("body.consents", "Tick the box to agree that we may contact you about your project.");
    if (input.windowId && !seen.has("crm"))
      throw fieldError(
        "body.consents",
        `To book a time, agree that ${code.organizationName} may contact you about your appointment.`,
      );
    return {
      type,
      phone,
      email,
      answers,
      serviceTypeId: serviceTypes.size === 1 ? [...serviceTypes][0] : null,
      consents: consents.map((c) => ({
        destination: c.destination,
        disclosureText: c.disclosureText,
        acceptedAt: now,
      })),
    };
  }

  return {
    async details(userUid: string, group: number): Promise<QrDetails> {
      const code = await live(userUid, group);
      const [types, texts, languages] = await Promise.all([
        d.repo.offeredTypes(d.uow.read, code, code.territoryId),
        disclosuresOf(code),
        languageIds(),
      ]);
      // The retailer program's consent belongs to its groups' codes: a code of no group does not ask for it.
      const offered = DISCLOSURE_DESTINATIONS.filter(
        (destination) => destination !== "retailerProgram" || code.group !== QR_NO_GROUP,
      );
      const set = (t: DisclosureTexts) =>
        offered.map((destination) => ({
          destination,
          text: t[destination],
          requiredToBook: destination === "crm",
        }));
      return {
        organizationName: code.organizationName,
        leadGeneratorName: shortName(code.firstName, code.lastName),
        storeName: code.storeName,
        storeCity: code.storeCity,
        timeZone: code.storeTimeZone,
        group: code.group,
        groupName: code.group === QR_NO_GROUP ? null : code.groupName,
        appointmentTypes: types.map((t) => ({
          id: t.id,
          name: t.name,
          durationMinutes: t.durationMinutes,
          arrivalWindowMinutes: t.arrivalWindowMinutes,
          questions: t.questions.map((q) => ({
            id: q.id,
            text: q.text,
            dataTypeId: q.dataTypeId,
            dataTypeCode: DATA_TYPES.find((x) => x.id === q.dataTypeId)?.code ?? "text",
            fieldTypeId: q.fieldTypeId,
            fieldTypeCode: FIELD_TYPES.find((x) => x.id === q.fieldTypeId)?.code ?? "textbox",
            isRequired: q.isRequired,
            isActive: q.isActive,
            sortOrder: q.sortOrder,
            responses: q.responses,
          })),
        })),
        disclosures: { en: set(texts.en), es: set(texts.es) },
        formToken: signFormToken(code, d.now()),
        languageIds: { en: languages.en ?? 0, es: languages.es ?? 0 },
      };
    },

    async available(userUid: string, input: AvailableInput): Promise<AvailableWindows> {
      const code = input.group === undefined ? await liveOfPerson(userUid) : await live(userUid, input.group);
      await offeredType(code, input.appointmentTypeId, "query.appointmentTypeId");
      return d.appointments.availableAt(code, {
        storeId: code.storeId,
        appointmentTypeId: input.appointmentTypeId,
      });
    },

    /**
     * A shopper's entry. Kept exactly as sent (`raw`) as a capture entry before anything else becomes of it: in the
     * transaction that makes the lead (and books the window), or, when it is refused (bot checks, a field, a stale
     * consent text, the window just taken), on its own after that transaction rolled back, as `invalid` with the
     * message. A body that is not the form's shape never gets here: the schema refuses it at the door (400) and it
     * is not kept, as it is no submission of the form. An unknown or stopped code keeps nothing (404).
     *
     * One transaction holds the lead, its answers, consents and history, the capture entry and the booking, so
     * nothing is half-written; the Idempotency-Key (actor `qr:{codeId}`) makes a double tap one lead, one booking and
     * the same answer.
     */
    entry(userUid: string, input: EntryInput, raw: unknown, key?: string): Promise<QrEntryResponse> {
      // The public hot path: its statements are point lookups and inserts by key, prepared (docs/decisions/0043).
      return withPreparedStatements(() => entryOf(userUid, input, raw, key));
    },
  };

  async function entryOf(
    userUid: string,
    input: EntryInput,
    raw: unknown,
    key?: string,
  ): Promise<QrEntryResponse> {
    const code = await live(userUid, input.group);
    const now = d.now();
    const org = { organizationId: code.organizationId, timeZone: code.organizationTimeZone };
    const place = { storeId: code.storeId, territoryId: code.territoryId };
    const payload = raw ?? input;
    const keep = (message: string) =>
      d.uow.run((tx) =>
        d.intake.refuse(tx, org, {
          source: "qr",
          payload,
          message,
          storeId: place.storeId,
          territoryId: place.territoryId,
          submittedByUserId: code.userId,
          qrCodeId: code.id,
        }),
      );
    try {
      const ok = await check(code, input, now);
      const languages = await languageIds();
      const idempotency = {
        organizationId: code.organizationId,
        actor: `qr:${code.id}`,
        operation: "qrCodes.entry",
      };
      return await d.uow.run((tx) =>
        once(tx, idempotency, key, payload, async (): Promise<QrEntryResponse> => {
          const saved = await d.intake.record(tx, org, {
            source: "qr",
            values: {
              storeId: place.storeId,
              territoryId: place.territoryId,
              capturedByUserId: code.userId,
              capturedAt: now,
              serviceTypeId: ok.serviceTypeId,
              firstName: input.firstName,
              lastName: input.lastName,
              phone: ok.phone,
              email: ok.email,
              address: blank(input.address) ? null : input.address,
              city: blank(input.city) ? null : input.city,
              state: blank(input.state) ? null : input.state.toUpperCase(),
              zip: blank(input.zip) ? null : input.zip,
              languageId: languages[input.language] ?? null,
              notes: blank(input.notes) ? null : input.notes,
              hdsfiGroupId: code.group > QR_NO_GROUP ? code.group : null,
            },
            answers: ok.answers,
            consents: ok.consents,
            reason: null,
            payload,
            qrCodeId: code.id,
          });
          if (!input.windowId)
            return {
              entryId: saved.captureEntryId,
              outcome: "received",
              appointment: null,
              emailSent: false,
            };
          const booked = await d.appointments.bookForLead(tx, org, {
            lead: {
              id: saved.leadId,
              statusId: saved.statusId,
              storeId: place.storeId,
              territoryId: place.territoryId,
              email: ok.email,
              phone: ok.phone,
            },
            windowId: input.windowId,
            appointmentTypeId: ok.type.id,
          });
          const w = booked.window;
          return {
            entryId: saved.captureEntryId,
            outcome: "booked",
            appointment: {
              appointmentTypeName: booked.typeName,
              localDate: w.localDate,
              startTime: w.startTime.slice(0, 5),
              endTime: w.endTime.slice(0, 5),
              timeZone: w.timeZone,
              startsAt: w.startsAt.toISOString(),
              endsAt: w.endsAt.toISOString(),
            },
            emailSent: booked.emailQueued,
          };
        }),
      );
    } catch (err) {
      if (err instanceof AppError && err.status >= 400 && err.status < 500) {
        // The transaction (if any) rolled back: the refused submission is kept on its own, with why.
        await keep(err.message);
        if (err instanceof WindowTaken) await d.appointments.fillNextWindows(org, err);
      }
      throw err;
    }
  }
}

export type QrPublicService = ReturnType<typeof qrPublicService>;
