import type { AppointmentWindow, WindowBooking } from "@fieldlead/contracts";
import { Badge, Button, Drawer, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/dates";
import { useSetWindowClosed, useWindowBookings } from "../api/windows";
import { bookedLabel, longDay, occupancyOf, windowTimeLabel } from "./week";

const STATUS: Record<WindowBooking["status"], string> = {
  booked: "Booked",
  cancelled: "Cancelled",
  ran: "Ran",
  sold: "Sold",
  noShow: "No show",
};

/** A window's bookings, and for those who set up, closing or reopening it. */
export function WindowDrawer({
  window: w,
  canSetUp,
  onClose,
  onChanged,
}: {
  window: AppointmentWindow | null;
  canSetUp: boolean;
  onClose: () => void;
  onChanged: (w: AppointmentWindow) => void;
}) {
  return (
    <Drawer
      opened={w !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={w ? `${longDay(w.localDate)}, ${windowTimeLabel(w)}` : ""}
    >
      {w ? <WindowDetails window={w} canSetUp={canSetUp} onChanged={onChanged} /> : null}
    </Drawer>
  );
}

function WindowDetails({
  window: w,
  canSetUp,
  onChanged,
}: {
  window: AppointmentWindow;
  canSetUp: boolean;
  onChanged: (w: AppointmentWindow) => void;
}) {
  const bookings = useWindowBookings(w.id);
  const setClosed = useSetWindowClosed();
  const occupancy = occupancyOf(w);
  const toggle = () =>
    setClosed.mutate(
      { window: w, isClosed: !w.isClosed },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: "teal",
            message: saved.isClosed
              ? "The window is closed: it takes no new bookings."
              : "The window is open again.",
          });
          onChanged(saved);
        },
        onError: (err) => notifications.show({ color: "red", message: errorMessage(err) }),
      },
    );
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fz="sm">{w.appointmentTypeName}</Text>
        <Text fz="sm" c="dimmed">
          {w.storeName ?? "Whole organization"} · {w.timeZone}
        </Text>
      </Group>
      <Group gap="xs">
        <Text fw={600}>{bookedLabel(w)}</Text>
        <Badge color={occupancy.color} variant="light">
          {occupancy.words}
        </Badge>
      </Group>
      {canSetUp ? (
        <Group>
          <Button variant={w.isClosed ? "filled" : "default"} onClick={toggle} loading={setClosed.isPending}>
            {w.isClosed ? "Reopen window" : "Close window"}
          </Button>
          <Text fz="xs" c="dimmed" style={{ flex: "1 1 200px" }}>
            {w.isClosed
              ? "Reopened, it takes bookings again up to its places."
              : "Closed, it keeps its bookings and takes no new ones."}
          </Text>
        </Group>
      ) : null}
      {bookings.isPending ? (
        <Loader size="sm" aria-label="Loading the bookings" />
      ) : bookings.isError ? (
        <LoadError error={bookings.error} onRetry={() => bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No bookings in this window yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped aria-label="Bookings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lead</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Booked by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bookings.data.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Text fz="sm">{b.leadName}</Text>
                    {b.phone ? (
                      <Text fz="xs" component="a" href={`tel:${b.phone}`} c="blue">
                        {b.phone}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{STATUS[b.status]}</Table.Td>
                  <Table.Td>
                    <Text fz="sm">{b.bookedByName ?? (b.source === "qr" ? "Shopper (QR)" : "—")}</Text>
                    <Text fz="xs" c="dimmed">
                      {formatDateTime(b.bookedAt)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
