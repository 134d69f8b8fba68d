/**
 * The shopper's page in English and Spanish (issue #13). The shopper picks; the browser's language is the default,
 * and the choice is remembered on the phone. Spanish addresses the shopper as "usted".
 */

export type Lang = "en" | "es";
// QR_LANGUAGES (packages/contracts/src/qr-codes.ts).
export const LANGS: readonly Lang[] = ["en", "es"];
export const LANG_NAMES: Record<Lang, string> = { en: "English", es: "Español" };

const STORAGE_KEY = "fieldlead.qr.language";

/** The remembered choice, else the first of the browser's languages that the page speaks, else English. */
export function initialLang(): Lang {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept === "en" || kept === "es") return kept;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const primary = tag?.toLowerCase().split("-")[0];
    if (primary === "en" || primary === "es") return primary;
  }
  return "en";
}

export function rememberLang(lang: Lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not kept: the page still switches.
  }
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const en = {
  title: (org: string) => `Book with ${org}`,
  titlePlain: "Book an appointment",
  loading: "Loading…",
  loadError: "We could not load this page. Check your connection and try again.",
  tryAgain: "Try again",
  withAt: (person: string, store: string) => `with ${person} at ${store}`,
  intro: "Book an appointment in about a minute.",
  language: "Language",
  noTypes: "Booking is not open at this store right now. Please ask the person who gave you this code.",
  typeLegend: "What would you like to book?",
  questions: "A few questions",
  required: "required",
  optional: "optional",
  yes: "Yes",
  no: "No",
  choose: "Choose…",
  timeLegend: "Choose a time",
  timesIn: (zone: string) => `Times are the store's local time (${zone}).`,
  loadingTimes: "Loading free times…",
  timesError: "We could not load the free times.",
  noTimes: "There are no free times in the next weeks. Send your details and we will call you to find one.",
  moreDays: "Show more days",
  lastPlace: "last place",
  noneWork: "None of these times work? Send your details and we will call you",
  nextFree: "Next free times",
  details: "Your details",
  firstName: "First name",
  lastName: "Last name",
  phone: "Mobile phone",
  email: "Email",
  contactHint: "Give a phone number, an email, or both.",
  more: "Add your address or a note",
  address: "Street address",
  city: "City",
  state: "State",
  zip: "ZIP code",
  notes: "Anything we should know?",
  consents: "Who may contact you",
  consentsHint: "Read each statement and tick it if you agree.",
  consentHeading: (destination: string, org: string) => {
    switch (destination) {
      case "crm":
        return `${org} may contact me`;
      case "retailer":
        return "The store may contact me";
      case "retailerProgram":
        return "The store's home-services program may contact me";
      case "secondPartner":
        return `${org}'s partner program may contact me`;
      default:
        return "I may be contacted";
    }
  },
  neededToBook: "Needed to book a time",
  textChanged: "This text has just changed: please read it again.",
  book: "Book this time",
  send: "Send my details",
  sending: "Sending…",
  // Messages
  chooseType: "Choose what you would like to book",
  answer: "Answer this question",
  wholeNumber: "Enter a whole number",
  number: "Enter a number",
  enterFirstName: "Enter your first name",
  enterLastName: "Enter your last name",
  phoneOrEmail: "Enter a phone number or an email address",
  badPhone: "Enter a 10-digit US phone number",
  badEmail: "Enter a valid email address",
  badZip: "Enter a 5-digit ZIP code",
  chooseTime: "Choose a time, or “None of these times work”",
  consentNeeded: (heading: string) =>
    `To book a time, tick “${heading}”: it is needed to confirm your visit.`,
  consentAny: "Tick at least one box, so that we may contact you about your project.",
  summary: (n: number) =>
    plural(n, "Please check the answer marked above.", `Please check the ${n} answers marked above.`),
  network: "We could not reach the server. Check your connection and send again.",
  tooMany: "Too many tries from this connection; wait a minute and send again.",
  taken: "Sorry, that time was just taken. Here are the next free times:",
  takenNone:
    "Sorry, that time was just taken. Choose another time, or send your details and we will call you.",
  stale: "The consent texts have just changed. Please read them again and tick the ones you agree to.",
  formOld: "This form was open for a long time, so we refreshed it. Check your answers and send again.",
  tooFast: "Please take a moment to check your details, then send again.",
  refused: "We could not accept this form. Please check your details and send it again.",
  generic: "Something went wrong. Please send again.",
  // Confirmation
  booked: "You are booked",
  received: "Thank you, we have your details",
  at: (day: string, time: string) => `${day}, ${time}`,
  next: "What happens next",
  emailSent: "A confirmation email is on its way.",
  willConfirm: (org: string) => `${org} will call you to confirm.`,
  willCall: (org: string) => `${org} will call you to find a time that works for you.`,
  thanks: (org: string) => `Thank you for choosing ${org}.`,
};

