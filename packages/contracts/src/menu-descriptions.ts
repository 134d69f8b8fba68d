// One line per menu entry for the "coming soon" page of an area not built yet (app/placeholder-page.tsx). Kept apart
// from MENU, which the web's first file carries (docs/decisions/0029): only the lazy page that shows them loads them.
export const MENU_DESCRIPTIONS: Readonly<Record<string, string>> = {
  dashboard: "Panels, the leads chart by territory, and store and user listings at a glance.",
  capture: "Capture a shopper's lead at the store and book an appointment on the spot.",
  leads: "Search, open and work internal, external, capture and rejected leads.",
  appointments: "Appointment types, their availability windows and the calendar.",
  "appointment-types": "Appointment types with their questions, technicians and business units.",
  "appointment-windows": "The weekly template and the dated windows shoppers can book, with their capacity.",
  "appointment-calendar": "Windows and their bookings by day and week: what is booked and what is left.",
  "appointment-upcoming": "Booked appointments from today on, with filters and CSV or Excel export.",
  deliveries:
    "Leads on their way to the CRM, the retailer and the partner programs: what fails, and sending it again.",
  "qr-codes": "QR codes of lead generators that shoppers scan to book themselves.",
  labor: "Time logs, missing punches, schedules, hours and activities of the field team.",
  "labor-history": "Labor history of the team over a date range.",
  "labor-time-logs": "Punches in and out at stores, and their corrections.",
  "labor-missing-punches": "Punches in without a punch out (and the reverse) that need fixing.",
  "labor-schedules": "Planned shifts by week, per user and store.",
  "labor-hours": "Hours by user, date and type, and posting them for payroll.",
  "labor-activities": "What lead generators did during their shifts, and who had no activity.",
  users: "People of the organization: invite, edit, roles, territories and trades.",
  stores: "Retail stores where lead generators work, by territory.",
  charts: "Leads by day of week and hour of day, and lead counts over time.",
  reports: "The funnel from approaches to revenue by organization, territory, store and lead generator.",
  "reports-funnel":
    "The funnel from approaches to revenue by organization, territory, store and lead generator.",
  "reports-smart-circle-users":
    "Lead generators of Smart Circle organizations, with their last activity; CSV and Excel export.",
  notifications: "Send a message to users, roles, territories or stores, in the app and by email.",
  support: "Documents and tutorials for the team.",
  "support-documents": "Service-provider and product documents to read and download.",
  "support-tutorials": "Short tutorials on using the product.",
  settings:
    "Organization settings, service types and questions, business contacts, lead capture and destinations.",
  "settings-organization": "Name, time zone, first day of the week and the organization's options.",
  "settings-service-types": "Service types, their questions and the answers offered.",
  "settings-business-contacts":
    "Who hears about appointments, per organization, territory and appointment type.",
  "settings-lead-capture": "The duplicate window and the consent texts shoppers agree to.",
  "settings-destinations":
    "Where appointments are sent: the field-service CRM, the retailer and partner programs.",
  platform: "Operate the platform: organizations, feature flags and the development mailbox.",
  "platform-organizations": "Every organization on the platform, owner groups and Smart Circle settings.",
  "platform-features": "Feature flags and what's new.",
  "platform-mailbox": "Emails kept by the server when no SMTP server is configured.",
};
