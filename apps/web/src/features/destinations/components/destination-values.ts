import {
  type ConsentDestination,
  DESTINATION_SETTINGS,
  type DestinationUpsertRequest,
  type DestinationView,
} from "@fieldlead/contracts";
import { randomId } from "@mantine/hooks";
import { schemaErrors } from "../../../lib/form-errors";

/**
 * A destination's form: on or off, its settings as the fields hold them (numbers as typed text, list rows with a
 * key for React), and the credentials typed (never the saved ones: they are write-only). `toRequest` turns them
 * into the contract's shapes, which check them here as on the server: a message lands on the field the server
 * would name (`settings.endpoint`, `settings.groups.1.name`, `credentials.secret`).
 */

export type CodeRow = { key: string; id: string; name: string; code: string };
export type CategoryRow = { key: string; id: string; name: string };

export type CrmValues = {
  apiUrl: string;
  authUrl: string;
  tenantId: string;
  clientId: string;
  appKey: string;
  mode: "booking" | "job";
  bookingProviderId: string;
  campaignId: string;
  businessUnitId: string;
  jobTypeId: string;
  priority: "Low" | "Normal" | "High" | "Urgent";
};
export type RetailerValues = {
  endpoint: string;
  vendorNumber: string;
  /** Our store id → the retailer's warehouse number (blank: not mapped). */
  storeNumbers: Record<string, string>;
  imeSubCategories: CategoryRow[];
};
export type RetailerProgramValues = {
  endpoint: string;
  groups: CodeRow[];
  jobTypes: CodeRow[];
  defaultGroupId: string | null;
  defaultJobTypeId: string | null;
};
export type SecondPartnerValues = {
  endpoint: string;
  serviceIds: CodeRow[];
  adCodes: CodeRow[];
  defaultServiceId: string | null;
  defaultAdCodeId: string | null;
};
export type SettingsValues = CrmValues | RetailerValues | RetailerProgramValues | SecondPartnerValues;

export type FormValues = {
  isEnabled: boolean;
  settings: SettingsValues;
  /** `clientSecret` (CRM) or `secret`: what was typed, empty when nothing was. */
  credentials: Record<string, string>;
};

/** The credential each destination takes, and how its field is named. */
export const CREDENTIAL: Record<ConsentDestination, { key: string; label: string; description: string }> = {
  crm: {
    key: "clientSecret",
    label: "Client secret",
    description: "The client secret of the app ServiceTitan registered for the organization.",
  },
  retailer: {
    key: "secret",
    label: "Shared secret",
    description: "Signs every request (HMAC-SHA256); at least 16 characters.",
  },
  retailerProgram: {
    key: "secret",
    label: "Shared secret",
    description: "Signs every request (HMAC-SHA256); at least 16 characters.",
  },
  secondPartner: {
    key: "secret",
    label: "Shared secret",
    description: "Signs every request (HMAC-SHA256); at least 16 characters.",
  },
};

/** A program's code lists, with the default chosen from each. */
export const PROGRAM_LISTS = {
  retailerProgram: [
    { list: "groups", defaultKey: "defaultGroupId", title: "Groups", singular: "group" },
    { list: "jobTypes", defaultKey: "defaultJobTypeId", title: "Job types", singular: "job type" },
  ],
  secondPartner: [
    { list: "serviceIds", defaultKey: "defaultServiceId", title: "Service ids", singular: "service id" },
    { list: "adCodes", defaultKey: "defaultAdCodeId", title: "Ad codes", singular: "ad code" },
  ],
} as const;
export type ProgramDestination = keyof typeof PROGRAM_LISTS;
export type ProgramList = (typeof PROGRAM_LISTS)[ProgramDestination][number];

// ---------------------------------------------------------------------------------------------------------
// Saved settings → the form
// ---------------------------------------------------------------------------------------------------------

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const idText = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : "");
const idOrNull = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : null);
const listOf = (v: unknown) =>
  (Array.isArray(v) ? v : []).filter((x): x is Record<string, unknown> => !!x && typeof x === "object");

export const newCodeRow = (): CodeRow => ({ key: randomId(), id: "", name: "", code: "" });
export const newCategoryRow = (): CategoryRow => ({ key: randomId(), id: "", name: "" });

const codeRows = (v: unknown): CodeRow[] =>
  listOf(v).map((c) => ({ key: randomId(), id: idText(c.id), name: text(c.name), code: text(c.code) }));

