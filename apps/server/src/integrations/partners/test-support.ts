import type { AppointmentPayload, DeliveryState, DestinationEnv } from "../destination";
import type { RetailerProgramSettings, RetailerSettings, SecondPartnerSettings } from "./schemas";
import type { PartnerSimulator } from "./simulator";

/** A lead as the worker hands it over, booked, with every program id set (tests change what they need). */
export function samplePayload(more: Partial<AppointmentPayload> = {}): AppointmentPayload {
  return {
    idempotencyKey: "lead-41-retailer",
    version: 1,
    organization: { id: 7, name: "Acme Home Services" },
    appointment: {
      id: 501,
      typeId: 3,
      typeName: "In-home estimate",
      status: "booked",
      start: "2026-03-02T15:00:00.000Z",
      end: "2026-03-02T17:00:00.000Z",
      timeZone: "America/New_York",
      notes: "Side door.",
      crm: { jobTypeId: null, campaignId: null, businessUnitId: null },
    },
    customer: {
      leadId: 41,
      firstName: "Dana",
      lastName: "Reyes",
      phone: "+15551234567",
      email: "dana@example.com",
      address: { street: "1 Main St", city: "Springfield", state: "VA", zip: "22150", country: "US" },
      languageId: 1,
    },
    store: { id: 12, name: "Springfield", storeNumber: "0451" },
    serviceType: { id: 4, name: "Windows" },
    answers: [{ question: "How many windows?", answer: "6" }],
    consent: { disclosureText: "I agree to be contacted.", acceptedAt: "2026-03-01T14:00:00.000Z" },
    program: {
      hdsfiGroupId: 2,
      hdJobTypeId: 20,
      centahServiceId: 30,
      centahAdCodeId: 40,
      externalReference: "EXT-9",
    },
    capturedAt: "2026-03-01T14:00:00.000Z",
    capturedBy: { userId: 3, name: "Lee Gen" },
    notes: null,
    ...more,
  };
}

export const newState = (more: Partial<DeliveryState> = {}): DeliveryState => ({
  externalId: null,
  externalIds: {},
  sent: null,
  unclear: false,
  ...more,
});

export const retailerSettingsFor = (sim: Pick<PartnerSimulator, "url">): RetailerSettings => ({
  endpoint: sim.url("retailer"),
  vendorNumber: "1234",
  storeNumbers: { "12": "W-118" },
  imeSubCategories: [
    { id: 1, name: "Windows" },
    { id: 2, name: "Roofing" },
  ],
});

export const retailerProgramSettingsFor = (sim: Pick<PartnerSimulator, "url">): RetailerProgramSettings => ({
  endpoint: sim.url("retailerProgram"),
  groups: [
    { id: 1, name: "Kitchens", code: "KIT" },
    { id: 2, name: "Windows", code: "WIN" },
  ],
  jobTypes: [
    { id: 10, name: "Measure", code: "MEAS" },
    { id: 20, name: "Install", code: "INST" },
  ],
  defaultGroupId: 1,
  defaultJobTypeId: 10,
});

export const secondPartnerSettingsFor = (sim: Pick<PartnerSimulator, "url">): SecondPartnerSettings => ({
  endpoint: sim.url("secondPartner"),
  serviceIds: [
    { id: 30, name: "Bath remodel", code: "BATH" },
    { id: 31, name: "Walk-in tub", code: "TUB" },
  ],
  adCodes: [
    { id: 40, name: "In-store", code: "INSTORE" },
    { id: 41, name: "Event", code: "EVENT" },
  ],
  defaultServiceId: 31,
  defaultAdCodeId: null,
});

export const testEnv = (more: Partial<DestinationEnv> = {}): DestinationEnv => ({
  fetch: globalThis.fetch,
  now: () => new Date(),
  ...more,
});