export type Texts = typeof en;

const es: Texts = {
  title: (org) => `Reserve con ${org}`,
  titlePlain: "Reserve una cita",
  loading: "Cargando…",
  loadError: "No pudimos cargar esta página. Revise su conexión e inténtelo de nuevo.",
  tryAgain: "Intentar de nuevo",
  withAt: (person, store) => `con ${person} en ${store}`,
  intro: "Reserve una cita en un minuto.",
  language: "Idioma",
  noTypes:
    "Las reservas no están abiertas en esta tienda ahora mismo. Pregunte a la persona que le dio este código.",
  typeLegend: "¿Qué desea reservar?",
  questions: "Algunas preguntas",
  required: "obligatorio",
  optional: "opcional",
  yes: "Sí",
  no: "No",
  choose: "Elija…",
  timeLegend: "Elija una hora",
  timesIn: (zone) => `Las horas son las de la tienda (${zone}).`,
  loadingTimes: "Cargando horarios libres…",
  timesError: "No pudimos cargar los horarios libres.",
  noTimes: "No hay horarios libres en las próximas semanas. Envíe sus datos y le llamaremos para buscar uno.",
  moreDays: "Mostrar más días",
  lastPlace: "último lugar",
  noneWork: "¿Ninguna de estas horas le sirve? Envíe sus datos y le llamaremos",
  nextFree: "Próximas horas libres",
  details: "Sus datos",
  firstName: "Nombre",
  lastName: "Apellido",
  phone: "Teléfono móvil",
  email: "Correo electrónico",
  contactHint: "Indique un teléfono, un correo electrónico o ambos.",
  more: "Añadir su dirección o una nota",
  address: "Dirección",
  city: "Ciudad",
  state: "Estado",
  zip: "Código postal",
  notes: "¿Algo que debamos saber?",
  consents: "Quién puede contactarle",
  consentsHint: "Lea cada declaración y márquela si está de acuerdo.",
  consentHeading: (destination, org) => {
    switch (destination) {
      case "crm":
        return `${org} puede contactarme`;
      case "retailer":
        return "La tienda puede contactarme";
      case "retailerProgram":
        return "El programa de servicios para el hogar de la tienda puede contactarme";
      case "secondPartner":
        return `El programa asociado de ${org} puede contactarme`;
      default:
        return "Pueden contactarme";
    }
  },
  neededToBook: "Necesario para reservar una hora",
  textChanged: "Este texto acaba de cambiar: léalo de nuevo.",
  book: "Reservar esta hora",
  send: "Enviar mis datos",
  sending: "Enviando…",
  chooseType: "Elija qué desea reservar",
  answer: "Responda esta pregunta",
  wholeNumber: "Escriba un número entero",
  number: "Escriba un número",
  enterFirstName: "Escriba su nombre",
  enterLastName: "Escriba su apellido",
  phoneOrEmail: "Escriba un teléfono o un correo electrónico",
  badPhone: "Escriba un teléfono de EE. UU. de 10 dígitos",
  badEmail: "Escriba un correo electrónico válido",
  badZip: "Escriba un código postal de 5 dígitos",
  chooseTime: "Elija una hora, o «¿Ninguna de estas horas le sirve?»",
  consentNeeded: (heading) =>
    `Para reservar una hora, marque «${heading}»: es necesario para confirmar su cita.`,
  consentAny: "Marque al menos una casilla, para que podamos contactarle sobre su proyecto.",
  summary: (n) =>
    plural(n, "Revise la respuesta marcada arriba.", `Revise las ${n} respuestas marcadas arriba.`),
  network: "No pudimos conectar con el servidor. Revise su conexión y envíe de nuevo.",
  tooMany: "Demasiados intentos desde esta conexión; espere un minuto y envíe de nuevo.",
  taken: "Lo sentimos, esa hora acaba de ocuparse. Estas son las próximas horas libres:",
  takenNone: "Lo sentimos, esa hora acaba de ocuparse. Elija otra hora, o envíe sus datos y le llamaremos.",
  stale: "Los textos de consentimiento acaban de cambiar. Léalos de nuevo y marque los que acepte.",
  formOld:
    "Este formulario estuvo abierto mucho tiempo y lo actualizamos. Revise sus respuestas y envíe de nuevo.",
  tooFast: "Tómese un momento para revisar sus datos y envíe de nuevo.",
  refused: "No pudimos aceptar este formulario. Revise sus datos y envíelo de nuevo.",
  generic: "Algo salió mal. Envíe de nuevo.",
  booked: "Su cita está reservada",
  received: "Gracias, recibimos sus datos",
  at: (day, time) => `${day}, ${time}`,
  next: "Qué pasa ahora",
  emailSent: "Le enviamos un correo electrónico de confirmación.",
  willConfirm: (org) => `${org} le llamará para confirmar.`,
  willCall: (org) => `${org} le llamará para buscar una hora que le convenga.`,
  thanks: (org) => `Gracias por elegir a ${org}.`,
};

