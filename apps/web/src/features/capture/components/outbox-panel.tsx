import type { ConsentDestination, DisclosureTexts } from "@fieldlead/contracts";
import { Anchor, Button, Card, Drawer, Group, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconSend } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ConfirmModal } from "../../../components/confirm-modal";
import { useCan } from "../../../lib/can";
import { formatDateTime } from "../../../lib/dates";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { useOnline } from "../../../lib/offline/online";
import { type OutboxEntry, type OutboxSent, outbox, useOutbox } from "../../../lib/offline/outbox";
import type { CaptureRequest } from "../api/capture-lead";
import { leadPath } from "./capture-success";
import { consentHeading } from "./capture-values";

type Consent = NonNullable<CaptureRequest["consents"]>[number];

/**
 * The consents of a kept capture the server will refuse: those it named (`consents.<i>.disclosureText`), and any
 * whose text is no longer the organization's current one (`current`, when read from the server on this visit).
 */
export function staleConsents(entry: OutboxEntry, current?: DisclosureTexts | null): number[] {
  const consents = ((entry.body as CaptureRequest).consents ?? []) as Consent[];
  const named = Object.keys(entry.problem?.fields ?? {}).flatMap((k) => {
    const m = /^consents\.(\d+)\./.exec(k);
    return m ? [Number(m[1])] : [];
  });
  const changed = current
    ? consents.flatMap((c, i) =>
        c.disclosureText !== undefined && c.disclosureText !== current[c.destination as ConsentDestination]
          ? [i]
          : [],
      )
    : [];
  return [...new Set([...named, ...changed])].filter((i) => i < consents.length).sort((a, b) => a - b);
}

/** The same capture without those consents: a different request, so it is sent under a new key. */
export function withoutConsents(entry: OutboxEntry, drop: number[]): CaptureRequest {
  const body = entry.body as CaptureRequest;
  return { ...body, consents: (body.consents ?? []).filter((_, i) => !drop.includes(i)) };
}

function EntryCard({
  entry,
  children,
  tone,
}: {
  entry: { summary: OutboxEntry["summary"]; queuedAt: string };
  children?: ReactNode;
  tone?: "attention";
}) {
  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      component="li"
      style={tone === "attention" ? { borderColor: "var(--mantine-color-orange-6)" } : undefined}
    >
      <Stack gap={6}>
        <div>
          <Text fw={600}>{entry.summary.title || "A shopper"}</Text>
          {entry.summary.detail ? (
            <Text fz="sm" c="dimmed">
              {entry.summary.detail}
            </Text>
          ) : null}
          <Text fz="sm" c="dimmed">
            Saved on this phone {formatDateTime(entry.queuedAt)}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = `outbox-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <Title order={3} fz="md" mb="xs" id={id}>
        {title} ({count})
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {children}
      </Stack>
    </section>
  );
}

function waitingStatus(entry: OutboxEntry, sending: boolean, online: boolean): string {
  if (sending) return "Sending…";
  if (!online) return "Waiting for a signal.";
  if (entry.problem?.status === 401) return "Sign in again to send it.";
  if (entry.problem) {
    const at = entry.nextAttemptAt ? `; next try at ${formatDateTime(entry.nextAttemptAt).slice(11)}` : "";
    return `Not sent yet: ${entry.problem.message}${at}.`.replace(/\.\./, ".");
  }
  return "Sending as soon as the server answers.";
}

function AttentionEntry({
  entry,
  disclosures,
  organizationName,
  onDiscard,
}: {
  entry: OutboxEntry;
  disclosures?: DisclosureTexts | null;
  organizationName: string;
  onDiscard: (entry: OutboxEntry) => void;
}) {
  const [busy, setBusy] = useState(false);
  const stale = entry.problem?.code === "stale_disclosure" ? staleConsents(entry, disclosures) : [];
  const consents = ((entry.body as CaptureRequest).consents ?? []) as Consent[];
  const headings = stale.map((i) => `“${consentHeading(consents[i]?.destination ?? "", organizationName)}”`);
  const act = (work: () => Promise<void>) => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  return (
    <EntryCard entry={entry} tone="attention">
      {stale.length ? (
        <>
          <Text fz="sm">
            The text of {headings.join(" and ")} changed while this lead waited on the phone. The shopper
            agreed to the earlier text, so that consent cannot be sent. Send the lead without it (nobody
            contacts the shopper on it), or discard the lead.
          </Text>
          <Group gap="xs">
            <Button
              size="sm"
              loading={busy}
              onClick={() =>
                act(() => outbox.replace(entry.id, withoutConsents(entry, stale), newIdempotencyKey()))
              }
            >
              Send without {stale.length === 1 ? "that consent" : "those consents"}
            </Button>
            <Button size="sm" variant="default" disabled={busy} onClick={() => onDiscard(entry)}>
              Discard
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text fz="sm">The server refused it: {entry.problem?.message}</Text>
          <Group gap="xs">
            <Button
              size="sm"
              variant="light"
              loading={busy}
              onClick={() => act(() => outbox.retry(entry.id))}
            >
              Try again
            </Button>
            <Button size="sm" variant="default" disabled={busy} onClick={() => onDiscard(entry)}>
              Discard
            </Button>
          </Group>
        </>
      )}
    </EntryCard>
  );
}

function SentEntry({ sent }: { sent: OutboxSent }) {
  const can = useCan();
  const { leadId, duplicateOfLeadId } = sent.result;
  return (
    <EntryCard entry={sent}>
      <Group gap={6} wrap="nowrap" c="teal.9">
        <IconCircleCheck size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text fz="sm" fw={600}>
          Sent {formatDateTime(sent.sentAt)}
          {leadId !== null ? ": " : ""}
          {leadId !== null ? (
            can("leads.read") ? (
              <Anchor component={Link} to={leadPath(leadId)} fz="sm" fw={600} underline="always">
                lead #{leadId}
              </Anchor>
            ) : (
              `lead #${leadId}`
            )
          ) : null}
        </Text>
      </Group>
      {duplicateOfLeadId !== null ? (
        <Text fz="sm" c="dimmed">
          Linked to lead #{duplicateOfLeadId} as a duplicate.
        </Text>
      ) : null}
    </EntryCard>
  );
}

