import { lookupContribution } from "../lookups/index";
import type { AppointmentTypesRepository } from "./appointment-types.repository";

/** The appointment-types module's key of the lookup list: the organization's active types, by name. */
export function appointmentTypesLookups(repo: AppointmentTypesRepository) {
  return lookupContribution("appointment types", ["scheduleAppointmentTypes"], async (exec, ctx) => ({
    scheduleAppointmentTypes: await repo.lookupTypes(exec, ctx),
  }));
}
