import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { escapeHtml } from "../../platform/mail";
import type { AppointmentsRepository } from "./appointments.repository";

/**
 * What the shopper hears of a booking (docs/decisions/0033): a confirmation, a reminder, an update when it moves
 * and a cancellation, by email with a calendar file and, where the organization turned text messages on, by SMS.
 * In the shopper's language (the lead's `language_id`, a `languageTypes` item): English and Spanish; any other
 * language gets English.
 */

export type NoticeKind = "booked" | "moved" | "cancelled" | "reminder";
export type NoticeFacts = NonNullable<Awaited<ReturnType<AppointmentsRepository["noticeFacts"]>>>;
export type Language = "en" | "es";

export const languageOf = (name: string | null | undefined): Language =>
  name?.toLowerCase() === "spanish" ? "es" : "en";

const LOCALE: Record<Language, string> = { en: "en-US", es: "es-US" };

/** "Tuesday, March 10, 2026, 9:00 AM – 11:00 AM EDT" in the window's zone and the shopper's language. */
export function formatWhen(startsAt: Date, endsAt: Date, timeZone: string, lang: Language): string {
  const day = new Intl.DateTimeFormat(LOCALE[lang], {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(startsAt);
  const time = (d: Date, zone: boolean) =>
    new Intl.DateTimeFormat(LOCALE[lang], {
      timeZone,
      hour: "numeric",
      minute: "2-digit",
      ...(zone ? { timeZoneName: "short" as const } : {}),
    }).format(d);
  return `${day}, ${time(startsAt, false)} – ${time(endsAt, true)}`;
}

const placeOf = (f: NoticeFacts) =>
  [f.storeName, f.storeAddress, [f.storeCity, f.storeState].filter(Boolean).join(", "), f.storeZip]
    .filter((p) => p && p.trim() !== "")
    .join(", ");

type Texts = {
  subject: Record<NoticeKind, (f: NoticeFacts) => string>;
  lead: Record<NoticeKind, string>;
  hello: (name: string) => string;
  when: string;
  where: string;
  calendar: string;
  sms: Record<NoticeKind, (f: NoticeFacts, when: string) => string>;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: {
      booked: (f) => `Your ${f.typeName} appointment is booked`,
      moved: (f) => `Your ${f.typeName} appointment has moved`,
      cancelled: (f) => `Your ${f.typeName} appointment is cancelled`,
      reminder: (f) => `Reminder: your ${f.typeName} appointment is coming up`,
    },
    lead: {
      booked: "Your appointment is booked.",
      moved: "Your appointment has a new time.",
      cancelled: "Your appointment has been cancelled.",
      reminder: "A reminder of your appointment.",
    },
    hello: (name) => `Hello ${name},`,
    when: "When",
    where: "Where",
    calendar:
      "The calendar file (appointment.ics) is attached: open it to add the appointment to your calendar.",
    sms: {
      booked: (f, when) => `${f.organizationName}: your ${f.typeName} appointment is booked for ${when}.`,
      moved: (f, when) => `${f.organizationName}: your ${f.typeName} appointment has moved to ${when}.`,
      cancelled: (f, when) =>
        `${f.organizationName}: your ${f.typeName} appointment on ${when} is cancelled.`,
      reminder: (f, when) => `${f.organizationName}: reminder of your ${f.typeName} appointment on ${when}.`,
    },
  },
  es: {
    subject: {
      booked: (f) => `Su cita de ${f.typeName} está confirmada`,
      moved: (f) => `Su cita de ${f.typeName} cambió de horario`,
      cancelled: (f) => `Su cita de ${f.typeName} fue cancelada`,
      reminder: (f) => `Recordatorio: se acerca su cita de ${f.typeName}`,
    },
    lead: {
      booked: "Su cita está confirmada.",
      moved: "Su cita tiene un nuevo horario.",
      cancelled: "Su cita fue cancelada.",
      reminder: "Un recordatorio de su cita.",
    },
    hello: (name) => `Hola ${name}:`,
    when: "Cuándo",
    where: "Dónde",
    calendar:
      "El archivo de calendario (appointment.ics) va adjunto: ábralo para agregar la cita a su calendario.",
    sms: {
      booked: (f, when) => `${f.organizationName}: su cita de ${f.typeName} está confirmada para el ${when}.`,
      moved: (f, when) => `${f.organizationName}: su cita de ${f.typeName} cambió al ${when}.`,
      cancelled: (f, when) => `${f.organizationName}: su cita de ${f.typeName} del ${when} fue cancelada.`,
      reminder: (f, when) => `${f.organizationName}: recordatorio de su cita de ${f.typeName} el ${when}.`,
    },
  },
};

/** The calendar file (RFC 5545): METHOD REQUEST with a stable UID and the booking's SEQUENCE, CANCEL when cancelled. */
export function calendarFile(
  f: NoticeFacts,
  opts: { uid: string; sequence: number; cancelled: boolean; organizer: { name: string; email: string } },
): string {
  const calendar = ical({
    prodId: { company: "FieldLead", product: "Appointments", language: "EN" },
    method: opts.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: opts.uid,
    sequence: opts.sequence,
    start: f.startsAt,
    end: f.endsAt,
    summary: `${f.typeName} – ${f.organizationName}`,
    location: placeOf(f) || null,
    status: opts.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: opts.organizer,
    attendees: f.email
      ? [
          {
            email: f.email,
            name: `${f.firstName} ${f.lastName}`.trim(),
            role: ICalAttendeeRole.REQ,
            rsvp: false,
          },
        ]
      : [],
  });
  return calendar.toString();
}

export type EmailNotice = {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
};

/**
 * The email, with the calendar file attached (`appointment.ics`, `text/calendar` with its METHOD: over SMTP it goes
 * as the message's calendar part, which mail programs offer to add; decision 0033).
 */
export function emailNotice(kind: NoticeKind, f: NoticeFacts, ics: string | null): EmailNotice {
  const lang = languageOf(f.language);
  const t = TEXTS[lang];
  const when = formatWhen(f.startsAt, f.endsAt, f.timeZone, lang);
  const where = placeOf(f);
  const lines = [
    t.hello(f.firstName),
    "",
    t.lead[kind],
    "",
    `${t.when}: ${when}`,
    ...(where ? [`${t.where}: ${where}`] : []),
    "",
    f.organizationName,
  ];
  const link = ics ? `<p>${escapeHtml(t.calendar)}</p>` : "";
  const html = [
    `<p>${escapeHtml(t.hello(f.firstName))}</p>`,
    `<p>${escapeHtml(t.lead[kind])}</p>`,
    `<p><strong>${escapeHtml(t.when)}:</strong> ${escapeHtml(when)}`,
    where ? `<br><strong>${escapeHtml(t.where)}:</strong> ${escapeHtml(where)}</p>` : "</p>",
    link,
    `<p>${escapeHtml(f.organizationName)}</p>`,
  ].join("");
  const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
  return {
    subject: t.subject[kind](f),
    text: ics ? [...lines, "", t.calendar].join("\n") : lines.join("\n"),
    html,
    attachments: ics
      ? [
          {
            filename: "appointment.ics",
            contentType: `text/calendar; charset=utf-8; method=${method}`,
            content: ics,
          },
        ]
      : [],
  };
}

export function smsNotice(kind: NoticeKind, f: NoticeFacts): string {
  const lang = languageOf(f.language);
  return TEXTS[lang].sms[kind](f, formatWhen(f.startsAt, f.endsAt, f.timeZone, lang));
}
