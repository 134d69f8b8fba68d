import {
  type ConsentDestination,
  DELIVERY_RESEND_MAX,
  DELIVERY_SORT_KEYS,
  DELIVERY_STATES,
  DESTINATIONS,
  type DeliverySearchRequest,
  type DeliveryStateName,
} from "@fieldlead/contracts";
import { Box, Button, Group, Text } from "@mantine/core";
import { useInterval } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconRefresh } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import type { SortDirection } from "../../../components/data-table";
import { useResendDeliveries } from "../../../components/deliveries/deliveries-api";
import { formatCount, NOT_SENT } from "../../../components/deliveries/delivery-format";
import { PageHeader } from "../../../components/page-header";
import { listPageParams, useListPage } from "../../../components/use-list-page";
import { errorMessage } from "../../../lib/api-error";
import { choiceParam, INVALID, named, type ParamCodec, textParam } from "../../../lib/list-params";
import { useDeliveries, useDeliveryHealth } from "../api/deliveries";
import { DeliveriesFilters } from "../components/deliveries-filters";
import { DeliveriesTable } from "../components/deliveries-table";
import { HealthStrip } from "../components/health-strip";

const words = (raw: string[]) => raw.flatMap((v) => v.split(",")).filter(Boolean);

/**
 * The states in the address: `?states=dead` (the link of the "dead delivery" email), `?states=failed,dead`;
 * none written is the default (not sent yet), `all` every state.
 */
const statesParam = (): ParamCodec<DeliveryStateName[]> => ({
  parse: (raw) => {
    const asked = words(raw);
    if (asked.includes("all")) return [];
    const states = DELIVERY_STATES.filter((s) => asked.includes(s));
    return states.length ? states : INVALID;
  },
  format: (v) => (v.length ? [...v] : ["all"]),
  fallback: [...NOT_SENT],
});

const DESTINATION_IDS = DESTINATIONS.map((d) => d.id);
const destinationsParam = (): ParamCodec<ConsentDestination[]> => ({
  parse: (raw) => {
    const asked = words(raw);
    const ids = DESTINATION_IDS.filter((d) => asked.includes(d));
    return ids.length ? ids : INVALID;
  },
  format: (v) => [...v],
  fallback: [],
});

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(DELIVERY_SORT_KEYS, "updatedAt"),
  // The latest change first.
  sortDirection: choiceParam<SortDirection>(["asc", "desc"], "desc"),
  text: named("search", textParam()),
  destinations: destinationsParam(),
  states: statesParam(),
};

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * /deliveries: what is on its way to the organization's destinations and what is stuck, with each destination's
 * health; managers and schedulers find a lead's deliveries and send them again (docs/decisions/0039).
 */
export function DeliveriesPage() {
  const list = useListPage(PARAMS);
  const { params } = list;
  const body = useMemo<DeliverySearchRequest>(
    () => ({
      page: params.page,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortDirection: params.sortDirection,
      // Nothing chosen is every state (the server's default is "not sent").
      states: params.states.length ? params.states : [...DELIVERY_STATES],
      ...(params.destinations.length ? { destinations: params.destinations } : {}),
      ...(params.text ? { text: params.text } : {}),
    }),
    [params],
  );
  const query = useDeliveries(body);
  const health = useDeliveryHealth();
  const resend = useResendDeliveries();
  const [confirming, setConfirming] = useState(false);

  // The selection belongs to the page of rows it was made on: another page, sort or filter starts empty.
  const pageKey = JSON.stringify(body);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({
    key: pageKey,
    ids: new Set(),
  });
  const selected = selection.key === pageKey ? selection.ids : new Set<number>();
  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) on ? next.add(id) : next.delete(id);
    setSelection({ key: pageKey, ids: next });
  };
  const clearSelection = () => setSelection({ key: pageKey, ids: new Set() });

  // "in 4 min" counts down while the page is open.
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 30_000, { autoInvoke: true });

  const sendAgain = () => {
    const ids = [...selected].slice(0, DELIVERY_RESEND_MAX);
    resend.mutate(ids, {
      onSuccess: ({ resent }) => {
        notifications.show({
          color: "teal",
          message: `${plural(resent, "delivery", "deliveries")} will be sent again now.`,
        });
        clearSelection();
        setConfirming(false);
      },
      onError: (err) => {
        notifications.show({ color: "red", title: "Could not send again", message: errorMessage(err) });
        setConfirming(false);
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Deliveries"
        description="Leads and appointments on their way to the CRM, the retailer and the partner programs: what waits, what fails, and sending it again."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={query.isFetching && !query.isPending}
            onClick={() => {
              setNow(Date.now());
              void query.refetch();
              void health.refetch();
            }}
          >
            Refresh
          </Button>
        }
      />
      <Box mb="md">
        <HealthStrip query={health} />
      </Box>
      <DeliveriesFilters
        value={params}
        onChange={list.setParams}
        activeCount={list.filterCount}
        onClear={list.clearFilters}
      />
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Text fz="sm" c="dimmed" aria-live="polite">
          {selected.size
            ? `${plural(selected.size, "delivery", "deliveries")} selected`
            : "Select deliveries to send them again."}
        </Text>
        <Group gap="sm">
          {selected.size ? (
            <Button variant="subtle" onClick={clearSelection}>
              Clear selection
            </Button>
          ) : null}
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            disabled={selected.size === 0}
            onClick={() => setConfirming(true)}
          >
            Send again
          </Button>
        </Group>
      </Group>
      <DeliveriesTable {...list.tableProps(query)} selected={selected} onSelect={select} now={now} />
      <ConfirmModal
        opened={confirming}
        title={`Send ${plural(selected.size, "delivery", "deliveries")} again?`}
        confirmLabel="Send again"
        danger={false}
        loading={resend.isPending}
        onConfirm={sendAgain}
        onClose={() => setConfirming(false)}
      >
        Each one is sent at once with the lead as it is now; a dead delivery is tried again. The destinations
        keep one record per lead, so nothing is doubled.
      </ConfirmModal>
    </>
  );
}
