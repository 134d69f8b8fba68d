import { textSchema } from "./common";
import { CONSENT_DESTINATIONS, type ConsentDestination } from "./leads";

/**
 * The consent disclosures a shopper reads before agreeing to be contacted by a destination
 * (docs/decisions/0014). An organization may write its own; these are the product's, used until it does.
 * `{organization}` is replaced by the organization's name when the text is served.
 */
export const DISCLOSURE_PLACEHOLDER = "{organization}";

export const DEFAULT_DISCLOSURE_TEMPLATES: Readonly<Record<ConsentDestination, string>> = {
  crm: "I agree that {organization} may call or text me at the number I gave, including by automated means, and email me about my home-service project and appointment. Consent is not a condition of purchase. Message and data rates may apply; reply STOP to opt out.",
  retailer:
    "I agree that the store where I met {organization} may contact me by phone, text or email about this home-service project. Consent is not a condition of purchase.",
  retailerProgram:
    "I agree that the retailer's home-services program and its installers may contact me by phone, text or email, including by automated means, about this project. Consent is not a condition of purchase.",
  secondPartner:
    "I agree that {organization}'s partner program may contact me by phone, text or email, including by automated means, about this project. Consent is not a condition of purchase.",
};

/**
 * The product's defaults in Spanish, for the shopper's own page (the QR page, docs/decisions/0037). Only the
 * product's own wording has a translation: a text an organization wrote itself is served as written in every
 * language (a translation would be a text it never approved). `{organization}` is filled in the same way.
 */
export const DEFAULT_DISCLOSURE_TEMPLATES_ES: Readonly<Record<ConsentDestination, string>> = {
  crm: "Acepto que {organization} me llame o me envíe mensajes de texto al número que di, incluso por medios automatizados, y que me escriba por correo electrónico sobre mi proyecto para el hogar y mi cita. El consentimiento no es una condición de compra. Pueden aplicarse tarifas de mensajes y datos; responda STOP para dejar de recibirlos.",
  retailer:
    "Acepto que la tienda donde conocí a {organization} me contacte por teléfono, mensaje de texto o correo electrónico sobre este proyecto para el hogar. El consentimiento no es una condición de compra.",
  retailerProgram:
    "Acepto que el programa de servicios para el hogar del minorista y sus instaladores me contacten por teléfono, mensaje de texto o correo electrónico, incluso por medios automatizados, sobre este proyecto. El consentimiento no es una condición de compra.",
  secondPartner:
    "Acepto que el programa asociado de {organization} me contacte por teléfono, mensaje de texto o correo electrónico, incluso por medios automatizados, sobre este proyecto. El consentimiento no es una condición de compra.",
};

export type DisclosureTexts = Record<ConsentDestination, string>;

/** The destinations in the order of the forms. */
export const DISCLOSURE_DESTINATIONS: readonly ConsentDestination[] = CONSENT_DESTINATIONS.map((d) => d.id);

export const DISCLOSURE_MIN_LENGTH = 20;
export const DISCLOSURE_MAX_LENGTH = 2000;

/** The text a shopper reads: every `{organization}` replaced by the organization's name. */
export function fillDisclosure(template: string, organizationName: string): string {
  const org = organizationName.trim() || "this company";
  // A function replacement: a name like "$1 Windows" is inserted as written.
  return template.replace(/\{organization\}/g, () => org);
}

/** Every destination's text with the organization's name filled in. */
export function fillDisclosures(templates: DisclosureTexts, organizationName: string): DisclosureTexts {
  return Object.fromEntries(
    DISCLOSURE_DESTINATIONS.map((d) => [d, fillDisclosure(templates[d], organizationName)]),
  ) as DisclosureTexts;
}

/** Placeholders other than `{organization}` would reach the shopper as typed. */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{[^{}\s]{1,40}\}/g)]
    .map((m) => m[0])
    .filter((p) => p !== DISCLOSURE_PLACEHOLDER);
}

/** One disclosure as an Admin writes it. */
export const disclosureTemplateSchema = textSchema
  .trim()
  .min(
    DISCLOSURE_MIN_LENGTH,
    `Write at least ${DISCLOSURE_MIN_LENGTH} characters: the shopper must be able to read what they agree to`,
  )
  .max(
    DISCLOSURE_MAX_LENGTH,
    `Keep the text to ${DISCLOSURE_MAX_LENGTH.toLocaleString("en-US")} characters or fewer`,
  )
  .superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length) {
      ctx.addIssue({
        code: "custom",
        message: `Only ${DISCLOSURE_PLACEHOLDER} is filled in; ${unknown[0]} would be shown to shoppers as typed`,
      });
    }
  });
