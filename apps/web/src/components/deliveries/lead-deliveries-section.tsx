import {
  type DeliveryItem,
  destinationName,
  JOB_OUTCOME_LABELS,
  type LeadRevenue,
} from "@fieldlead/contracts";
import { Alert, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle, IconRefresh, IconSend } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { ApiError, errorMessage } from "../../lib/api-error";
import { useCan } from "../../lib/can";
import { formatDateTime } from "../../lib/dates";
import { useLeadDeliveries, useLeadRevenue, useResendDeliveries, useSendLeadToAll } from "./deliveries-api";
import { formatCurrency, speedToLead } from "./delivery-format";
import { DeliveryStateBadge } from "./delivery-state-badge";

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === "";
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="sm" c={empty ? "dimmed" : undefined} style={{ overflowWrap: "anywhere" }} component="div">
        {empty ? "—" : children}
      </Text>
    </Stack>
  );
}

function DeliveryRow({
  delivery: d,
  sending,
  onResend,
}: {
  delivery: DeliveryItem;
  sending: boolean;
  onResend: () => void;
}) {
  const name = destinationName(d.destination);
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`delivery-${d.destination}`}>
      <Group justify="space-between" gap="xs" wrap="wrap" mb={6}>
        <Group gap="xs">
          <Text fw={600} fz="sm">
            {name}
          </Text>
          <DeliveryStateBadge state={d.state} />
        </Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={sending}
          onClick={onResend}
          aria-label={`Send again to ${name}`}
        >
          Send again
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing={6}>
        <Field label="Attempts">{d.attempts}</Field>
        <Field label="Id at the destination">{d.externalId}</Field>
        <Field label="Last sent">{d.lastSentAt ? formatDateTime(d.lastSentAt) : "Never"}</Field>
      </SimpleGrid>
      {d.lastError ? (
        <Text fz="sm" mt={6} style={{ overflowWrap: "anywhere" }}>
          <Text span inherit fw={600}>
            Last error:
          </Text>{" "}
          {d.lastError}
        </Text>
      ) : null}
    </Paper>
  );
}

/** What the CRM made of the lead's job, and how fast the lead reached a destination. */
function Outcome({ revenue }: { revenue: LeadRevenue }) {
  const speed = speedToLead(revenue.capturedAt, revenue.firstDeliveredAt);
  if (!revenue.outcome && !speed) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing={6} data-testid="lead-outcome">
      {revenue.outcome ? (
        <>
          <Field label="CRM outcome">
            {JOB_OUTCOME_LABELS[revenue.outcome]}
            {revenue.jobNumber ? ` (job ${revenue.jobNumber})` : ""}
          </Field>
          <Field label="Revenue">{revenue.revenue === null ? null : formatCurrency(revenue.revenue)}</Field>
        </>
      ) : null}
      <Field label="Speed to lead">{speed || "Not delivered yet"}</Field>
    </SimpleGrid>
  );
}

/**
 * The lead drawer's "Destinations" section (managers and schedulers, `deliveries.manage`): each destination the
 * lead was sent to, with its state, tries, last error and the destination's id, sent again one at a time or to
 * every destination at once; and what the CRM reports of the job (outcome, revenue) with the speed to lead.
 */
export function LeadDeliveriesSection({ leadId, isExternal }: { leadId: number; isExternal: boolean }) {
  const allowed = useCan()("deliveries.manage");
  // Whoever may not see deliveries makes no call.
  const query = useLeadDeliveries(allowed ? leadId : null);
  const revenue = useLeadRevenue(allowed ? leadId : null, isExternal);
  const resend = useResendDeliveries();
  const sendAll = useSendLeadToAll();
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  if (!allowed) return null;
  const items = query.data?.items ?? [];

  const resendOne = (d: DeliveryItem) =>
    resend.mutate([d.id], {
      onSuccess: () =>
        notifications.show({
          color: "teal",
          message: `The lead will be sent to ${destinationName(d.destination)} again now.`,
        }),
      onError: (err) =>
        notifications.show({ color: "red", title: "Could not send again", message: errorMessage(err) }),
    });

  const sendNow = () => {
    setRefusal(null);
    sendAll.mutate(leadId, {
      onSuccess: ({ items: sent }) =>
        notifications.show({
          color: "teal",
          message: `The lead was sent to ${sent.length === 1 ? "1 destination" : `${sent.length} destinations`}: each one's state is below.`,
        }),
      onError: (err) =>
        setRefusal({
          title: err instanceof ApiError && err.status === 409 ? "Not sent" : "Could not send",
          message: errorMessage(err),
        }),
    });
  };

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby={`deliveries-${leadId}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md" id={`deliveries-${leadId}`}>
            Destinations
          </Title>
          <Button
            size="xs"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sendAll.isPending}
            onClick={sendNow}
          >
            Send to destinations now
          </Button>
        </Group>
        {refusal ? (
          <Alert
            role="alert"
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={refusal.title}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setRefusal(null)}
          >
            {refusal.message}
          </Alert>
        ) : null}
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the deliveries">
            <Skeleton height={64} radius="md" />
            <Skeleton height={64} radius="md" />
          </Stack>
        ) : query.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(query.error)}
          </Alert>
        ) : items.length ? (
          <Stack gap="xs">
            {items.map((d) => (
              <DeliveryRow
                key={d.id}
                delivery={d}
                sending={resend.isPending && resend.variables?.includes(d.id) === true}
                onResend={() => resendOne(d)}
              />
            ))}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            Not sent to any destination yet.
          </Text>
        )}
        {revenue.data ? <Outcome revenue={revenue.data} /> : null}
      </Stack>
    </Card>
  );
}
