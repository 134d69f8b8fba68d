import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter, type Params, type RouteObject } from "react-router";
import { LoginPage } from "../features/account/pages/login-page";
import { prefetchCapture } from "../features/capture/api/prefetch";
import { chartsRoutes } from "../features/charts/routes";
import { dashboardRoutes } from "../features/dashboard/routes";
import { reportsRoutes } from "../features/reports/routes";
import { session } from "../lib/session";
import { allMenuItems } from "./menu";
import { LandingRedirect, SectionRedirect } from "./redirects";
import { RootRoute } from "./root-route";
import { RouteErrorPage } from "./route-error-page";

/**
 * What a route tells the app shell: its browser tab's title, fixed or made from the address's params. A title from
 * data (a report's, from the catalogue) is a function the screen's lazy module brings as its handle, so that data
 * stays out of this first file.
 */
export type RouteHandle = { title?: string | ((params: Params) => string) };

/** Screens that exist; every other menu entry gets the "coming soon" page. */
const BUILT: RouteObject[] = [
  ...dashboardRoutes,
  ...chartsRoutes,
  ...reportsRoutes,
  {
    path: "/platform/features",
    handle: { title: "Features" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/feature-flags/pages/features-page")).FeaturesPage,
    }),
  },
  {
    path: "/platform/mailbox",
    handle: { title: "Mailbox" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("../features/mailbox/pages/mailbox-page")).MailboxPage }),
  },
  {
    path: "/whats-new",
    handle: { title: "What's new" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/feature-flags/pages/whats-new-page")).WhatsNewPage,
    }),
  },
  // Leads: capture, the lead lists, and the settings of the lead forms.
  {
    path: "/capture",
    handle: { title: "Capture" } satisfies RouteHandle,
    // The form's lists are asked for while the screen's code loads, not once it has run (docs/decisions/0029).
    loader: () => {
      if (prefetchClient && session.get()) prefetchCapture(prefetchClient);
      return null;
    },
    lazy: async () => ({ Component: (await import("../features/capture/pages/capture-page")).CapturePage }),
  },
  {
    path: "/leads",
    handle: { title: "Leads" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("../features/leads/pages/leads-page")).LeadsPage }),
  },
  ...["/settings/service-types", "/settings/service-types/:serviceTypeId"].map((path) => ({
    path,
    handle: { title: "Service types" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/settings/pages/service-types-page")).ServiceTypesPage,
    }),
  })),
  {
    path: "/settings/business-contacts",
    handle: { title: "Business contacts" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/settings/pages/business-contacts-page")).BusinessContactsPage,
    }),
  },
  {
    path: "/settings/lead-capture",
    handle: { title: "Lead capture" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/settings/pages/lead-capture-page")).LeadCapturePage,
    }),
  },
  {
    path: "/settings/destinations",
    handle: { title: "Destinations" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/destinations/pages/destinations-page")).DestinationsPage,
    }),
  },
  // Deliveries to the destinations: what waits, what fails, and sending it again.
  {
    path: "/deliveries",
    handle: { title: "Deliveries" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/deliveries/pages/deliveries-page")).DeliveriesPage,
    }),
  },
  // Appointments: the types (/appointments itself goes to the first entry of the section the user may open).
  {
    path: "/appointments/types",
    handle: { title: "Appointment types" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/appointment-types/pages/appointment-types-page"))
        .AppointmentTypesPage,
    }),
  },
  {
    path: "/appointments/types/:typeId",
    handle: { title: "Appointment type" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/appointment-types/pages/appointment-type-page"))
        .AppointmentTypePage,
    }),
  },
  {
    path: "/appointments/upcoming",
    handle: { title: "Upcoming appointments" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/appointments/pages/upcoming-appointments-page"))
        .UpcomingAppointmentsPage,
    }),
  },
  // Appointments: the weekly template and dated windows, and the calendar of windows.
  {
    path: "/appointments/windows",
    handle: { title: "Windows" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/scheduling/pages/windows-page")).WindowsPage,
    }),
  },
  {
    path: "/appointments/calendar",
    handle: { title: "Calendar" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/scheduling/pages/calendar-page")).CalendarPage,
    }),
  },
  // QR codes: the staff list, and a lead generator's own code, full screen.
  {
    path: "/qr-codes",
    handle: { title: "QR codes" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("../features/qr-codes/pages/qr-codes-page")).QrCodesPage }),
  },
  {
    path: "/qr-codes/mine",
    handle: { title: "My QR code" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/qr-codes/pages/my-qr-code-page")).MyQrCodePage,
    }),
  },
  // Labor (docs/decisions/0040-labor.md): the phone's punch screen, the team's history, missing punches, hours,
  // schedules and activities.
  ...(
    [
      [
        "/labor/time-logs",
        "My time",
        () => import("../features/labor/time-logs/pages/my-time-page").then((m) => m.MyTimePage),
      ],
      [
        "/labor/history",
        "Labor history",
        () => import("../features/labor/time-logs/pages/labor-history-page").then((m) => m.LaborHistoryPage),
      ],
      [
        "/labor/missing-punches",
        "Missing punches",
        () =>
          import("../features/labor/time-logs/pages/missing-punches-page").then((m) => m.MissingPunchesPage),
      ],
      [
        "/labor/hours",
        "Hours",
        () => import("../features/labor/hours/pages/hours-page").then((m) => m.HoursPage),
      ],
      [
        "/labor/schedules",
        "Schedules",
        () => import("../features/labor/schedules/pages/schedules-page").then((m) => m.SchedulesPage),
      ],
      [
        "/labor/activities",
        "Activities",
        () => import("../features/labor/activities/pages/activities-page").then((m) => m.ActivitiesPage),
      ],
    ] as const
  ).map(([path, title, load]) => ({
    path,
    handle: { title } satisfies RouteHandle,
    lazy: async () => ({ Component: await load() }),
  })),
  // Notifications and support (docs/decisions/0041-notifications-and-support.md): sending and the sent list, the
  // inbox everyone reaches from the bell, documents and tutorials.
  {
    path: "/notifications",
    handle: { title: "Notifications" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/notifications/pages/send-notification-page"))
        .SendNotificationPage,
    }),
  },
  {
    path: "/inbox",
    handle: { title: "Inbox" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/notifications/pages/inbox-page")).InboxPage,
    }),
  },
  {
    path: "/support/documents",
    handle: { title: "Documents" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/support/pages/documents-page")).DocumentsPage,
    }),
  },
  {
    path: "/support/tutorials",
    handle: { title: "Tutorials" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/support/pages/tutorials-page")).TutorialsPage,
    }),
  },
  // Users, stores, organizations and the Smart Circle report.
  {
    path: "/users",
    handle: { title: "Users" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("../features/users/pages/users-page")).UsersPage }),
  },
  {
    path: "/stores",
    handle: { title: "Stores" } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import("../features/stores/pages/stores-page")).StoresPage }),
  },
  {
    path: "/stores/:storeId",
    handle: { title: "Store" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/stores/pages/store-detail-page")).StoreDetailPage,
    }),
  },
  {
    path: "/platform/organizations",
    handle: { title: "Organizations" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/organizations/pages/organizations-page")).OrganizationsPage,
    }),
  },
  // Admins edit their own organizations (and territories) here; the Super Admin sees every one under Platform.
  {
    path: "/settings/organization",
    handle: { title: "Organization" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/organizations/pages/organizations-page")).OrganizationsPage,
    }),
  },
  {
    path: "/reports/smart-circle-users",
    handle: { title: "Smart Circle users" } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import("../features/organizations/pages/smart-circle-users-page"))
        .SmartCircleUsersPage,
    }),
  },
];

