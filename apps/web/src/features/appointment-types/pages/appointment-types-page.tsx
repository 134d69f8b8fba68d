import { APPOINTMENT_TYPE_SORT_KEYS } from "@fieldlead/contracts";
import { Alert, Button } from "@mantine/core";
import { IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { listPageParams, useListPage } from "../../../components/use-list-page";
import { useCan } from "../../../lib/can";
import { flagParam, idsParam, textParam } from "../../../lib/list-params";
import { useAppointmentTypes } from "../api/search-appointment-types";
import { useServiceTitanOptions } from "../api/type-links";
import { AppointmentTypesFilters } from "../components/appointment-types-filters";
import { AppointmentTypesTable } from "../components/appointment-types-table";

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(APPOINTMENT_TYPE_SORT_KEYS, "name"),
  search: textParam(),
  territoryIds: idsParam(),
  isActive: flagParam(true),
};

/**
 * /appointments/types: what shoppers can book. Admins and Managers add and change types; schedulers, analysts
 * and lead generators read them.
 */
export function AppointmentTypesPage() {
  const list = useListPage(PARAMS);
  const canSetup = useCan()("appointments.setup");
  const query = useAppointmentTypes(list.request);
  // The editor's CRM lists: read with the list, so an empty CRM is said before a type is opened.
  const crm = useServiceTitanOptions(canSetup);
  const crmEmpty =
    crm.data && crm.data.businessUnits.length + crm.data.jobTypes.length + crm.data.campaigns.length === 0;

  const newButton = canSetup ? (
    <Button component={Link} to="/appointments/types/new" leftSection={<IconPlus size={16} />}>
      New type
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Appointment types"
        description="What shoppers can book: how long it takes, the notice it needs and how far ahead."
        actions={newButton}
      />
      {crmEmpty ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="md">
          No CRM business units, job types or campaigns are known yet. They appear once the technicians list
          is refreshed from your field-service CRM.
        </Alert>
      ) : null}
      <AppointmentTypesFilters
        value={list.params}
        onChange={list.setParams}
        activeCount={list.filterCount}
        onClear={list.clearFilters}
      />
      <AppointmentTypesTable {...list.tableProps(query)} canSetup={canSetup} emptyAction={newButton} />
    </>
  );
}
