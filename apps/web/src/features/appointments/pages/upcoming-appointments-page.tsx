import { APPOINTMENT_SORT_KEYS, type AppointmentSearchRequest } from "@fieldlead/contracts";
import { ExportButtons } from "../../../components/export-buttons";
import { PageHeader } from "../../../components/page-header";
import { listPageParams, useListPage } from "../../../components/use-list-page";
import { dateParam, idsParam, optionalChoiceParam, textsParam } from "../../../lib/list-params";
import { exportAppointments, useAppointments } from "../api/search-appointments";
import { AppointmentFilters, RANGES } from "../components/appointment-filters";
import { AppointmentsTable } from "../components/appointments-table";

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(APPOINTMENT_SORT_KEYS, "startsAt"),
  range: optionalChoiceParam(RANGES),
  startDate: dateParam(),
  endDate: dateParam(),
  appointmentTypeIds: idsParam(),
  storeIds: idsParam(),
  statuses: textsParam(),
};

/** The upcoming appointments (from today on unless a range is chosen), filtered, sorted and paged on the server. */
export function UpcomingAppointmentsPage() {
  const list = useListPage(PARAMS);
  const { range, startDate, endDate, ...rest } = list.request;
  const request: AppointmentSearchRequest = {
    ...rest,
    statuses: rest.statuses as AppointmentSearchRequest["statuses"],
    ...(range === "custom"
      ? { startDate: startDate ?? null, endDate: endDate ?? null }
      : range
        ? { dateRange: Number(range) }
        : {}),
  };
  const query = useAppointments(request);
  return (
    <>
      <PageHeader
        title="Upcoming appointments"
        description="Every booking from today on: who, when, where, and who booked it."
        actions={
          <ExportButtons
            disabled={!query.data || query.data.total === 0}
            onExport={(format) => exportAppointments(request, format)}
          />
        }
      />
      <AppointmentFilters
        value={list.params}
        onChange={list.setParams}
        activeCount={list.filterCount}
        onClear={list.clearFilters}
      />
      <AppointmentsTable {...list.tableProps(query)} />
    </>
  );
}
