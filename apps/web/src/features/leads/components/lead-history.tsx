import type { LeadHistoryAction, LeadHistoryEntry } from "@fieldlead/contracts";
import { Stack, Text, ThemeIcon, Timeline } from "@mantine/core";
import {
  IconArrowBackUp,
  IconArrowRight,
  IconBan,
  IconCurrencyDollar,
  IconPencil,
  IconPlus,
  IconRestore,
  IconSend,
  IconTrash,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { formatDateTime } from "../../../lib/dates";
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
};

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
  if (entry.action === "created") return [];
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
            <Text c="dimmed" fz="xs" mb={changes.length ? 6 : 0}>
              {entry.userName ?? "System"} · {formatDateTime(entry.at, timeZone)}{" "}
              {zoneAbbreviation(timeZone, entry.at)}
            </Text>
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
