import type { StoreDetail } from "@fieldlead/contracts";
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconEdit, IconExternalLink } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { ApiError } from "../../../lib/api-error";
import { useCan } from "../../../lib/can";
import { formatDateTime } from "../../../lib/dates";
import { useStore } from "../api/get-store";
import { StoreDrawer, type StoreDrawerTarget } from "../components/store-drawer";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children || "—"}
      </Text>
    </Stack>
  );
}

function localTime(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone,
      hour: "numeric",
      minute: "2-digit",
      weekday: "short",
    }).format(new Date());
  } catch {
    return "";
  }
}

function StoreCards({ store }: { store: StoreDetail }) {
  const street = store.address ?? "";
  const place = [store.city, [store.state, store.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const map =
    store.latitude !== null && store.longitude !== null
      ? `https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=16/${store.latitude}/${store.longitude}`
      : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="lg" p="lg">
        <Title order={2} fz="md" mb="md">
          Where
        </Title>
        <Stack gap="md">
          <Field label="Address">
            {street || place ? (
              <>
                {street ? <div>{street}</div> : null}
                {place ? <div>{place}</div> : null}
              </>
            ) : null}
          </Field>
          <Field label="Time zone">
            {store.timeZone}
            <Text span fz="xs" c="dimmed" ml={6}>
              (now {localTime(store.timeZone)})
            </Text>
          </Field>
          {map ? (
            <Anchor href={map} target="_blank" rel="noopener noreferrer" fz="sm">
              Open on a map <IconExternalLink size={14} style={{ verticalAlign: "-2px" }} aria-hidden />
            </Anchor>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="lg" p="lg">
        <Title order={2} fz="md" mb="md">
          Details
        </Title>
        <SimpleGrid cols={2} spacing="md">
          <Field label="Brand">{store.brandName}</Field>
          <Field label="Store number">{store.storeNumber}</Field>
          <Field label="Territory">{store.territoryName ?? "None"}</Field>
          <Field label="Status">
            <Badge variant="light" color={store.isActive ? "teal" : "gray"}>
              {store.isActive ? "Active" : "Inactive"}
            </Badge>
          </Field>
          <Field label="Added">{formatDateTime(store.createdAt)}</Field>
          <Field label="Last changed">{formatDateTime(store.updatedAt)}</Field>
        </SimpleGrid>
      </Card>
    </SimpleGrid>
  );
}

/** One store: where it is, its brand, territory and status; managers change it from here. */
export function StoreDetailPage() {
  const { storeId } = useParams();
  const id = Number(storeId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useStore(valid ? id : null);
  const canEdit = useCan()("stores.edit");
  const [drawer, setDrawer] = useState<StoreDrawerTarget>(null);
  const store = query.data;

  const back = (
    <Anchor
      component={Link}
      to="/stores"
      fz="sm"
      mb="xs"
      display="inline-flex"
      style={{ alignItems: "center", gap: 4 }}
    >
      <IconArrowLeft size={16} aria-hidden /> All stores
    </Anchor>
  );

  if (!valid || query.isError)
    return (
      <>
        {back}
        <PageHeader title="Store" />
        <LoadError
          error={valid ? query.error : new Error("This store address is not valid.")}
          // A store that is not there (or of another organization) will not appear by trying again.
          onRetry={
            valid && !(query.error instanceof ApiError && query.error.status === 404)
              ? () => query.refetch()
              : undefined
          }
        />
      </>
    );

  return (
    <>
      {back}
      {store ? (
        <PageHeader
          title={store.name}
          description={
            <Group gap={6} component="span">
              {store.brandName ? <span>{store.brandName}</span> : null}
              {store.storeNumber ? <span>· #{store.storeNumber}</span> : null}
              {store.territoryName ? <span>· {store.territoryName}</span> : null}
            </Group>
          }
          actions={
            canEdit ? (
              <Button leftSection={<IconEdit size={16} />} onClick={() => setDrawer({ storeId: store.id })}>
                Edit store
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack gap="xs" mb="lg" aria-busy>
          <Skeleton height={28} width={260} />
          <Skeleton height={14} width={180} />
        </Stack>
      )}
      {store ? (
        <StoreCards store={store} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Skeleton height={180} radius="lg" />
          <Skeleton height={180} radius="lg" />
        </SimpleGrid>
      )}
      <StoreDrawer target={drawer} onClose={() => setDrawer(null)} readOnly={!canEdit} />
    </>
  );
}
