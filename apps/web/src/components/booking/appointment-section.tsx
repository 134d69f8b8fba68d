import { APPOINTMENT_STATUS_NAMES, type LeadAppointments } from "@fieldlead/contracts";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCalendarEvent, IconCalendarPlus, IconCalendarX, IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { useCan } from "../../lib/can";
import { formatDateTime } from "../../lib/dates";
import { useCancelAppointment, useLeadAppointments } from "./booking-api";
import { whenText } from "./booking-format";
import BookingModal from "./booking-modal";

type Item = LeadAppointments["items"][number];

const STATUS_COLOR: Record<Item["status"], string> = {
  booked: "teal",
  cancelled: "gray",
  ran: "blue",
  sold: "green",
  noShow: "orange",
};

const ACTION_TEXT: Record<string, string> = {
  booked: "Booked",
  moved: "Moved",
  cancelled: "Cancelled",
  status: "Status changed",
};

function historyLine(h: Item["history"][number], a: Item) {
  if (h.action === "moved" && h.after && typeof h.after.startsAt === "string") {
    return `Moved to ${formatDateTime(h.after.startsAt, a.timeZone)}`;
  }
  return ACTION_TEXT[h.action] ?? h.action;
}

/** Cancelling asks for a reason (required) and says what it does; it is set apart as destructive. */
function CancelModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelAppointment();
  const submit = async () => {
    if (!item) return;
    if (!reason.trim()) {
      setError("Say why the appointment is cancelled");
      return;
    }
    try {
      await cancel.mutateAsync({ id: item.id, reason: reason.trim() });
      notifications.show({
        color: "teal",
        message: "The appointment is cancelled; its place is free again.",
      });
      setReason("");
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Modal opened={item !== null} onClose={onClose} title="Cancel the appointment" centered radius="md">
      <Stack gap="md">
        <Text fz="sm">
          {item ? `${item.appointmentTypeName}, ${whenText(item)}.` : ""} The shopper is told, and the place
          goes back to the window.
        </Text>
        <Textarea
          label="Reason"
          required
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={500}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep it
          </Button>
          <Button color="red" onClick={submit} loading={cancel.isPending}>
            Cancel the appointment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The lead drawer's "Appointment" section: the lead's booked appointment (type, when, status) with Move and
 * Cancel, a Book button when there is none, and every appointment's history (who, what, when).
 */
export function AppointmentSection({ leadId, leadName }: { leadId: number; leadName: string }) {
  const can = useCan();
  const canBook = can("appointments.book");
  const allowed = canBook || can("appointments.read");
  // Program users read leads but not appointments: they make no call.
  const query = useLeadAppointments(allowed ? leadId : null);
  const [booking, setBooking] = useState<null | { move?: Item }>(null);
  const [cancelling, setCancelling] = useState<Item | null>(null);
  if (!allowed) return null;
  const items = query.data?.items ?? [];
  const current = items.find((a) => a.status === "booked") ?? null;

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby={`appointment-${leadId}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md" id={`appointment-${leadId}`}>
            Appointment
          </Title>
          {canBook && !current && query.isSuccess ? (
            <Button size="xs" leftSection={<IconCalendarPlus size={16} />} onClick={() => setBooking({})}>
              Book an appointment
            </Button>
          ) : null}
        </Group>
        {query.isPending ? (
          <Skeleton height={48} />
        ) : query.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(query.error)}
          </Alert>
        ) : current ? (
          <Stack gap={6} data-testid="current-appointment">
            <Group gap="xs">
              <IconCalendarEvent size={18} aria-hidden />
              <Text fw={600} fz="sm">
                {current.appointmentTypeName}
              </Text>
              <Badge color={STATUS_COLOR[current.status]} variant="light">
                {APPOINTMENT_STATUS_NAMES[current.status]}
              </Badge>
            </Group>
            <Text fz="sm">{whenText(current)}</Text>
            {current.storeName ? (
              <Text fz="xs" c="dimmed">
                {current.storeName}
              </Text>
            ) : null}
            {canBook ? (
              <Group gap="sm" mt={4} justify="space-between">
                <Button size="xs" variant="default" onClick={() => setBooking({ move: current })}>
                  Move
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconCalendarX size={16} />}
                  onClick={() => setCancelling(current)}
                >
                  Cancel appointment
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            No appointment booked.
          </Text>
        )}

        {items.length > 0 ? (
          <Stack gap={4} mt="xs">
            <Group gap={6} c="dimmed">
              <IconHistory size={16} aria-hidden />
              <Text fz="xs" fw={600} tt="uppercase">
                History
              </Text>
            </Group>
            <Timeline bulletSize={12} lineWidth={2} data-testid="appointment-history">
              {items.flatMap((a) =>
                a.history.map((h) => (
                  <Timeline.Item key={h.id} title={<Text fz="sm">{historyLine(h, a)}</Text>}>
                    <Text fz="xs" c="dimmed">
                      {a.appointmentTypeName} · {formatDateTime(h.at)}
                      {h.userName ? ` · ${h.userName}` : ""}
                    </Text>
                    {h.reason ? <Text fz="xs">“{h.reason}”</Text> : null}
                  </Timeline.Item>
                )),
              )}
            </Timeline>
          </Stack>
        ) : null}
      </Stack>
      {booking ? (
        <BookingModal
          opened
          leadId={leadId}
          leadName={leadName}
          move={
            booking.move
              ? {
                  appointmentId: booking.move.id,
                  appointmentTypeId: booking.move.appointmentTypeId,
                  windowId: booking.move.windowId,
                }
              : undefined
          }
          onClose={() => setBooking(null)}
          onDone={(a) => {
            notifications.show({
              color: "teal",
              message: `${booking.move ? "Moved to" : "Booked for"} ${whenText(a)}.`,
            });
            setBooking(null);
          }}
        />
      ) : null}
      <CancelModal item={cancelling} onClose={() => setCancelling(null)} />
    </Card>
  );
}
