import { ROLES, SUBSCRIPTIONS } from "@fieldlead/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import { referenceItems, roles, subscriptions } from "./schema/index";

type Item = { id: number; code: string; name: string };
const list = (names: string[]): Item[] =>
  names.map((name, i) => ({
    id: i + 1,
    code: name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, ""),
    name,
  }));

/**
 * Platform-wide reference lists behind the lookup list. Applied at every start (idempotent upsert), so
 * every database, demo or production, has them. Ids are stable: append, never renumber.
 */
export const REFERENCE_LISTS: Record<string, Item[]> = {
  leadStatus: list([
    "New",
    "Contacted",
    "Appointment Set",
    "Sent",
    "Confirmed",
    "Ran",
    "Sold",
    "Not Sold",
    "No Show",
    "Cancelled",
    "Rejected",
  ]),
  languageTypes: list([
    "English",
    "Spanish",
    "Chinese",
    "Vietnamese",
    "Korean",
    "Tagalog",
    "French",
    "Portuguese",
    "Russian",
    "Arabic",
  ]),
  userActivities: list(["Approaches", "Break", "Lunch", "Training", "Store setup", "Travel", "Meeting"]),
  userReasons: list(["Sick", "Vacation", "Store closed", "No schedule", "Weather", "Personal", "Other"]),
  storesBrands: list([
    "Costco",
    "The Home Depot",
    "Lowe's",
    "Sam's Club",
    "BJ's Wholesale",
    "Menards",
    "Walmart",
  ]),
  userHoursTypes: list(["Hourly", "Salary", "Commission only", "Training", "Contractor"]),
  userTrades: list([
    "HVAC",
    "Water heaters",
    "Windows",
    "Doors",
    "Solar",
    "Bath",
    "Roofing",
    "Plumbing",
    "Electrical",
    "Flooring",
    "Kitchen",
  ]),
  hdsfiGroup: [
    { id: 1, code: "HDSFI-HVAC", name: "HVAC" },
    { id: 2, code: "HDSFI-WH", name: "Water heaters" },
    { id: 3, code: "HDSFI-WIN", name: "Windows" },
    { id: 4, code: "HDSFI-BATH", name: "Bath" },
    { id: 5, code: "HDSFI-ROOF", name: "Roofing" },
  ],
  hdJobType: [
    { id: 1, code: "INSTALL", name: "Install" },
    { id: 2, code: "REPLACE", name: "Replace" },
    { id: 3, code: "REPAIR", name: "Repair" },
    { id: 4, code: "MEASURE", name: "In-home measure" },
  ],
  centahServiceId: [
    { id: 1, code: "SVC-100", name: "HVAC replacement" },
    { id: 2, code: "SVC-200", name: "Water heater" },
    { id: 3, code: "SVC-300", name: "Windows and doors" },
  ],
  centahAdCode: [
    { id: 1, code: "AD-STORE", name: "In-store event" },
    { id: 2, code: "AD-WEB", name: "Web" },
    { id: 3, code: "AD-MAIL", name: "Direct mail" },
  ],
  imeSubCategories: [],
};

export async function applyReferenceData(db: Db) {
  await db
    .insert(roles)
    .values(ROLES.map((r) => ({ id: r.id, name: r.name, rank: r.rank })))
    .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name`, rank: sql`excluded.rank` } });
  await db
    .insert(subscriptions)
    .values(SUBSCRIPTIONS.map((s) => ({ id: s.id, name: s.name })))
    .onConflictDoUpdate({ target: subscriptions.id, set: { name: sql`excluded.name` } });
  const rows = Object.entries(REFERENCE_LISTS).flatMap(([listName, items]) =>
    items.map((it, i) => ({ list: listName, id: it.id, code: it.code, name: it.name, sortOrder: i })),
  );
  await db
    .insert(referenceItems)
    .values(rows)
    .onConflictDoUpdate({
      target: [referenceItems.list, referenceItems.id],
      set: { code: sql`excluded.code`, name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
    });
}
