import { describe, expect, it } from "vitest";
import {
  DEFAULT_DISCLOSURE_TEMPLATES,
  DISCLOSURE_DESTINATIONS,
  disclosureTemplateSchema,
  fillDisclosure,
  fillDisclosures,
} from "./disclosures";
import { CONSENT_DESTINATIONS } from "./leads";
import { leadSettingsSaveRequest } from "./settings";

describe("disclosures", () => {
  it("has a default text for every consent destination, in the forms' order", () => {
    expect(DISCLOSURE_DESTINATIONS).toEqual(CONSENT_DESTINATIONS.map((d) => d.id));
    expect(Object.keys(DEFAULT_DISCLOSURE_TEMPLATES).sort()).toEqual([...DISCLOSURE_DESTINATIONS].sort());
    for (const d of DISCLOSURE_DESTINATIONS) {
      expect(disclosureTemplateSchema.safeParse(DEFAULT_DISCLOSURE_TEMPLATES[d]).success, d).toBe(true);
    }
  });

  it("fills in the organization's name everywhere, as written, and 'this company' without one", () => {
    expect(fillDisclosure("{organization} or {organization}'s partner", "Summit Home East")).toBe(
      "Summit Home East or Summit Home East's partner",
    );
    expect(fillDisclosure("Call from {organization}.", "$1 & $& Windows")).toBe("Call from $1 & $& Windows.");
    expect(fillDisclosure("Call from {organization}.", "  ")).toBe("Call from this company.");
    expect(fillDisclosures(DEFAULT_DISCLOSURE_TEMPLATES, "Summit Home East").secondPartner).toBe(
      "I agree that Summit Home East's partner program may contact me by phone, text or email, including by automated means, about this project. Consent is not a condition of purchase.",
    );
  });

  it("trims a text and refuses one too short, too long or with another placeholder", () => {
    expect(disclosureTemplateSchema.parse("  I agree that {organization} may call me.\n")).toBe(
      "I agree that {organization} may call me.",
    );
    const message = (v: string) => disclosureTemplateSchema.safeParse(v).error?.issues[0].message;
    expect(message("Call me.")).toMatch(/^Write at least 20 characters/);
    expect(message("a".repeat(2001))).toBe("Keep the text to 2,000 characters or fewer");
    expect(message("I agree that {company} may call me.")).toBe(
      "Only {organization} is filled in; {company} would be shown to shoppers as typed",
    );
    expect(
      leadSettingsSaveRequest.safeParse({ disclosures: { crm: "I agree to be called back." } }).success,
    ).toBe(true);
  });
});
