import { type DeliveryItem, destinationName } from "@fieldlead/contracts";
import { Anchor, Checkbox, Group, Stack, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { Link } from "react-router";
import type { DataTableColumn } from "../../../components/data-table";
import { relativeTime } from "../../../components/deliveries/delivery-format";
import { DeliveryStateBadge } from "../../../components/deliveries/delivery-state-badge";
import { ListTable, type ListTableProps } from "../../../components/list-table";
import { formatDateTime } from "../../../lib/dates";

/** Where a delivery's lead opens: the Leads screen with its drawer. */
export const leadPath = (leadId: number) => `/leads?lead=${leadId}`;

/** How a row's checkbox names it: "Mia Garcia to Retailer". */
export const deliveryName = (d: DeliveryItem) => `${d.leadName} to ${destinationName(d.destination)}`;

function LastError({ error }: { error: string | null }) {
  if (!error)
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text fz="sm" style={{ whiteSpace: "normal", overflowWrap: "anywhere" }}>
      {error}
    </Text>
  );
}

/** A time as "in 4 min" or "3 h ago", with the date and time on hover and for screen readers' browse mode. */
function When({ iso, now }: { iso: string | null; now: number }) {
  if (!iso)
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
      <time dateTime={iso} title={formatDateTime(iso)}>
        {relativeTime(iso, now)}
      </time>
    </Text>
  );
}

/**
 * One page of deliveries, sortable by lead, state, next try and last change, each row selectable to send again.
 * On a phone the lead's cell carries the destination, the state and the last error; the other columns come back
 * as the window widens.
 */
export function DeliveriesTable({
  selected,
  onSelect,
  now,
  ...list
}: ListTableProps<DeliveryItem> & {
  selected: ReadonlySet<number>;
  /** Selects (or unselects) these rows. */
  onSelect: (ids: number[], on: boolean) => void;
  /** The time the relative times count from. */
  now: number;
}) {
  const rows = list.data?.items ?? [];
  const chosen = rows.filter((d) => selected.has(d.id)).length;
  const all = rows.length > 0 && chosen === rows.length;

  const columns: DataTableColumn<DeliveryItem>[] = [
    {
      key: "select",
      header: (
        <Checkbox
          aria-label="Select every delivery on this page"
          checked={all}
          indeterminate={chosen > 0 && !all}
          disabled={rows.length === 0}
          onChange={() =>
            onSelect(
              rows.map((d) => d.id),
              !all,
            )
          }
        />
      ),
      width: 44,
      skeletonWidth: 18,
      render: (d) => (
        <Checkbox
          aria-label={`Select ${deliveryName(d)}`}
          checked={selected.has(d.id)}
          onChange={(e) => onSelect([d.id], e.currentTarget.checked)}
        />
      ),
    },
    {
      key: "leadName",
      header: "Lead",
      sortKey: "leadName",
      skeletonWidth: 140,
      render: (d) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={leadPath(d.leadId)} fz="sm" fw={600}>
            {d.leadName}
          </Anchor>
          {/* Below sm the destination and error columns are hidden (below xs the state too): they show here. */}
          <Group gap={6} hiddenFrom="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {destinationName(d.destination)}
            </Text>
            <DeliveryStateBadge state={d.state} size="xs" hiddenFrom="xs" />
          </Group>
          {d.lastError ? (
            <Text fz="xs" hiddenFrom="sm" style={{ overflowWrap: "anywhere" }}>
              {d.lastError}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "destination",
      header: "Destination",
      visibleFrom: "sm",
      skeletonWidth: 110,
      render: (d) => <Text fz="sm">{destinationName(d.destination)}</Text>,
    },
    {
      key: "state",
      header: "State",
      sortKey: "state",
      visibleFrom: "xs",
      width: 104,
      minWidth: 104,
      skeletonWidth: 60,
      render: (d) => <DeliveryStateBadge state={d.state} />,
    },
    {
      key: "attempts",
      header: "Attempts",
      visibleFrom: "md",
      width: 96,
      align: "right",
      skeletonWidth: 24,
      render: (d) => <Text fz="sm">{d.attempts}</Text>,
    },
    {
      key: "lastError",
      header: "Last error",
      visibleFrom: "sm",
      minWidth: 200,
      skeletonWidth: 180,
      render: (d) => <LastError error={d.lastError} />,
    },
    {
      key: "nextAttemptAt",
      header: "Next try",
      sortKey: "nextAttemptAt",
      visibleFrom: "md",
      skeletonWidth: 70,
      render: (d) => <When iso={d.nextAttemptAt} now={now} />,
    },
    {
      key: "updatedAt",
      header: "Updated",
      sortKey: "updatedAt",
      visibleFrom: "lg",
      skeletonWidth: 110,
      render: (d) => (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {formatDateTime(d.updatedAt)}
        </Text>
      ),
    },
  ];

  return (
    <ListTable
      {...list}
      label="Deliveries"
      columns={columns}
      rowKey={(d) => d.id}
      // Columns give way as the window narrows: it fits from the phone up, with the side menu open.
      minWidth={0}
      empty={{
        filtered: {
          title: "No delivery matches these filters",
          description: "Try another name, more states or every destination.",
          icon: <IconSend size={26} stroke={1.6} aria-hidden />,
        },
        none: {
          title: "Nothing waiting: every delivery was sent.",
          description: "Deliveries that are pending, failing or dead show here.",
          icon: <IconSend size={26} stroke={1.6} aria-hidden />,
        },
      }}
    />
  );
}
