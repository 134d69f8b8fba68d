import type { DeliveryHealthResponse } from "@fieldlead/contracts";
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { formatCount, isUnhealthy, waitingFor } from "../../../components/deliveries/delivery-format";
import { LoadError } from "../../../components/query-state";

type Item = DeliveryHealthResponse["items"][number];

function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={600} c={alert ? "red" : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

/** One destination's figures; failing or dead deliveries give it a red edge and say so. */
function HealthCard({ item }: { item: Item }) {
  const { health } = item;
  const unhealthy = isUnhealthy(health);
  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={`${item.name} health`}
      data-testid={`health-${item.destination}`}
      data-unhealthy={unhealthy || undefined}
      style={unhealthy ? { borderLeft: "4px solid var(--mantine-color-red-filled)" } : undefined}
    >
      <Group gap={6} mb={6} wrap="nowrap">
        {unhealthy ? <IconAlertTriangle size={16} color="var(--mantine-color-red-text)" aria-hidden /> : null}
        <Title order={2} fz="sm" style={{ overflowWrap: "anywhere" }}>
          {item.name}
        </Title>
        {unhealthy ? (
          <Text span fz="xs" c="red" fw={600}>
            Needs attention
          </Text>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 3, xs: 5, md: 3, xl: 5 }} spacing="xs" verticalSpacing={6}>
        <Figure label="Sent (1 h)" value={formatCount(health.sentLastHour)} />
        <Figure label="Pending" value={formatCount(health.pending)} />
        <Figure label="Failing" value={formatCount(health.failing)} alert={health.failing > 0} />
        <Figure label="Dead" value={formatCount(health.dead)} alert={health.dead > 0} />
        <Figure label="Oldest waiting" value={waitingFor(health.oldestPendingAt) || "—"} />
      </SimpleGrid>
    </Card>
  );
}

/** The health of each destination the organization has on, one compact card each, above the deliveries. */
export function HealthStrip({ query }: { query: UseQueryResult<DeliveryHealthResponse> }) {
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="sm"
        aria-busy="true"
        aria-label="Loading the health"
      >
        {[0, 1].map((i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </SimpleGrid>
    );
  const enabled = query.data.items.filter((i) => i.isEnabled);
  if (enabled.length === 0)
    return (
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
        No destination is on: leads are not sent anywhere. An Admin turns them on in Settings &gt;
        Destinations.
      </Alert>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: Math.min(enabled.length, 4) }} spacing="sm">
      {enabled.map((item) => (
        <HealthCard key={item.destination} item={item} />
      ))}
    </SimpleGrid>
  );
}