/** The leads kept on this phone: waiting to send, needing a decision, and the last ones sent. */
export function OutboxDrawer({
  opened,
  onClose,
  disclosures,
  organizationName = "",
}: {
  opened: boolean;
  onClose: () => void;
  /** The consent texts as the server has them now (null: not read on this visit). */
  disclosures?: DisclosureTexts | null;
  organizationName?: string;
}) {
  const box = useOutbox();
  const online = useOnline();
  const wide = useMediaQuery("(min-width: 48em)", true);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const sending = box.sendingId !== null;

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        title="Leads on this phone"
        position={wide ? "right" : "bottom"}
        size={wide ? "md" : "85%"}
        closeButtonProps={{ "aria-label": "Close the leads on this phone" }}
      >
        <Stack gap="lg">
          <Text fz="sm" c="dimmed">
            {online
              ? "Sent one at a time as soon as the server answers. A lead is never sent twice."
              : "Offline: leads are kept on this phone and sent when the signal returns."}
          </Text>
          {online && box.waiting.length > 0 ? (
            <Button
              leftSection={<IconSend size={18} aria-hidden />}
              loading={sending}
              onClick={() => void outbox.flush({ force: true })}
            >
              Send now
            </Button>
          ) : null}
          {box.attention.length ? (
            <Section title="Needs attention" count={box.attention.length}>
              {box.attention.map((e) => (
                <AttentionEntry
                  key={e.id}
                  entry={e}
                  disclosures={disclosures}
                  organizationName={organizationName}
                  onDiscard={setDiscarding}
                />
              ))}
            </Section>
          ) : null}
          <Section title="Waiting to send" count={box.waiting.length}>
            {box.waiting.length ? (
              box.waiting.map((e) => (
                <EntryCard key={e.id} entry={e}>
                  <Group gap={6} wrap="nowrap">
                    <IconClockHour4 size={16} aria-hidden style={{ flexShrink: 0 }} />
                    <Text fz="sm">{waitingStatus(e, box.sendingId === e.id, online)}</Text>
                  </Group>
                </EntryCard>
              ))
            ) : (
              <Text component="li" fz="sm" c="dimmed">
                Nothing is waiting.
              </Text>
            )}
          </Section>
          {box.elsewhere.length ? (
            <Group gap={6} wrap="nowrap">
              <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text fz="sm">
                {box.elsewhere.length} more {box.elsewhere.length === 1 ? "lead waits" : "leads wait"} for
                another of your organizations: switch to it to send{" "}
                {box.elsewhere.length === 1 ? "it" : "them"}.
              </Text>
            </Group>
          ) : null}
          <Section title="Sent" count={box.sent.length}>
            {box.sent.length ? (
              box.sent.map((s) => <SentEntry key={s.id} sent={s} />)
            ) : (
              <Text component="li" fz="sm" c="dimmed">
                None sent from this phone yet.
              </Text>
            )}
          </Section>
        </Stack>
      </Drawer>
      <ConfirmModal
        opened={discarding !== null}
        title="Discard this lead?"
        confirmLabel="Discard lead"
        onClose={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void outbox.discard(discarding.id);
          setDiscarding(null);
        }}
      >
        {`The lead for ${discarding?.summary.title || "this shopper"} is deleted from this phone and never sent. This cannot be undone.`}
      </ConfirmModal>
    </>
  );
}
