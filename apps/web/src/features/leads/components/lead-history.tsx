import type { LeadHistoryAction, LeadHistoryEntry } from "@fieldlead/contracts";
import { Button, Group, Stack, Text, Textarea, ThemeIcon, Timeline } from "@mantine/core";
import {
  IconArrowBackUp,
  IconArrowRight,
  IconBan,
  IconCurrencyDollar,
  IconNote,
  IconPencil,
  IconPlus,
  IconRestore,
  IconSend,
  IconTrash,
} from "@tabler/icons-react";
import { type ComponentType, type FormEvent, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/dates";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { useAddLeadNote } from "../api/add-note";
import { destinationName, type LeadNames, reasonName, zoneAbbreviation } from "./lead-names";

const ACTIONS: Record<
  LeadHistoryAction,
  { title: string; color: string; Icon: ComponentType<{ size?: number }> }
> = {
  created: { title: "Lead captured", color: "teal", Icon: IconPlus },
  updated: { title: "Edited", color: "indigo", Icon: IconPencil },
  status: { title: "Status changed", color: "blue", Icon: IconArrowRight },
  rejected: { title: "Rejected", color: "red", Icon: IconBan },
  unrejected: { title: "Restored from Rejected", color: "teal", Icon: IconArrowBackUp },
  deleted: { title: "Deleted", color: "red", Icon: IconTrash },
  restored: { title: "Restored", color: "teal", Icon: IconRestore },
  sent: { title: "Sent", color: "cyan", Icon: IconSend },
  revenue: { title: "Revenue recorded", color: "grape", Icon: IconCurrencyDollar },
  note: { title: "Note", color: "gray", Icon: IconNote },
};

/** The longest note the server takes (`LEAD_NOTE_MAX_LENGTH` of the contracts; the web loads no schemas). */
const NOTE_MAX_LENGTH = 2000;

/** A note entry's text (`after.text`), or null for any other entry. */
export function noteText(entry: LeadHistoryEntry): string | null {
  if (entry.action !== "note") return null;
  const text = entry.after?.text;
  return typeof text === "string" ? text : null;
}

const LABELS: Record<string, string> = {
  status: "Status",
  rejectionReason: "Reason",
  firstName: "First name",
  lastName: "Last name",
  phone: "Phone",
  email: "Email",
  address: "Address",
  city: "City",
  state: "State",
  zip: "ZIP code",
  languageId: "Language",
  notes: "Notes",
  storeId: "Store",
  territoryId: "Territory",
  leadGeneratorId: "Lead generator",
  serviceTypeId: "Service type",
  duplicateOfLeadId: "Duplicate of",
  hdsfiGroupId: "Program group",
  hdJobTypeId: "Job type",
  centahServiceId: "Service",
  centahAdCodeId: "Ad code",
  externalReference: "Program reference",
  deletedAt: "Deleted",
  revenue: "Revenue",
  capturedAt: "Captured",
};
/** Keys that repeat another one in words (`statusId` beside `status`) or that say nothing to a reader. */
const SKIP = new Set(["statusId", "answers", "consents"]);

type Change = { key: string; label: string; before: string; after: string };
const EMPTY = "(empty)";

function display(key: string, value: unknown, names: LeadNames, timeZone: string): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  const id = typeof value === "number" ? value : null;
  switch (key) {
    case "storeId":
      return names.store(id);
    case "territoryId":
      return names.territory(id);
    case "leadGeneratorId":
      return names.generator(id);
    case "serviceTypeId":
      return names.serviceType(id);
    case "languageId":
      return names.language(id);
    case "hdsfiGroupId":
      return names.program("hdsfiGroup", id);
    case "hdJobTypeId":
      return names.program("hdJobType", id);
    case "centahServiceId":
      return names.program("centahServiceId", id);
    case "centahAdCodeId":
      return names.program("centahAdCode", id);
    case "rejectionReason":
      return reasonName(String(value));
    case "duplicateOfLeadId":
      return `Lead #${value}`;
    case "deletedAt":
    case "capturedAt":
      return `${formatDateTime(String(value), timeZone)} ${zoneAbbreviation(timeZone, String(value))}`;
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

function answerText(questionId: number, value: unknown, names: LeadNames): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length))
    return EMPTY;
  const q = names.question(questionId);
  const choice = (id: unknown) => q?.responses.find((r) => r.id === id)?.text ?? `#${String(id)}`;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map(choice).join(", ");
  if (q?.responses.length && typeof value === "number") return choice(value);
  return String(value);
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** What one history entry changed, field by field, in words. */
export function historyChanges(entry: LeadHistoryEntry, names: LeadNames, timeZone: string): Change[] {
  if (entry.action === "created" || entry.action === "note") return [];
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !SKIP.has(k));
  const out: Change[] = keys.map((k) => ({
    key: k,
    label: LABELS[k] ?? k,
    before: display(k, before[k], names, timeZone),
    after: display(k, after[k], names, timeZone),
  }));
  const answersBefore = record(before.answers);
  const answersAfter = record(after.answers);
  for (const qid of new Set([...Object.keys(answersBefore), ...Object.keys(answersAfter)])) {
    if (JSON.stringify(answersBefore[qid]) === JSON.stringify(answersAfter[qid])) continue;
    const id = Number(qid);
    out.push({
      key: `answer-${qid}`,
      label: names.question(id)?.text ?? `Question ${qid}`,
      before: answerText(id, answersBefore[qid], names),
      after: answerText(id, answersAfter[qid], names),
    });
  }
  const consentsAfter = record(after.consents);
  for (const dest of Object.keys(consentsAfter)) {
    const given = record(consentsAfter[dest]);
    out.push({
      key: `consent-${dest}`,
      label: `Consent: ${destinationName(dest)}`,
      before: record(before.consents)[dest] ? "given earlier" : "not given",
      after: given.acceptedAt
        ? `accepted ${display("capturedAt", given.acceptedAt, names, timeZone)}`
        : "given",
    });
  }
  return out.filter((c) => c.before !== c.after);
}