export function settingsValues(destination: ConsentDestination, saved: DestinationView["settings"]) {
  const s = saved ?? {};
  switch (destination) {
    case "crm":
      return {
        apiUrl: text(s.apiUrl),
        authUrl: text(s.authUrl),
        tenantId: idText(s.tenantId),
        clientId: text(s.clientId),
        appKey: text(s.appKey),
        mode: s.mode === "job" ? "job" : "booking",
        bookingProviderId: idText(s.bookingProviderId),
        campaignId: idText(s.campaignId),
        businessUnitId: idText(s.businessUnitId),
        jobTypeId: idText(s.jobTypeId),
        priority: (["Low", "Normal", "High", "Urgent"] as const).find((p) => p === s.priority) ?? "Normal",
      } satisfies CrmValues;
    case "retailer":
      return {
        endpoint: text(s.endpoint),
        vendorNumber: text(s.vendorNumber),
        storeNumbers: Object.fromEntries(
          Object.entries((s.storeNumbers ?? {}) as Record<string, unknown>).map(([k, v]) => [k, text(v)]),
        ),
        imeSubCategories: listOf(s.imeSubCategories).map((c) => ({
          key: randomId(),
          id: idText(c.id),
          name: text(c.name),
        })),
      } satisfies RetailerValues;
    case "retailerProgram":
      return {
        endpoint: text(s.endpoint),
        groups: codeRows(s.groups),
        jobTypes: codeRows(s.jobTypes),
        defaultGroupId: idOrNull(s.defaultGroupId),
        defaultJobTypeId: idOrNull(s.defaultJobTypeId),
      } satisfies RetailerProgramValues;
    case "secondPartner":
      return {
        endpoint: text(s.endpoint),
        serviceIds: codeRows(s.serviceIds),
        adCodes: codeRows(s.adCodes),
        defaultServiceId: idOrNull(s.defaultServiceId),
        defaultAdCodeId: idOrNull(s.defaultAdCodeId),
      } satisfies SecondPartnerValues;
  }
}

export const formValuesOf = (view: DestinationView): FormValues => ({
  isEnabled: view.isEnabled,
  settings: settingsValues(view.destination, view.settings),
  credentials: { [CREDENTIAL[view.destination].key]: "" },
});

// ---------------------------------------------------------------------------------------------------------
// The form → the request
// ---------------------------------------------------------------------------------------------------------

/** A typed id: blank is none (`null`); anything else its number (the schema refuses what is not a whole number). */
const optionalId = (v: string | null) => (v === null || v.trim() === "" ? null : Number(v.trim()));
/** A required id: blank is missing (the schema names the field). */
const requiredId = (v: string) => (v.trim() === "" ? undefined : Number(v.trim()));
/** A list row's id: blank is 0, which the schema refuses with its own words. */
const rowId = (v: string) => (v.trim() === "" ? 0 : Number(v.trim()));

const codes = (rows: CodeRow[]) => rows.map((r) => ({ id: rowId(r.id), name: r.name, code: r.code }));

export function settingsRequest(
  destination: ConsentDestination,
  values: SettingsValues,
): Record<string, unknown> {
  switch (destination) {
    case "crm": {
      const v = values as CrmValues;
      return {
        apiUrl: v.apiUrl.trim(),
        authUrl: v.authUrl.trim(),
        tenantId: requiredId(v.tenantId),
        clientId: v.clientId.trim(),
        appKey: v.appKey.trim(),
        mode: v.mode,
        bookingProviderId: optionalId(v.bookingProviderId),
        campaignId: optionalId(v.campaignId),
        businessUnitId: optionalId(v.businessUnitId),
        jobTypeId: optionalId(v.jobTypeId),
        priority: v.priority,
      };
    }
    case "retailer": {
      const v = values as RetailerValues;
      return {
        endpoint: v.endpoint.trim(),
        vendorNumber: v.vendorNumber.trim(),
        // Only the stores given a number are mapped.
        storeNumbers: Object.fromEntries(
          Object.entries(v.storeNumbers)
            .map(([store, number]) => [store, number.trim()] as const)
            .filter(([, number]) => number !== ""),
        ),
        imeSubCategories: v.imeSubCategories.map((c) => ({ id: rowId(c.id), name: c.name })),
      };
    }
    case "retailerProgram": {
      const v = values as RetailerProgramValues;
      return {
        endpoint: v.endpoint.trim(),
        groups: codes(v.groups),
        jobTypes: codes(v.jobTypes),
        defaultGroupId: optionalId(v.defaultGroupId),
        defaultJobTypeId: optionalId(v.defaultJobTypeId),
      };
    }
    case "secondPartner": {
      const v = values as SecondPartnerValues;
      return {
        endpoint: v.endpoint.trim(),
        serviceIds: codes(v.serviceIds),
        adCodes: codes(v.adCodes),
        defaultServiceId: optionalId(v.defaultServiceId),
        defaultAdCodeId: optionalId(v.defaultAdCodeId),
      };
    }
  }
}

