import type { LeadUpsertResponse } from "@fieldlead/contracts";
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconCalendarPlus,
  IconCircleCheck,
  IconCopy,
  IconDeviceMobileDown,
  IconExternalLink,
  IconPlus,
} from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useCan } from "../../../lib/can";
import { useOnline } from "../../../lib/offline/online";
import { type OutboxEntry, useOutbox } from "../../../lib/offline/outbox";
import { zoneAbbreviation } from "../../../lib/zone-abbreviation";
import { outboxLabel } from "./outbox-button";

/** The booking panel loads when "Book an appointment" is pressed, never with the capture screen (decision 0029). */
const BookingModal = lazy(() => import("../../../components/booking/booking-modal"));

/**
 * "Book an appointment" for the lead just saved: needs a signal (availability and the booking are live); offline
 * it says so. Booked, it says when.
 */
function BookNext({ leadId, leadName }: { leadId: number; leadName: string }) {
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState<string | null>(null);
  if (booked)
    return (
      <Text fz="sm" c="teal" fw={600} role="status">
        Booked: {booked}
      </Text>
    );
  return (
    <>
      <Button
        variant="light"
        size="md"
        fullWidth
        leftSection={<IconCalendarPlus size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        disabled={!online}
      >
        Book an appointment
      </Button>
      {!online ? (
        <Text fz="xs" c="dimmed">
          You can book once you are back online.
        </Text>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <BookingModal
            opened
            leadId={leadId}
            leadName={leadName}
            onClose={() => setOpen(false)}
            onDone={(a) => {
              setOpen(false);
              setBooked(`${a.appointmentTypeName}, ${a.localDate} ${a.startTime}`);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Where a saved lead opens: the leads screen with its drawer open. */
export const leadPath = (leadId: number) => `/leads?lead=${leadId}`;

function Panel({
  icon,
  color,
  title,
  children,
  actions,
  testId,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  testId: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius={72} color={color} variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} fz={24} ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          {title}
        </Title>
        {children}
        <Stack gap="sm" w="100%" mt="sm">
          {actions}
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * The clear "it is saved" state after a capture, with the next steps: the next shopper first (the lead generator
 * is at the store), then booking the shopper an appointment, then the lead just saved.
 */
export function CaptureSuccess({ result, onAnother }: { result: LeadUpsertResponse; onAnother: () => void }) {
  const lead = result.lead;
  const can = useCan();
  return (
    <Panel
      testId="capture-success"
      color="teal"
      icon={<IconCircleCheck size={44} stroke={1.6} aria-hidden />}
      title="Lead saved"
      actions={
        <>
          <Button size="lg" fullWidth leftSection={<IconPlus size={20} />} onClick={onAnother} data-autofocus>
            Capture another
          </Button>
          {lead && can("appointments.book") ? (
            <BookNext leadId={lead.id} leadName={`${lead.firstName} ${lead.lastName}`} />
          ) : null}
          {lead && can("leads.read") ? (
            <Button
              component={Link}
              to={leadPath(lead.id)}
              variant="default"
              size="md"
              fullWidth
              leftSection={<IconExternalLink size={18} aria-hidden />}
            >
              View the lead
            </Button>
          ) : null}
        </>
      }
    >
      {lead ? (
        <Stack gap={4} align="center">
          <Text fw={600} fz="lg">
            {lead.firstName} {lead.lastName}
          </Text>
          <Text c="dimmed" fz="sm">
            Lead #{lead.id} · {lead.serviceTypeName} · {lead.storeName}
          </Text>
          <Text c="dimmed" fz="sm">
            Captured {lead.capturedAtLocal} {zoneAbbreviation(lead.timeZone, lead.capturedAt)}
          </Text>
        </Stack>
      ) : null}
      {result.isDuplicate && result.duplicateOf ? (
        <Group gap={6} wrap="nowrap" c="orange" justify="center">
          <IconCopy size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" fw={600}>
            Linked to lead #{result.duplicateOf.leadId} as a duplicate
          </Text>
        </Group>
      ) : null}
    </Panel>
  );
}

/**
 * After a capture with no signal: the lead is on the phone, and is sent when the signal returns. Once the outbox
 * has sent it (while this panel is open), it says so, with the lead's number.
 */
export function CaptureKept({
  entry,
  onAnother,
  onShowOutbox,
}: {
  entry: OutboxEntry;
  onAnother: () => void;
  onShowOutbox: () => void;
}) {
  const box = useOutbox();
  const can = useCan();
  const sent = box.sent.find((s) => s.id === entry.id);
  const leadId = sent?.result.leadId ?? null;
  return (
    <Panel
      testId="capture-kept"
      color={sent ? "teal" : "indigo"}
      icon={
        sent ? (
          <IconCircleCheck size={44} stroke={1.6} aria-hidden />
        ) : (
          <IconDeviceMobileDown size={40} stroke={1.6} aria-hidden />
        )
      }
      title={sent ? "Lead sent" : "Saved on this phone"}
      actions={
        <>
          <Button size="lg" fullWidth leftSection={<IconPlus size={20} />} onClick={onAnother} data-autofocus>
            Capture another
          </Button>
          {leadId !== null && can("leads.read") ? (
            <Button
              component={Link}
              to={leadPath(leadId)}
              variant="default"
              size="md"
              fullWidth
              leftSection={<IconExternalLink size={18} aria-hidden />}
            >
              View the lead
            </Button>
          ) : (
            <Button variant="default" size="md" fullWidth onClick={onShowOutbox}>
              {outboxLabel(box) || "Leads on this phone"}
            </Button>
          )}
        </>
      }
    >
      <Stack gap={4} align="center">
        <Text fw={600} fz="lg">
          {entry.summary.title}
        </Text>
        {entry.summary.detail ? (
          <Text c="dimmed" fz="sm">
            {entry.summary.detail}
          </Text>
        ) : null}
      </Stack>
      <Text fz="sm" maw={420} aria-live="polite" data-testid="capture-kept-status">
        {sent
          ? `Sent${leadId !== null ? ` as lead #${leadId}` : ""}: the signal came back.`
          : "No signal right now. The lead is kept on this phone and sent by itself when the signal returns, only once."}
      </Text>
    </Panel>
  );
}
