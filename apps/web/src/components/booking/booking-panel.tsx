import type { AppointmentDetail, FreeWindow } from "@fieldlead/contracts";
import {
  Alert,
  Badge,
  Button,
  Group,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconCalendarOff, IconCloudOff } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { ApiError, errorMessage } from "../../lib/api-error";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { useLookupList } from "../../lib/lookup-list";
import { useAvailableWindows, useBookAppointment, useMoveAppointment } from "./booking-api";
import { dayHeading, windowTimes } from "./booking-format";

export type BookingPanelProps = {
  leadId: number;
  /** Moving a booked appointment: its type comes first, its window is left out, and a reason may be given. */
  move?: { appointmentId: number; appointmentTypeId: number; windowId: number };
  onDone: (appointment: AppointmentDetail) => void;
  onCancel?: () => void;
};

const leftText = (n: number) => (n === 1 ? "1 left" : `${n} left`);

function WindowChoice({ w }: { w: FreeWindow }) {
  return (
    <Radio
      value={String(w.id)}
      label={windowTimes(w)}
      description={leftText(w.left)}
      data-testid={`window-${w.id}`}
    />
  );
}

/**
 * Book a lead into a window, or move its appointment (docs/decisions/0033): pick a type, see the free windows by
 * day in their own time zone with the places left, pick one and book. When someone else took the window first,
 * the server's message shows with the next free windows to pick from. When the CRM did not answer, the panel says
 * the windows are our own capacity.
 */
export function BookingPanel({ leadId, move, onDone, onCancel }: BookingPanelProps) {
  const lookups = useLookupList();
  const types = lookups.data?.scheduleAppointmentTypes ?? [];
  const [typeId, setTypeId] = useState<number | null>(move?.appointmentTypeId ?? null);
  useEffect(() => {
    if (typeId === null && types.length === 1) setTypeId(types[0].id);
  }, [typeId, types]);
  const [windowId, setWindowId] = useState<number | null>(null);
  const [notes, setNotes] = useState("");
  const [taken, setTaken] = useState<{
    message: string;
    windowId: number | null;
    /** The server's next free windows, as the 409 named them. */
    next: FreeWindow[] | null;
  } | null>(null);
  const available = useAvailableWindows(typeId ? { appointmentTypeId: typeId, leadId } : null);
  const book = useBookAppointment();
  const moving = useMoveAppointment();
  const busy = book.isPending || moving.isPending;
  // One key per intended booking: the same press sent twice books once; another window is another booking.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key for each window picked
  const key = useMemo(() => newIdempotencyKey(), [windowId, typeId]);

  const days = useMemo(
    () =>
      (available.data?.days ?? [])
        .map((d) => ({ ...d, windows: d.windows.filter((w) => w.id !== move?.windowId) }))
        .filter((d) => d.windows.length > 0),
    [available.data, move?.windowId],
  );
  const nextWindows = taken
    ? (taken.next ??
      days
        .flatMap((d) => d.windows)
        .filter((w) => w.id !== taken.windowId)
        .slice(0, 3))
    : [];
  const failure = book.error ?? moving.error;
  const lostRace = failure instanceof ApiError && failure.code === "window_taken";
  const otherError = failure && !lostRace ? errorMessage(failure) : null;

  const submit = async () => {
    if (!windowId) return;
    setTaken(null);
    try {
      const done = move
        ? await moving.mutateAsync({ id: move.appointmentId, windowId, reason: notes.trim() || null })
        : await book.mutateAsync({ body: { leadId, windowId, notes: notes.trim() || null }, key });
      onDone(done);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.code === "window_taken") {
        // The answer names the next free windows (the list below is refreshed too).
        const next = Array.isArray(err.details.nextWindows)
          ? (err.details.nextWindows as FreeWindow[])
          : null;
        setTaken({ message: err.message, windowId, next });
        setWindowId(null);
      }
    }
  };

  const crm = available.data?.crm;
  return (
    <Stack gap="md">
      <Select
        label="Appointment type"
        placeholder={lookups.isPending ? "Loading the types…" : "Choose a type"}
        data={types.map((t) => ({ value: String(t.id), label: t.name }))}
        value={typeId ? String(typeId) : null}
        onChange={(v) => {
          setTypeId(v ? Number(v) : null);
          setWindowId(null);
          setTaken(null);
        }}
        nothingFoundMessage="No active appointment type"
        required
        comboboxProps={{ withinPortal: true }}
      />
      {types.length === 0 && lookups.isSuccess ? (
        <Text fz="sm" c="dimmed">
          This organization has no active appointment type yet; a manager sets them up.
        </Text>
      ) : null}

      {crm === "unavailable" ? (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="crm-fallback">
          {available.data?.crmMessage ?? "The CRM did not answer: showing our own capacity."}
        </Alert>
      ) : crm === "notConnected" ? (
        <Text fz="xs" c="dimmed" data-testid="crm-fallback">
          Showing our own capacity (no CRM capacity is connected).
        </Text>
      ) : null}

      {taken ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={taken.message}
          role="alert"
        >
          {nextWindows.length ? (
            <Stack gap="xs" mt="xs">
              <Text fz="sm">The next free windows:</Text>
              <Group gap="xs">
                {nextWindows.map((w) => (
                  <Button
                    key={w.id}
                    size="xs"
                    variant="light"
                    onClick={() => {
                      setWindowId(w.id);
                      setTaken(null);
                      book.reset();
                      moving.reset();
                    }}
                  >
                    {dayHeading(w.localDate)}, {windowTimes(w)}
                  </Button>
                ))}
              </Group>
            </Stack>
          ) : (
            <Text fz="sm">No other window is free for this type right now.</Text>
          )}
        </Alert>
      ) : null}

      {typeId === null ? null : available.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the free windows">
          <Skeleton height={20} width="40%" />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : available.isError ? (
        <Alert color="red" variant="light" title="Could not load the free windows">
          {errorMessage(available.error)}{" "}
          <Button variant="subtle" size="compact-sm" onClick={() => available.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : days.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconCalendarOff size={18} aria-hidden />
          <Text fz="sm">No free window for this type before the booking horizon.</Text>
        </Group>
      ) : (
        <Radio.Group
          label="Free windows"
          value={windowId ? String(windowId) : null}
          onChange={(v) => setWindowId(Number(v))}
          required
        >
          <Stack gap="md" mt="xs" mah={360} style={{ overflowY: "auto" }}>
            {days.map((d) => (
              <Stack key={d.localDate} gap={6} role="group" aria-label={dayHeading(d.localDate)}>
                <Title order={4} fz="sm">
                  {dayHeading(d.localDate)}{" "}
                  <Badge size="xs" variant="light" color="gray">
                    {d.windows.length} {d.windows.length === 1 ? "window" : "windows"}
                  </Badge>
                </Title>
                {d.windows.map((w) => (
                  <WindowChoice key={w.id} w={w} />
                ))}
              </Stack>
            ))}
          </Stack>
        </Radio.Group>
      )}

      <Textarea
        label={move ? "Reason for the move" : "Notes for the appointment"}
        placeholder={move ? "The shopper asked for another day" : "Anything the technician should know"}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
        maxLength={move ? 500 : 2000}
        autosize
        minRows={2}
      />
      {otherError ? (
        <Alert color="red" variant="light" role="alert">
          {otherError}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {onCancel ? (
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Close
          </Button>
        ) : null}
        <Button onClick={submit} loading={busy} disabled={!windowId}>
          {move ? "Move the appointment" : "Book the appointment"}
        </Button>
      </Group>
    </Stack>
  );
}