/** The credentials typed, or nothing: left out, the saved ones are kept (and used to test). */
export function credentialsTyped(destination: ConsentDestination, values: FormValues) {
  const key = CREDENTIAL[destination].key;
  const typed = values.credentials[key] ?? "";
  return typed === "" ? null : { [key]: typed };
}

export function upsertRequest(destination: ConsentDestination, values: FormValues): DestinationUpsertRequest {
  const credentials = credentialsTyped(destination, values);
  return {
    isEnabled: values.isEnabled,
    settings: settingsRequest(destination, values.settings),
    ...(credentials ? { credentials } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------------------

/** Rows of a list left blank: said in plain words before the schema's own messages. */
function blankRowErrors(
  path: string,
  rows: readonly { id: string; name: string; code?: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  rows.forEach((r, i) => {
    if (!r.id.trim()) out[`${path}.${i}.id`] = "Enter the id";
    if (!r.name.trim()) out[`${path}.${i}.name`] = "Enter the name";
    if (r.code !== undefined && !r.code.trim()) out[`${path}.${i}.code`] = "Enter the program's code";
  });
  return out;
}

/** A default must be one of its list's codes. */
function defaultErrors(values: SettingsValues, lists: readonly ProgramList[]): Record<string, string> {
  const out: Record<string, string> = {};
  const v = values as unknown as Record<string, unknown>;
  for (const l of lists) {
    const chosen = v[l.defaultKey] as string | null;
    const rows = v[l.list] as CodeRow[];
    if (chosen && !rows.some((r) => r.id.trim() === chosen))
      out[`settings.${l.defaultKey}`] = `Choose one of the ${l.title.toLowerCase()} listed above`;
  }
  return out;
}

/** The settings' messages by form field (`settings.<path>`), the contract's schema first. */
export function settingsErrors(
  destination: ConsentDestination,
  values: SettingsValues,
): Record<string, string> {
  const errors = schemaErrors(
    DESTINATION_SETTINGS[destination].settings,
    settingsRequest(destination, values),
    (p) => `settings.${p}`,
  );
  let blanks: Record<string, string> = {};
  if (destination === "retailer")
    blanks = blankRowErrors("settings.imeSubCategories", (values as RetailerValues).imeSubCategories);
  if (destination === "retailerProgram" || destination === "secondPartner") {
    const v = values as unknown as Record<string, CodeRow[]>;
    for (const l of PROGRAM_LISTS[destination])
      Object.assign(blanks, blankRowErrors(`settings.${l.list}`, v[l.list]));
    Object.assign(blanks, defaultErrors(values, PROGRAM_LISTS[destination]));
  }
  return { ...errors, ...blanks };
}

/**
 * Every message of the form. `requireCredentials`: a save of a destination without saved credentials needs them
 * typed (a test does not: the server says what is missing).
 */
export function formErrors(
  destination: ConsentDestination,
  values: FormValues,
  credentialsSet: boolean,
  requireCredentials = true,
): Record<string, string> {
  const errors = settingsErrors(destination, values.settings);
  const { key } = CREDENTIAL[destination];
  const typed = credentialsTyped(destination, values);
  if (typed)
    Object.assign(
      errors,
      schemaErrors(DESTINATION_SETTINGS[destination].credentials, typed, (p) => `credentials.${p}`),
    );
  else if (requireCredentials && !credentialsSet)
    errors[`credentials.${key}`] = `Enter the ${CREDENTIAL[destination].label.toLowerCase()}`;
  return errors;
}

/** A server field (`settings.endpoint`, `credentials.secret`) as the form names it; others go above the form. */
export const formField = (key: string) =>
  key.startsWith("settings.") || key.startsWith("credentials.") ? key : null;
