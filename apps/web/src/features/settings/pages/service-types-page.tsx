import type { ServiceType } from "@fieldlead/contracts";
import { Button, Card, EmptyState, Grid } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconListDetails, IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { useSession } from "../../../lib/session";
import { useDeleteServiceType } from "../api/delete-service-type";
import { useServiceTypes } from "../api/get-service-types";
import { useUpsertServiceType } from "../api/upsert-service-type";
import { DeleteModal } from "../components/delete-modal";
import { QuestionsPanel } from "../components/questions-panel";
import { ServiceTypeFormModal } from "../components/service-type-form-modal";
import { ServiceTypesList } from "../components/service-types-list";

/** /settings/service-types[/:serviceTypeId]: service types, and the questions of the chosen one. */
export function ServiceTypesPage() {
  const user = useSession();
  const orgId = user?.currentOrganizationId ?? 0;
  const params = useParams();
  const navigate = useNavigate();
  const query = useServiceTypes(orgId);
  const remove = useDeleteServiceType();
  const upsert = useUpsertServiceType();
  const [editing, setEditing] = useState<{ type: ServiceType | null } | null>(null);
  const [deleting, setDeleting] = useState<ServiceType | null>(null);

  const types = query.data;
  const asked = Number(params.serviceTypeId);
  const selected = types?.find((t) => t.id === asked) ?? null;

  // With nothing (or a type of another organization) chosen, show the first one's questions.
  useEffect(() => {
    if (types?.length && !selected) navigate(`/settings/service-types/${types[0].id}`, { replace: true });
  }, [types, selected, navigate]);

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `"${deleting.name}" was deleted.` });
        if (deleting.id === selected?.id) navigate("/settings/service-types", { replace: true });
        setDeleting(null);
      },
    });

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ type: null })}>
      New service type
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Service types"
        description="What lead generators capture leads for, and the questions each lead form asks."
        actions={newButton}
      />
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : types && types.length === 0 ? (
        <Card withBorder radius="lg" py={48}>
          <EmptyState
            variant="light"
            icon={<IconListDetails size={26} stroke={1.6} />}
            title="No service types yet"
            description="Add the home services your team captures leads for (HVAC, windows, solar...), then their questions."
          >
            <EmptyState.Actions>{newButton}</EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <ServiceTypesList
              types={types}
              loading={query.isPending}
              selectedId={selected?.id ?? null}
              onEdit={(t) => setEditing({ type: t })}
              onDelete={(t) => {
                remove.reset();
                setDeleting(t);
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            {selected ? <QuestionsPanel key={selected.id} serviceType={selected} /> : null}
          </Grid.Col>
        </Grid>
      )}

      <ServiceTypeFormModal
        opened={editing !== null}
        serviceType={editing?.type ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          if (!editing?.type) navigate(`/settings/service-types/${saved.id}`);
        }}
      />
      <DeleteModal
        opened={deleting !== null}
        title="Delete service type"
        error={remove.error?.message ?? null}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        alternative={
          deleting?.isActive ? (
            <Button
              loading={upsert.isPending}
              onClick={() =>
                deleting &&
                upsert.mutate(
                  { id: deleting.id, name: deleting.name, isActive: false },
                  {
                    onSuccess: () => {
                      notifications.show({
                        color: "teal",
                        message: `"${deleting.name}" is no longer offered.`,
                      });
                      setDeleting(null);
                    },
                    onError: (err) => notifications.show({ color: "red", message: errorMessage(err) }),
                  },
                )
              }
            >
              Deactivate instead
            </Button>
          ) : null
        }
      >
        Delete <b>{deleting?.name}</b> and its questions? This cannot be undone.
      </DeleteModal>
    </>
  );
}