export const TEXTS: Record<Lang, Texts> = { en, es };

/** Shown when the code is unknown, inactive or stopped: both languages, nothing else (issue #13). */
export const NOT_IN_USE: Record<Lang, string> = {
  en: "This code is not in use any more. Please ask the person who gave it to you.",
  es: "Este código ya no está en uso. Por favor, pregunte a la persona que se lo dio.",
};

// ---------------------------------------------------------------------------------------------------------
// Days and times, in the store's time zone
// ---------------------------------------------------------------------------------------------------------

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Tuesday, November 24" / "Martes, 24 de noviembre": the instant's day in the window's own time zone. The first
 * letter is capitalized (a Spanish weekday is written in lower case, but this one starts a label).
 */
export function dayLabel(lang: Lang, startsAt: string, timeZone: string): string {
  const key = `${lang}|${timeZone}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === "es" ? "es-US" : "en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      timeZone,
    });
    dayFormats.set(key, f);
  }
  const s = f.format(new Date(startsAt));
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "09:00" -> "9:00 AM" (en) or "9:00" (es): the window's wall-clock time, as the server gives it. */
export function clockTime(lang: Lang, hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const minutes = String(m ?? 0).padStart(2, "0");
  if (lang === "es") return `${h}:${minutes}`;
  return `${h % 12 || 12}:${minutes} ${h < 12 ? "AM" : "PM"}`;
}

/** "9:00 AM – 11:00 AM" / "9:00 – 11:00". */
export const timeRange = (lang: Lang, start: string, end: string) =>
  `${clockTime(lang, start)} – ${clockTime(lang, end)}`;

/**
 * The zone's short name at that instant, as US shoppers know it ("EST", "PDT"), in either language: Spanish
 * formats have no short names for US zones ("GMT-5" instead).
 */
export function zoneName(startsAt: string, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(
      new Date(startsAt),
    );
    return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
