import type { StBusinessUnit, StCampaign, StJobType, StTechnician } from "./schemas";

/**
 * The simulated tenant: a home-services dealer with two business units and six technicians working weekdays
 * 08:00-18:00 in its zone (decision 0036). The demo organization's CRM connection (db/seed-crm.ts) uses these
 * credentials; each simulator gets its own copy of the lists, which tests may change.
 */
export const SIMULATOR_CREDENTIALS = {
  tenantId: 1_024_417,
  clientId: "cid.fieldlead-demo",
  clientSecret: "cs1.demo-secret-not-for-production",
  appKey: "ak1.fieldlead-demo-app",
} as const;

export type SimulatedTenant = {
  tenantId: number;
  /** The tenant's zone: the technicians' working hours are its wall clock. */
  timeZone: string;
  /** Working hours, local, cut into arrival slots of `slotHours`. */
  workday: { startHour: number; endHour: number; slotHours: number; weekdays: number[] };
  businessUnits: StBusinessUnit[];
  technicians: StTechnician[];
  jobTypes: StJobType[];
  campaigns: StCampaign[];
};

const HVAC = 5101;
const PLUMBING = 5102;

const tech = (
  id: number,
  name: string,
  businessUnitId: number,
  phoneNumber: string,
  skills: string[],
): StTechnician => ({
  id,
  userId: id + 100_000,
  name,
  businessUnitId,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@summit-crm.example`,
  phoneNumber,
  active: true,
  skills: skills.map((s, i) => ({ id: 300 + i + (businessUnitId === HVAC ? 0 : 10), name: s })),
});

/** A fresh copy of the simulated tenant's data. */
export function simulatedTenant(): SimulatedTenant {
  return {
    tenantId: SIMULATOR_CREDENTIALS.tenantId,
    timeZone: "America/New_York",
    workday: { startHour: 8, endHour: 18, slotHours: 2, weekdays: [1, 2, 3, 4, 5] },
    businessUnits: [
      {
        id: HVAC,
        name: "HVAC - Residential Install",
        officialName: "Summit Home Comfort HVAC",
        active: true,
        trade: { id: 11, name: "HVAC" },
      },
      {
        id: PLUMBING,
        name: "Plumbing - Residential Service",
        officialName: "Summit Home Plumbing",
        active: true,
        trade: { id: 12, name: "Plumbing" },
      },
    ],
    technicians: [
      tech(7001, "Marcus Bell", HVAC, "2015550141", ["Heat pumps", "Ductless"]),
      tech(7002, "Dana Whitfield", HVAC, "2015550142", ["Furnaces"]),
      tech(7003, "Omar Haddad", HVAC, "9735550143", ["Heat pumps", "Furnaces"]),
      tech(7004, "Grace Kowalski", PLUMBING, "5165550144", ["Water heaters"]),
      tech(7005, "Tomás Rivera", PLUMBING, "5165550145", ["Water heaters", "Repiping"]),
      tech(7006, "Hannah Brooks", PLUMBING, "2155550146", ["Bath remodel"]),
    ],
    jobTypes: [
      {
        id: 8201,
        name: "AC Replacement Estimate",
        businessUnitIds: [HVAC],
        duration: 5400,
        priority: "Normal",
        active: true,
      },
      {
        id: 8202,
        name: "Furnace Install Consultation",
        businessUnitIds: [HVAC],
        duration: 5400,
        priority: "Normal",
        active: true,
      },
      {
        id: 8203,
        name: "Water Heater Replacement Estimate",
        businessUnitIds: [PLUMBING],
        duration: 3600,
        priority: "Normal",
        active: true,
      },
      {
        id: 8204,
        name: "Bathroom Remodel Consultation",
        businessUnitIds: [PLUMBING],
        duration: 7200,
        priority: "Normal",
        active: true,
      },
      {
        id: 8205,
        name: "Whole-Home Comfort Assessment",
        businessUnitIds: [HVAC, PLUMBING],
        duration: 7200,
        priority: "High",
        active: true,
      },
      {
        id: 8206,
        name: "Duct Cleaning (retired)",
        businessUnitIds: [HVAC],
        duration: 3600,
        priority: "Low",
        active: false,
      },
    ],
    campaigns: [
      { id: 9301, name: "Costco Roadshow", active: true, category: { id: 41, name: "Retail events" } },
      { id: 9302, name: "Home Depot In-Store", active: true, category: { id: 41, name: "Retail events" } },
      { id: 9303, name: "Lowe's Weekend Events", active: true, category: { id: 41, name: "Retail events" } },
      { id: 9304, name: "BJ's Member Days", active: true, category: { id: 41, name: "Retail events" } },
      { id: 9305, name: "Spring Tune-Up 2024", active: false, category: { id: 42, name: "Seasonal" } },
    ],
  };
}

/**
 * The booking provider the simulated tenant knows (ServiceTitan issues one per organization; how is not public).
 * The simulator answers 404 for any other, as for an unknown tenant.
 */
export const SIMULATOR_BOOKING_PROVIDER_ID = 61;
