import { APPOINTMENT_STATUS_NAMES, type AppointmentListItem } from "@fieldlead/contracts";
import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { IconCalendarEvent } from "@tabler/icons-react";
import { Link } from "react-router";
import { whenText } from "../../../components/booking/booking-format";
import type { DataTableColumn } from "../../../components/data-table";
import { ListTable, type ListTableProps } from "../../../components/list-table";
import { formatPhone } from "../../../lib/phone";

const STATUS_COLOR: Record<AppointmentListItem["status"], string> = {
  booked: "teal",
  cancelled: "gray",
  ran: "blue",
  sold: "green",
  noShow: "orange",
};

/** One page of appointments, sortable; the lead's name opens the lead. */
export function AppointmentsTable(list: ListTableProps<AppointmentListItem>) {
  const columns: DataTableColumn<AppointmentListItem>[] = [
    {
      key: "startsAt",
      header: "When",
      sortKey: "startsAt",
      skeletonWidth: 200,
      render: (a) => <Text fz="sm">{whenText(a)}</Text>,
    },
    {
      key: "leadName",
      header: "Lead",
      sortKey: "leadName",
      skeletonWidth: 140,
      render: (a) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/leads?lead=${a.leadId}`} fz="sm" fw={600}>
            {a.leadName}
          </Anchor>
          {a.leadPhone ? (
            <Text fz="xs" c="dimmed">
              {formatPhone(a.leadPhone)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "type",
      header: "Type",
      sortKey: "type",
      visibleFrom: "sm",
      skeletonWidth: 120,
      render: (a) => <Text fz="sm">{a.appointmentTypeName}</Text>,
    },
    {
      key: "store",
      header: "Store",
      sortKey: "store",
      visibleFrom: "md",
      skeletonWidth: 120,
      render: (a) => (
        <Text fz="sm" c={a.storeName ? undefined : "dimmed"}>
          {a.storeName ?? "—"}
        </Text>
      ),
    },
    {
      key: "status",
      header: "Status",
      sortKey: "status",
      // Wide enough for the longest status ("Cancelled") at any width: a badge truncates its label.
      width: 132,
      skeletonWidth: 60,
      render: (a) => (
        <Badge color={STATUS_COLOR[a.status]} variant="light">
          {APPOINTMENT_STATUS_NAMES[a.status]}
        </Badge>
      ),
    },
    {
      key: "bookedBy",
      header: "Booked by",
      visibleFrom: "lg",
      skeletonWidth: 100,
      render: (a) => <Text fz="sm">{a.bookedByName ?? "—"}</Text>,
    },
  ];
  return (
    <ListTable
      {...list}
      label="Appointments"
      columns={columns}
      rowKey={(a) => a.id}
      minWidth={0}
      empty={{
        filtered: {
          title: "No appointment matches these filters",
          description: "Try a wider date range or fewer filters.",
          icon: <IconCalendarEvent size={26} stroke={1.6} />,
        },
        none: {
          title: "No upcoming appointments",
          description: "Appointments booked from the capture screen or a lead show here.",
          icon: <IconCalendarEvent size={26} stroke={1.6} />,
        },
      }}
    />
  );
}