/** The lead's story, newest first: who did what, when (on the store's clock), before -> after. */
export function LeadHistory({
  history,
  timeZone,
  names,
}: {
  history: LeadHistoryEntry[];
  timeZone: string;
  names: LeadNames;
}) {
  if (history.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No changes recorded yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={26} lineWidth={2} active={history.length} aria-label="History">
      {history.map((entry) => {
        const a = ACTIONS[entry.action] ?? ACTIONS.updated;
        const changes = historyChanges(entry, names, timeZone);
        const note = noteText(entry);
        return (
          <Timeline.Item
            key={entry.id}
            color={a.color}
            bullet={
              <ThemeIcon size={26} radius="xl" color={a.color}>
                <a.Icon size={14} />
              </ThemeIcon>
            }
            title={
              <Text fw={600} fz="sm">
                {a.title}
              </Text>
            }
            data-testid="history-entry"
          >
            <Text c="dimmed" fz="xs" mb={changes.length || note !== null ? 6 : 0}>
              {entry.userName ?? "System"} · {formatDateTime(entry.at, timeZone)}{" "}
              {zoneAbbreviation(timeZone, entry.at)}
            </Text>
            {note !== null ? (
              <Text fz="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {note}
              </Text>
            ) : null}
            {changes.length ? (
              <Stack gap={2}>
                {changes.map((c) => (
                  <Text key={c.key} fz="sm" style={{ overflowWrap: "anywhere" }}>
                    <Text span c="dimmed" fz="sm">
                      {c.label}:
                    </Text>{" "}
                    <Text span fz="sm" c={c.before === EMPTY ? "dimmed" : undefined}>
                      {c.before}
                    </Text>{" "}
                    <Text span c="dimmed" fz="sm" aria-label="changed to">
                      →
                    </Text>{" "}
                    <Text span fz="sm" fw={500} c={c.after === EMPTY ? "dimmed" : undefined}>
                      {c.after}
                    </Text>
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/**
 * The notes box: a note goes into the lead's history with its author and time, on top of the history at once.
 * One Idempotency-Key per note: sending the same words again after a failure reuses it, so a save whose answer
 * was lost adds the note once; other words make a new key.
 */
export function LeadNoteForm({ leadId }: { leadId: number }) {
  const add = useAddLeadNote();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<{ text: string; key: string } | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (add.isPending) return;
    const note = text.trim();
    if (!note) return setError("Write the note before adding it");
    if (note.length > NOTE_MAX_LENGTH)
      return setError(`Keep the note to ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`);
    if (pending.current?.text !== note) pending.current = { text: note, key: newIdempotencyKey() };
    setError(null);
    add.mutate(
      { leadId, text: note, idempotencyKey: pending.current.key },
      {
        onSuccess: () => {
          pending.current = null;
          setText("");
        },
        onError: (err) =>
          setError(err instanceof ApiError ? (err.fieldError("text") ?? err.message) : String(err)),
      },
    );
  };

  const over = text.trim().length > NOTE_MAX_LENGTH;
  return (
    <form onSubmit={submit} aria-label="Add a note" noValidate>
      <Stack gap="xs">
        <Textarea
          label="Add a note"
          description={`Kept in the history with your name and the time.${
            text.length > NOTE_MAX_LENGTH - 200
              ? ` ${text.trim().length.toLocaleString("en-US")} of ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters.`
              : ""
          }`}
          placeholder="Called, left a voicemail…"
          autosize
          minRows={2}
          maxRows={8}
          value={text}
          readOnly={add.isPending}
          error={
            error ?? (over ? `Keep the note to ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters` : null)
          }
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            // Ctrl+Enter (Cmd+Enter on a Mac) adds the note from the keyboard without leaving the box.
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit();
          }}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconNote size={16} />}
            loading={add.isPending}
          >
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
