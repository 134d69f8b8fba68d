import type { ConsentDestination } from "@fieldlead/contracts";

/**
 * The disclosure a shopper reads before agreeing to be contacted by a destination. The exact text shown is
 * what the lead keeps with the consent, so it names the organization the shopper is talking to.
 */
export function disclosureText(destination: ConsentDestination | string, organizationName: string): string {
  const org = organizationName || "this company";
  switch (destination) {
    case "crm":
      return `I agree that ${org} may call or text me at the number I gave, including by automated means, and email me about my home-service project and appointment. Consent is not a condition of purchase. Message and data rates may apply; reply STOP to opt out.`;
    case "retailer":
      return `I agree that the store where I met ${org} may contact me by phone, text or email about this home-service project. Consent is not a condition of purchase.`;
    case "retailerProgram":
      return `I agree that the retailer's home-services program and its installers may contact me by phone, text or email, including by automated means, about this project. Consent is not a condition of purchase.`;
    case "secondPartner":
      return `I agree that ${org}'s partner program may contact me by phone, text or email, including by automated means, about this project. Consent is not a condition of purchase.`;
    default:
      return `I agree to be contacted by phone, text or email about this project. Consent is not a condition of purchase.`;
  }
}
