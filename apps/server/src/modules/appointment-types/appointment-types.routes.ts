import { appointmentTypesApi, settingsApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { AppointmentTypesService } from "./appointment-types.service";

/**
 * `/api/appointments/type...` (types, technicians, business units, questions and the pickers' lists) and the
 * settings calls about them: a type's business contacts and a question's appointment types (decision 0027).
 */
export function appointmentTypesRoutes(svc: AppointmentTypesService): Routes {
  return (app) => {
    const api = appointmentTypesApi;
    route(app, api.search, (req) => svc.search(tenant(req), req.body));
    route(app, api.upsert, (req) => svc.upsert(tenant(req), req.body));
    route(app, api.delete, (req) => svc.delete(tenant(req), req.params.id));

    route(app, api.technicians, (req) => svc.technicians(tenant(req), req.params.id));
    route(app, api.technicianUpsert, (req) => svc.upsertTechnician(tenant(req), req.body));
    route(app, api.technicianDelete, (req) => svc.deleteTechnician(tenant(req), req.params.id));
    route(app, api.technicianOptions, (req) => svc.technicianOptions(tenant(req), req.params.id));

    route(app, api.businessUnits, (req) => svc.businessUnits(tenant(req), req.params.id));
    route(app, api.businessUnitUpsert, (req) => svc.upsertBusinessUnit(tenant(req), req.body));
    route(app, api.businessUnitDelete, (req) => svc.deleteBusinessUnit(tenant(req), req.params.id));
    route(app, api.serviceTitanOptions, (req) => svc.serviceTitanOptions(tenant(req)));

    route(app, api.questions, (req) => svc.questions(tenant(req), req.params.id));
    route(app, api.questionUpsert, (req) => svc.upsertQuestion(tenant(req), req.body));
    route(app, api.questionDelete, (req) => svc.deleteQuestion(tenant(req), req.params.id));
    route(app, api.questionOptions, (req) => svc.questionOptions(tenant(req)));

    route(app, settingsApi.appointmentTypeContacts, (req) => svc.contacts(tenant(req), req.params.id));
    route(app, settingsApi.appointmentTypeContactsSave, (req) =>
      svc.saveContacts(tenant(req), req.params.id, req.body),
    );
    route(app, settingsApi.questionAppointmentTypes, (req) =>
      svc.questionAppointmentTypes(tenant(req), req.params.id),
    );
    route(app, settingsApi.questionAppointmentTypeUpsert, (req) => svc.upsertQuestion(tenant(req), req.body));
    route(app, settingsApi.questionAppointmentTypeDelete, (req) =>
      svc.deleteQuestion(tenant(req), req.params.id),
    );
  };
}
