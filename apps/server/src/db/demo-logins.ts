import { ROLE, SUBSCRIPTION } from "@fieldlead/contracts";

export const DEMO_PASSWORD = "demo1234";

/** The demo organizations, by the key the seed creates them under. */
export type DemoOrganization = "group" | "east" | "west" | "solar";

export type DemoLoginSeed = {
  email: string;
  firstName: string;
  lastName: string;
  /** Who they are, as the start banner prints it beside the email. */
  label: string;
  places: {
    organization: DemoOrganization;
    roleId: number;
    subscriptionId?: number;
    territories?: string[];
  }[];
};

/**
 * THE list of demo logins: the seed creates exactly these people, the start banner prints exactly these, and
 * a test checks that README.md's table lists the same emails (demo-logins.test.ts).
 */
export const DEMO_LOGINS: readonly DemoLoginSeed[] = [
  {
    email: "superadmin@demo.local",
    firstName: "Sam",
    lastName: "Operator",
    label: "Super Admin (every organization, feature flags, mailbox)",
    places: [{ organization: "group", roleId: ROLE.superAdmin }],
  },
  {
    email: "admin@demo.local",
    firstName: "Alex",
    lastName: "Admin",
    label: "Admin of Summit Home East and Summit Home West",
    places: [
      { organization: "east", roleId: ROLE.admin },
      { organization: "west", roleId: ROLE.admin },
    ],
  },
  {
    email: "manager@demo.local",
    firstName: "Morgan",
    lastName: "Manager",
    label: "Manager, Summit Home East",
    places: [{ organization: "east", roleId: ROLE.manager }],
  },
  {
    email: "regional@demo.local",
    firstName: "Riley",
    lastName: "Regional",
    label: "Regional Manager (North Jersey, Long Island)",
    places: [
      { organization: "east", roleId: ROLE.regionalManager, territories: ["North Jersey", "Long Island"] },
    ],
  },
  {
    email: "territory@demo.local",
    firstName: "Taylor",
    lastName: "Territory",
    label: "Territory Manager, Philadelphia",
    places: [{ organization: "east", roleId: ROLE.territoryManager, territories: ["Philadelphia"] }],
  },
  {
    email: "fmm@demo.local",
    firstName: "Frankie",
    lastName: "Field",
    label: "Field Marketing Manager, Summit Home West",
    places: [{ organization: "west", roleId: ROLE.fieldMarketingManager, territories: ["Los Angeles"] }],
  },
  {
    email: "scheduler@demo.local",
    firstName: "Sydney",
    lastName: "Scheduler",
    label: "Scheduler, Summit Home East",
    places: [{ organization: "east", roleId: ROLE.scheduler }],
  },
  {
    email: "analyst@demo.local",
    firstName: "Avery",
    lastName: "Analyst",
    label: "Analyst in both dealer organizations",
    places: [
      { organization: "east", roleId: ROLE.analyst },
      { organization: "west", roleId: ROLE.analyst },
    ],
  },
  {
    email: "lg@demo.local",
    firstName: "Luis",
    lastName: "Generator",
    label: "Lead Generator, North Jersey",
    places: [{ organization: "east", roleId: ROLE.leadGenerator, territories: ["North Jersey"] }],
  },
  {
    email: "lglead@demo.local",
    firstName: "Lena",
    lastName: "Lead",
    label: "Lead Generator Lead, North Jersey",
    places: [{ organization: "east", roleId: ROLE.leadGeneratorLead, territories: ["North Jersey"] }],
  },
  {
    email: "hd@demo.local",
    firstName: "Harper",
    lastName: "Program",
    label: "Retailer-program user (subscription 16, role 2)",
    places: [{ organization: "east", roleId: ROLE.admin, subscriptionId: SUBSCRIPTION.retailerProgram }],
  },
  {
    email: "partner@demo.local",
    firstName: "Parker",
    lastName: "Partner",
    label: "Second-partner user (subscription 2, role 2)",
    places: [{ organization: "west", roleId: ROLE.admin, subscriptionId: SUBSCRIPTION.secondPartner }],
  },
  {
    email: "solar.admin@demo.local",
    firstName: "Sol",
    lastName: "Rivera",
    label: "Admin of BrightPath Solar (a Smart Circle organization)",
    places: [{ organization: "solar", roleId: ROLE.admin }],
  },
];

/** The demo's public QR page (docs/decisions/0037): a shopper books themselves there, signed in as nobody. */
export type DemoShopperPage = { url: string; personName: string };

/**
 * The start banner's lines about the demo logins: the password, then every login of {@link DEMO_LOGINS}, then, when
 * given (`demoShopperPage` in seed-qr.ts reads it from the database), one shopper booking page.
 */
export function demoLoginBanner(shopperPage?: DemoShopperPage | null): string[] {
  const width = Math.max(...DEMO_LOGINS.map((l) => l.email.length)) + 2;
  return [
    `  Demo logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((l) => `    ${l.email.padEnd(width)}${l.label}`),
    ...(shopperPage
      ? ["", `  Shopper booking page (QR code of ${shopperPage.personName}): ${shopperPage.url}`]
      : []),
  ];
}
