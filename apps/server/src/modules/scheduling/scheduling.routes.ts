import { schedulingApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { SchedulingService } from "./scheduling.service";

/** The weekly template, dated windows, generation, a window's bookings and the scheduling settings. */
export function schedulingRoutes(svc: SchedulingService): Routes {
  return (app) => {
    route(app, schedulingApi.templateSearch, (req) => svc.searchTemplates(tenant(req), req.body));
    route(app, schedulingApi.templateUpsert, (req) => svc.upsertTemplate(tenant(req), req.body), {
      description:
        "Adds or changes a window of the weekly template. A window overlapping another of the same type, day and place is refused (409, naming it). A change applies to the template's future windows that hold no booking; those with bookings keep their day and times (their capacity follows, never below what they hold) and are listed in `leftAlone`.",
    });
    route(app, schedulingApi.templateDelete, (req) => svc.deleteTemplate(tenant(req), req.params.id), {
      description:
        "Deletes a window of the weekly template and its future windows that hold no booking; those with bookings stay (listed in `leftAlone`).",
    });
    route(app, schedulingApi.windowSearch, (req) => svc.searchWindows(tenant(req), req.body));
    route(app, schedulingApi.windowUpsert, (req) => svc.upsertWindow(tenant(req), req.body), {
      description:
        "Adds a dated window by hand or changes one: close or reopen it, change its capacity (never below what it holds: 409), or, while it holds no booking, its day and times.",
    });
    route(app, schedulingApi.windowDelete, (req) => svc.deleteWindow(tenant(req), req.params.id), {
      description: "Deletes a dated window; one holding bookings is refused (409): close it instead.",
    });
    route(app, schedulingApi.generate, (req) => svc.generate(tenant(req), req.body), {
      description:
        "Generates dated windows from the active weekly template of a type for up to 26 weeks. Idempotent: a day a template window already has is counted in `alreadyThere`.",
    });
    route(app, schedulingApi.windowBookings, (req) => svc.windowBookings(tenant(req), req.params.id));
    route(app, schedulingApi.settings, (req) => svc.settings(tenant(req)));
    route(app, schedulingApi.saveSettings, (req) => svc.saveSettings(tenant(req), req.body));
  };
}
