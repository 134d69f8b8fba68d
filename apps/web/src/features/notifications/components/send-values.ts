import {
  type AudienceInput,
  type SendNotificationRequest,
  sendNotificationRequest,
} from "@fieldlead/contracts";
import { schemaErrors } from "../../../lib/form-errors";

/** The send form's values (docs/decisions/0041-notifications-and-support.md). */
export type SendFormValues = {
  title: string;
  body: string;
  /** An in-app path, or "" for none. */
  link: string;
  everyone: boolean;
  roleIds: number[];
  territoryIds: number[];
  storeIds: number[];
  userIds: number[];
  sendEmail: boolean;
};

export const EMPTY_SEND_VALUES: SendFormValues = {
  title: "",
  body: "",
  link: "",
  everyone: false,
  roleIds: [],
  territoryIds: [],
  storeIds: [],
  userIds: [],
  sendEmail: true,
};

/** In-app paths a notification often opens; any other path of the app may be typed. */
export const LINK_SUGGESTIONS: readonly { path: string; name: string }[] = [
  { path: "/labor/schedules", name: "Schedules" },
  { path: "/labor/time-logs", name: "My time" },
  { path: "/labor/missing-punches", name: "Missing punches" },
  { path: "/labor/activities", name: "Activities" },
  { path: "/labor/hours", name: "Hours" },
  { path: "/support/documents", name: "Documents" },
  { path: "/support/tutorials", name: "Tutorials" },
  { path: "/leads", name: "Leads" },
  { path: "/appointments/upcoming", name: "Upcoming appointments" },
  { path: "/capture", name: "Capture" },
  { path: "/inbox", name: "Inbox" },
];

/**
 * The audience as sent: everyone covers every place, so the territories and stores picked before it was switched on
 * are left out (roles still narrow it, people are added to it).
 */
export const audienceOf = (v: SendFormValues): AudienceInput => ({
  everyone: v.everyone,
  userIds: v.userIds,
  roleIds: v.roleIds,
  territoryIds: v.everyone ? [] : v.territoryIds,
  storeIds: v.everyone ? [] : v.storeIds,
});

/** Whether the audience names anyone yet (the count is asked only then). */
export const audiencePicked = (a: AudienceInput) =>
  Boolean(
    a.everyone || a.userIds?.length || a.roleIds?.length || a.territoryIds?.length || a.storeIds?.length,
  );

export const sendRequestOf = (v: SendFormValues): SendNotificationRequest => ({
  title: v.title,
  body: v.body,
  link: v.link.trim() || null,
  audience: audienceOf(v),
  sendEmail: v.sendEmail,
});

const AUDIENCE_FIELDS = ["userIds", "roleIds", "territoryIds", "storeIds"];
const FIELDS = ["title", "body", "link", "sendEmail"];

/**
 * The form field of a contract (or server) error path: `audience.storeIds.3` is the stores' field, the audience's
 * own error (nobody picked, at `audience.everyone`) is the audience's.
 */
export function sendFieldOf(path: string): string | null {
  const [head, sub] = path.split(".");
  if (head === "audience") return sub && AUDIENCE_FIELDS.includes(sub) ? sub : "audience";
  return head && FIELDS.includes(head) ? head : null;
}

/** The form's checks: the contract's, in its words. */
export const validateSend = (v: SendFormValues): Record<string, string> =>
  schemaErrors(sendNotificationRequest, sendRequestOf(v), sendFieldOf);
