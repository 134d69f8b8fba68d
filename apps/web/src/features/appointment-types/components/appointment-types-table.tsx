import type { AppointmentType } from "@fieldlead/contracts";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { IconCalendarCog } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ActiveBadge } from "../../../components/active-status";
import type { DataTableColumn } from "../../../components/data-table";
import { ListTable, type ListTableProps, statusColumn } from "../../../components/list-table";
import { formatDays, formatMinutes } from "./format";

const Cell = ({ children }: { children: ReactNode }) => <Text fz="sm">{children}</Text>;

/** One page of appointment types, sortable; the name opens the type's editor. */
export function AppointmentTypesTable({
  canSetup,
  emptyAction,
  ...list
}: ListTableProps<AppointmentType> & { canSetup: boolean; emptyAction?: ReactNode }) {
  const columns: DataTableColumn<AppointmentType>[] = [
    {
      key: "name",
      header: "Type",
      sortKey: "name",
      skeletonWidth: 160,
      render: (a) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/appointments/types/${a.id}`}
            fw={600}
            fz="sm"
            c={a.isActive ? undefined : "dimmed"}
            style={{ overflowWrap: "anywhere" }}
          >
            {a.name}
          </Anchor>
          {/* What the hidden columns hold, on narrow screens. */}
          <Text fz="xs" c="dimmed" hiddenFrom="md" style={{ overflowWrap: "anywhere" }}>
            {a.territoryName ?? "Every territory"} · {formatMinutes(a.durationMinutes)} · arrives within{" "}
            {formatMinutes(a.arrivalWindowMinutes)}
          </Text>
          <Group gap={6} hiddenFrom="xs" mt={2}>
            <ActiveBadge active={a.isActive} size="xs" />
          </Group>
        </Stack>
      ),
    },
    {
      key: "territory",
      header: "Territory",
      sortKey: "territory",
      visibleFrom: "md",
      skeletonWidth: 90,
      render: (a) => (
        <Text fz="sm" c={a.territoryName ? undefined : "dimmed"}>
          {a.territoryName ?? "Every territory"}
        </Text>
      ),
    },
    {
      key: "duration",
      header: "Duration",
      sortKey: "durationMinutes",
      visibleFrom: "md",
      width: 110,
      skeletonWidth: 50,
      render: (a) => <Cell>{formatMinutes(a.durationMinutes)}</Cell>,
    },
    {
      key: "arrival",
      header: "Arrival window",
      sortKey: "arrivalWindowMinutes",
      visibleFrom: "md",
      width: 130,
      skeletonWidth: 50,
      render: (a) => <Cell>{formatMinutes(a.arrivalWindowMinutes)}</Cell>,
    },
    {
      key: "notice",
      header: "Notice",
      sortKey: "minimumNoticeMinutes",
      visibleFrom: "lg",
      width: 110,
      skeletonWidth: 50,
      render: (a) => <Cell>{formatMinutes(a.minimumNoticeMinutes)}</Cell>,
    },
    {
      key: "horizon",
      header: "Books ahead",
      sortKey: "bookingHorizonDays",
      visibleFrom: "lg",
      width: 120,
      skeletonWidth: 50,
      render: (a) => <Cell>{formatDays(a.bookingHorizonDays)}</Cell>,
    },
    statusColumn((a) => <ActiveBadge active={a.isActive} />, "xs"),
  ];

  return (
    <ListTable
      {...list}
      label="Appointment types"
      columns={columns}
      rowKey={(a) => a.id}
      minWidth={0}
      empty={{
        filtered: {
          title: "No appointment type matches these filters",
          description: "Try another spelling or fewer filters, or include inactive types.",
          icon: <IconCalendarCog size={26} stroke={1.6} />,
        },
        none: {
          title: "No appointment types yet",
          description: canSetup
            ? "Add what shoppers can book: how long it takes, how much notice it needs and how far ahead."
            : "An Admin or Manager sets up the appointment types; they will show here.",
          icon: <IconCalendarCog size={26} stroke={1.6} />,
          action: emptyAction,
        },
      }}
    />
  );
}
