import { endpointCatalogue } from "./endpoints.generated";
import { activitiesExtraEndpoints } from "./labor/activities.extras";
import { hoursExtraEndpoints } from "./labor/hours.extras";
import { schedulesExtraEndpoints } from "./labor/schedules.extras";
import { timeLogsExtraEndpoints } from "./labor/time-logs.extras";
import { notificationsExtraEndpoints } from "./notifications.extras";
import { supportExtraEndpoints } from "./support.extras";

export { endpointCatalogue };
export type EndpointName = (typeof endpointCatalogue)[number]["name"];
export type Endpoint = (typeof endpointCatalogue)[number];

/** The spec's exact text (docs/spec/product-spec.md, §8 The error catalogue), typo included. */
export const UNKNOWN_ENDPOINT_MESSAGE = "Enpoint with this name not found";

/** Calls the server offers outside the spec's catalogue (which holds exactly the spec's 152). */
export const extraEndpoints = [
  {
    name: "destinations.list",
    group: "destinations",
    method: "GET",
    path: "/api/destinations",
    meaning: "the organization's destinations: on or off, settings (never credentials), health",
  },
  {
    name: "destinations.upsert",
    group: "destinations",
    method: "PUT",
    path: "/api/destinations/{destination}",
    meaning: "save a destination's settings and credentials (credentials are write-only)",
  },
  {
    name: "destinations.test",
    group: "destinations",
    method: "POST",
    path: "/api/destinations/{destination}/test",
    meaning: "try a destination's settings without sending a lead",
  },
  {
    name: "deliveries.search",
    group: "deliveries",
    method: "POST",
    path: "/api/deliveries/search",
    meaning: "deliveries pending, failing or dead across the organization, filtered and paged",
  },
  {
    name: "deliveries.resend",
    group: "deliveries",
    method: "POST",
    path: "/api/deliveries/resend",
    meaning: "send chosen deliveries again now",
  },
  {
    name: "deliveries.health",
    group: "deliveries",
    method: "GET",
    path: "/api/deliveries/health",
    meaning: "a health line per destination",
  },
  {
    name: "leads.byIdDeliveries",
    group: "leads",
    method: "GET",
    path: "/api/leads/{id}/deliveries",
    meaning: "the lead's deliveries to each destination",
  },
  {
    name: "app.lookupListStoresSearch",
    group: "app",
    method: "POST",
    path: "/api/app/lookup-list/stores/search",
    meaning:
      "the stores a caller may pick, a page at a time, by words or ids (the large list of lookup-list, searched)",
  },
  {
    name: "app.lookupListLeadGeneratorsSearch",
    group: "app",
    method: "POST",
    path: "/api/app/lookup-list/lead-generators/search",
    meaning: "the lead generators a caller may pick, a page at a time, by words or ids",
  },
  {
    name: "platform.mailbox",
    group: "platform",
    method: "GET",
    path: "/api/platform/mailbox",
    meaning: "the development mailbox: emails kept when no SMTP server is configured (Super Admin)",
  },
  {
    name: "leads.byIdRestore",
    group: "leads",
    method: "POST",
    path: "/api/leads/{id}/restore",
    meaning: "bring a deleted lead back (Admin)",
  },
  {
    name: "leads.byIdNotes",
    group: "leads",
    method: "POST",
    path: "/api/leads/{id}/notes",
    meaning:
      "add a note to a lead's history (who, when, the text; whoever may edit the lead; an Idempotency-Key makes a retry safe)",
  },
  {
    name: "settings.leads.get",
    group: "settings",
    method: "GET",
    path: "/api/settings/leads",
    meaning:
      "the organization's lead settings: duplicate window, disclosure texts as shoppers read them and their templates (Admins, Managers, whoever captures leads)",
  },
  {
    name: "settings.leads.put",
    group: "settings",
    method: "PUT",
    path: "/api/settings/leads",
    meaning: "save the organization's lead settings: duplicate window, disclosure templates (Admin)",
  },
  {
    name: "users.invitationsSearch",
    group: "users",
    method: "POST",
    path: "/api/users/invitations/search",
    meaning: "the organization's pending invitations to join: only what the inviter typed (decision 0015)",
  },
  {
    name: "users.invitationsByIdResend",
    group: "users",
    method: "PUT",
    path: "/api/users/invitations/{id}/resend",
    meaning: "email a pending invitation again with a new link and 72 new hours",
  },
  {
    name: "users.invitationsById",
    group: "users",
    method: "DELETE",
    path: "/api/users/invitations/{id}",
    meaning: "cancel a pending invitation",
  },
  {
    name: "account.invitations",
    group: "account",
    method: "GET",
    path: "/api/account/invitations",
    meaning: "invitations to join organizations waiting for the signed-in person",
  },
  {
    name: "account.invitationsByIdAccept",
    group: "account",
    method: "PUT",
    path: "/api/account/invitations/{id}/accept",
    meaning: "join the organization of an invitation; it becomes the session's current organization",
  },
  {
    name: "account.invitationsByIdDecline",
    group: "account",
    method: "PUT",
    path: "/api/account/invitations/{id}/decline",
    meaning: "decline an invitation",
  },
  {
    name: "account.invitationLinksByToken",
    group: "account",
    method: "GET",
    path: "/api/account/invitation-links/{token}",
    meaning: "what an emailed invitation link offers (organization, role, whether the email has an account)",
  },
  {
    name: "account.invitationLinksByTokenAccept",
    group: "account",
    method: "PUT",
    path: "/api/account/invitation-links/{token}/accept",
    meaning: "accept an emailed invitation with the account's password, or start an account, and sign in",
  },
  {
    name: "account.invitationLinksByTokenDecline",
    group: "account",
    method: "PUT",
    path: "/api/account/invitation-links/{token}/decline",
    meaning: "decline an emailed invitation",
  },
  {
    name: "appointments.available",
    group: "appointments",
    method: "POST",
    path: "/api/appointments/available",
    meaning:
      "free windows of an appointment type for a store or a lead, by local day (capacity left, after the notice, within the horizon; the CRM's capacity where it reports one)",
  },
  {
    name: "appointments.book",
    group: "appointments",
    method: "POST",
    path: "/api/appointments/book",
    meaning:
      "book one place of a window for a lead (never past capacity; 409 with the next free windows when it was just taken; an Idempotency-Key makes a retry safe)",
  },
  {
    name: "appointments.byIdMove",
    group: "appointments",
    method: "POST",
    path: "/api/appointments/{id}/move",
    meaning:
      "move a booked appointment to another window in one transaction (never in both, never in neither)",
  },
  {
    name: "appointments.byIdCancel",
    group: "appointments",
    method: "POST",
    path: "/api/appointments/{id}/cancel",
    meaning: "cancel a booked appointment with a reason; its place goes back to the window",
  },
  {
    name: "leads.byIdAppointments",
    group: "leads",
    method: "GET",
    path: "/api/leads/{id}/appointments",
    meaning: "a lead's appointments with their history (who, what, when)",
  },
  {
    name: "appointments.search",
    group: "appointments",
    method: "POST",
    path: "/api/appointments/search",
    meaning:
      "the upcoming appointments list: date range, type, store, status, booked by; paged, sorted, CSV and Excel",
  },
  {
    name: "appointments.scheduledAppointmentsByIdAppointments",
    group: "appointments",
    method: "GET",
    path: "/api/appointments/scheduled-appointments/{id}/appointments",
    meaning:
      "the bookings of a window for the calendar: lead name and phone, status, who booked it and when (appointments.read)",
  },
  {
    name: "appointments.settings.get",
    group: "appointments",
    method: "GET",
    path: "/api/appointments/settings",
    meaning:
      "the organization's scheduling settings: weeks of windows kept generated, text messages, reminder hours (Admin, Manager)",
  },
  {
    name: "appointments.settings.post",
    group: "appointments",
    method: "POST",
    path: "/api/appointments/settings",
    meaning:
      "save the scheduling settings; with weeks to keep, the windows are generated at once (Admin, Manager)",
  },
  ...timeLogsExtraEndpoints,
  ...hoursExtraEndpoints,
  ...schedulesExtraEndpoints,
  ...activitiesExtraEndpoints,
  ...notificationsExtraEndpoints,
  ...supportExtraEndpoints,
] as const;

export type ApiEndpointName = EndpointName | (typeof extraEndpoints)[number]["name"];
type AnyEndpoint = { name: string; group: string; method: string; path: string; meaning: string };

const byName = new Map<string, AnyEndpoint>(
  [...endpointCatalogue, ...extraEndpoints].map((e) => [e.name, e]),
);

export function getEndpoint(name: string): AnyEndpoint {
  const found = byName.get(name);
  if (!found) throw new Error(UNKNOWN_ENDPOINT_MESSAGE);
  return found;
}

/** Fills `{param}` placeholders; values are URI-encoded. */
export function endpointPath(
  name: ApiEndpointName | (string & {}),
  params: Record<string, string | number | boolean> = {},
): string {
  const e = getEndpoint(name);
  return e.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined) throw new Error(`Missing path parameter "${key}" for endpoint ${name}`);
    return encodeURIComponent(String(v));
  });
}
