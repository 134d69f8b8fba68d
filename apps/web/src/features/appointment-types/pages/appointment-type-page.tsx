import type { AppointmentType } from "@fieldlead/contracts";
import { Anchor, Skeleton, Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { ActiveBadge } from "../../../components/active-status";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { useCan } from "../../../lib/can";
import { useAppointmentType } from "../api/search-appointment-types";
import { BusinessUnitsSection } from "../components/business-units-section";
import { ContactsSection } from "../components/contacts-section";
import { DeleteTypeSection } from "../components/delete-type-section";
import { QuestionsSection } from "../components/questions-section";
import { TechniciansSection } from "../components/technicians-section";
import { TypeDetailsForm } from "../components/type-details-form";

function Back() {
  return (
    <Anchor
      component={Link}
      to="/appointments/types"
      fz="sm"
      mb="xs"
      display="inline-flex"
      style={{ alignItems: "center", gap: 4 }}
    >
      <IconArrowLeft size={16} aria-hidden /> All appointment types
    </Anchor>
  );
}

/** The sections of a saved type: what it is, who runs it, where its jobs go, what is asked, who hears. */
function TypeEditor({ type, canSetup }: { type: AppointmentType; canSetup: boolean }) {
  return (
    <Stack gap="lg" maw={960}>
      <TypeDetailsForm key={type.id} type={type} readOnly={!canSetup} onSaved={() => undefined} />
      <TechniciansSection typeId={type.id} canSetup={canSetup} />
      <BusinessUnitsSection typeId={type.id} canSetup={canSetup} />
      <QuestionsSection typeId={type.id} canSetup={canSetup} />
      {canSetup ? <ContactsSection typeId={type.id} /> : null}
      {canSetup ? <DeleteTypeSection type={type} /> : null}
    </Stack>
  );
}

/** /appointments/types/new and /appointments/types/:typeId: one appointment type and its links. */
export function AppointmentTypePage() {
  const { typeId } = useParams();
  const navigate = useNavigate();
  const canSetup = useCan()("appointments.setup");
  const isNew = typeId === "new";
  const id = Number(typeId);
  const valid = isNew || (Number.isInteger(id) && id > 0);
  const query = useAppointmentType(!isNew && valid ? id : null);

  if (isNew) {
    return (
      <>
        <Back />
        <PageHeader
          title="New appointment type"
          description="Save the details first; technicians, business units, questions and contacts follow."
        />
        {canSetup ? (
          <Stack maw={960}>
            <TypeDetailsForm
              type={null}
              readOnly={false}
              onSaved={(saved) => navigate(`/appointments/types/${saved.id}`, { replace: true })}
            />
          </Stack>
        ) : (
          <LoadError error={new Error("Only Admins and Managers set up appointment types.")} />
        )}
      </>
    );
  }

  if (!valid || query.isError || query.data === null) {
    return (
      <>
        <Back />
        <PageHeader title="Appointment type" />
        <LoadError
          error={
            !valid
              ? new Error("This appointment type address is not valid.")
              : query.isError
                ? query.error
                : new Error("This appointment type was not found.")
          }
          onRetry={valid && query.isError ? () => void query.refetch() : undefined}
        />
      </>
    );
  }

  const type = query.data;
  return (
    <>
      <Back />
      {type ? (
        <>
          <PageHeader
            title={type.name}
            description={type.territoryName ?? "Offered in every territory"}
            actions={<ActiveBadge active={type.isActive} size="lg" />}
          />
          <TypeEditor type={type} canSetup={canSetup} />
        </>
      ) : (
        <Stack gap="md" aria-busy="true" maw={960}>
          <Skeleton height={28} width={260} />
          <Skeleton height={320} radius="lg" />
        </Stack>
      )}
    </>
  );
}
