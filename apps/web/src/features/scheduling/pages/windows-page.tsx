import { DAY_NAMES, type TemplateChangeResponse, type TemplateWindow } from "@fieldlead/contracts";
import { Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { useCan } from "../../../lib/can";
import { useSchedulingSettings } from "../api/settings";
import { useDeleteTemplate, useTemplates } from "../api/templates";
import { ChangeSummary } from "../components/change-summary";
import { GeneratePanel } from "../components/generate-panel";
import { PlacePickers, usePlaceParams } from "../components/pickers";
import { SchedulingSettingsForm } from "../components/settings-form";
import { EmptyTemplate, TemplateGrid } from "../components/template-grid";
import { TemplateWindowModal, type TemplateWindowTarget } from "../components/template-window-form";
import { timeRange } from "../components/week";

/**
 * The weekly template of an appointment type (at the whole organization or one store) as a grid by day, the
 * generation of dated windows for a range, and the scheduling settings. For those who set up appointments.
 */
export function WindowsPage() {
  const canEdit = useCan()("appointments.setup");
  const wide = useMediaQuery("(min-width: 75em)");
  const settings = useSchedulingSettings(canEdit);
  const place = usePlaceParams();
  const [target, setTarget] = useState<TemplateWindowTarget>(null);
  const [toDelete, setToDelete] = useState<TemplateWindow | null>(null);
  const [change, setChange] = useState<{ change: TemplateChangeResponse; deleted: boolean } | null>(null);
  const remove = useDeleteTemplate();
  const templates = useTemplates(
    place.typeId === null
      ? null
      : {
          appointmentTypeId: place.typeId,
          ...(place.storeId === null ? { storeId: null, territoryId: null } : { storeId: place.storeId }),
          pageSize: 500,
        },
  );
  const firstDayOfWeek = settings.data?.firstDayOfWeek ?? 1;

  return (
    <>
      <PageHeader
        title="Windows"
        description="The weekly template of each appointment type, and the dated windows shoppers book."
      />
      <PlacePickers place={place} storePlaceholder="Whole organization" />
      {!place.typesLoading && place.types.length === 0 ? (
        <Text c="dimmed">Add an appointment type first: windows belong to a type.</Text>
      ) : null}
      {place.typeId !== null ? (
        <Stack gap="lg">
          {change ? (
            <ChangeSummary change={change.change} deleted={change.deleted} onClose={() => setChange(null)} />
          ) : null}
          {templates.isError ? (
            <LoadError error={templates.error} onRetry={() => templates.refetch()} />
          ) : templates.isPending ? (
            <Loader aria-label="Loading the weekly template" />
          ) : templates.data.items.length === 0 ? (
            <EmptyTemplate
              canEdit={canEdit}
              onAdd={() => setTarget({ kind: "new", dayOfWeek: firstDayOfWeek })}
            />
          ) : (
            <TemplateGrid
              templates={templates.data.items}
              firstDayOfWeek={firstDayOfWeek}
              canEdit={canEdit}
              layout={wide ? "grid" : "list"}
              onAdd={(dayOfWeek) => setTarget({ kind: "new", dayOfWeek })}
              onEdit={(template) => setTarget({ kind: "edit", template })}
              onDelete={setToDelete}
            />
          )}
          {canEdit && settings.data ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <GeneratePanel
                appointmentTypeId={place.typeId}
                storeId={place.storeId}
                today={settings.data.today}
              />
              <SchedulingSettingsForm key={settings.data.updatedAt ?? "defaults"} settings={settings.data} />
            </SimpleGrid>
          ) : settings.isError ? (
            <LoadError error={settings.error} onRetry={() => settings.refetch()} />
          ) : null}
        </Stack>
      ) : null}
      {place.typeId !== null ? (
        <TemplateWindowModal
          target={target}
          place={{ appointmentTypeId: place.typeId, storeId: place.storeId }}
          firstDayOfWeek={firstDayOfWeek}
          onClose={() => setTarget(null)}
          onSaved={(saved) => {
            setTarget(null);
            setChange({ change: saved, deleted: false });
          }}
        />
      ) : null}
      <ConfirmModal
        opened={toDelete !== null}
        title="Delete this window?"
        loading={remove.isPending}
        onClose={() => {
          setToDelete(null);
          remove.reset();
        }}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: (result) => {
              setToDelete(null);
              setChange({ change: result, deleted: true });
            },
            onError: (err) => notifications.show({ color: "red", message: errorMessage(err) }),
          })
        }
      >
        {toDelete
          ? `The ${DAY_NAMES[toDelete.dayOfWeek]} ${timeRange(toDelete)} window goes, with its dated windows still to come that hold no booking. Those with bookings stay.`
          : null}
      </ConfirmModal>
    </>
  );
}