/** The paths of the screens that exist (the "coming soon" page offers them as a way on). */
export const BUILT_PATHS: ReadonlySet<string> = new Set(BUILT.flatMap((r) => (r.path ? [r.path] : [])));

function placeholderRoutes(): RouteObject[] {
  return allMenuItems()
    .filter((item) => !BUILT_PATHS.has(item.path))
    .map((item) =>
      item.children?.length
        ? { path: item.path, Component: SectionRedirect }
        : {
            path: item.path,
            handle: { title: item.label } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import("./placeholder-page")).PlaceholderPage }),
          },
    );
}

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    // A screen's code loads lazily; meanwhile index.html's app shell stays on screen (main.tsx removes it).
    HydrateFallback: () => null,
    ErrorBoundary: RouteErrorPage,
    children: [
      // Sign-in is the one screen in the first file (with what it draws): every first visit starts there, and its
      // dozen small files loaded in one go with the page instead of after it (docs/decisions/0029).
      {
        path: "/login",
        handle: { title: "Sign in" } satisfies RouteHandle,
        Component: LoginPage,
      },
      {
        path: "/forgot-password",
        handle: { title: "Forgot password" } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import("../features/account/pages/forgot-password-page")).ForgotPasswordPage,
        }),
      },
      {
        path: "/reset-password/:linkId",
        handle: { title: "Set your password" } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import("../features/account/pages/reset-password-page")).ResetPasswordPage,
        }),
      },
      {
        path: "/invitations/:token",
        handle: { title: "Invitation" } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import("../features/account/pages/invitation-page")).InvitationPage,
        }),
      },
      {
        lazy: async () => ({ Component: (await import("./layout/app-layout")).AppLayout }),
        children: [
          { index: true, Component: LandingRedirect },
          ...BUILT,
          ...placeholderRoutes(),
          {
            path: "*",
            handle: { title: "Page not found" } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import("./not-found-page")).NotFoundPage }),
          },
        ],
      },
    ],
  },
];

let prefetchClient: QueryClient | null = null;

/** The app's router; screens whose data can be asked for before their code has loaded prefetch into `queryClient`. */
export function createRouter(queryClient?: QueryClient) {
  prefetchClient = queryClient ?? null;
  return createBrowserRouter(routes);
}
