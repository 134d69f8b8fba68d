import { Skeleton, Stack, Text, ThemeIcon, Timeline } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCheck,
  IconClockPlay,
  IconClockStop,
  IconMessage,
  IconPencil,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { LoadError } from "../../../../components/query-state";
import { formatDateTime } from "../../../../lib/dates";
import { useLookupList } from "../../../../lib/lookup-list";
import { zoneAbbreviation } from "../../../../lib/zone-abbreviation";
import { type TimeLogHistoryEntry, useTimeLogHistory } from "../api/time-logs";
import { durationText, STATE_LABEL } from "./format";

type Action = { title: string; color: string; Icon: ComponentType<{ size?: number }> };
const ACTIONS: Record<string, Action> = {
  created: { title: "Created", color: "teal", Icon: IconPlus },
  entry: { title: "Shift entered", color: "teal", Icon: IconPlus },
  punchIn: { title: "Punched in", color: "teal", Icon: IconClockPlay },
  punchOut: { title: "Punched out", color: "blue", Icon: IconClockStop },
  updated: { title: "Corrected", color: "indigo", Icon: IconPencil },
  edit: { title: "Corrected", color: "indigo", Icon: IconPencil },
  edited: { title: "Corrected", color: "indigo", Icon: IconPencil },
  flag: { title: "Flagged as a missing punch", color: "red", Icon: IconAlertTriangle },
  flagged: { title: "Flagged as a missing punch", color: "red", Icon: IconAlertTriangle },
  missing: { title: "Flagged as a missing punch", color: "red", Icon: IconAlertTriangle },
  propose: { title: "Time proposed", color: "orange", Icon: IconMessage },
  proposed: { title: "Time proposed", color: "orange", Icon: IconMessage },
  accept: { title: "Proposal accepted", color: "teal", Icon: IconCheck },
  accepted: { title: "Proposal accepted", color: "teal", Icon: IconCheck },
  deleted: { title: "Deleted", color: "red", Icon: IconTrash },
  delete: { title: "Deleted", color: "red", Icon: IconTrash },
};
const actionOf = (action: string): Action =>
  ACTIONS[action] ?? {
    title:
      action.charAt(0).toUpperCase() +
      action
        .slice(1)
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .toLowerCase(),
    color: "gray",
    Icon: IconPencil,
  };

const LABELS: Record<string, string> = {
  storeId: "Store",
  storeName: "Store",
  hoursTypeId: "Hours type",
  hoursTypeName: "Hours type",
  workDate: "Date",
  punchInAt: "Punch in",
  punchOutAt: "Punch out",
  localPunchIn: "Punch in",
  localPunchOut: "Punch out",
  minutes: "Length",
  state: "State",
  missing: "Missing",
  notes: "Notes",
  proposedInAt: "Proposed punch in",
  proposedOutAt: "Proposed punch out",
  proposedPunchIn: "Proposed punch in",
  proposedPunchOut: "Proposed punch out",
  proposedReason: "Proposal's reason",
  source: "Source",
  inDistanceMeters: "Distance at punch in",
  outDistanceMeters: "Distance at punch out",
};
/** Keys that say nothing to a reader, or repeat another (a local time beside its instant, a name beside its id). */
const SKIP = new Set([
  "id",
  "organizationId",
  "userId",
  "timeZone",
  "createdAt",
  "updatedAt",
  "createdByUserId",
  "updatedByUserId",
  "proposedAt",
  "flaggedAt",
  "inLatitude",
  "inLongitude",
  "outLatitude",
  "outLongitude",
  "localPunchIn",
  "localPunchOut",
]);

const EMPTY = "(empty)";
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A store-local date and time as the server writes it (`yyyy-MM-dd HH:mm`). */
const LOCAL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

export type Change = { key: string; label: string; before: string; after: string };

/** What one entry changed, field by field, in words; times in the log's store zone. */
export function auditChanges(
  entry: Pick<TimeLogHistoryEntry, "before" | "after">,
  timeZone: string,
  hoursTypeName: (id: number) => string | undefined = () => undefined,
): Change[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const has = (k: string) => k in before || k in after;
  const display = (key: string, value: unknown, record: Record<string, unknown>): string => {
    if (value === null || value === undefined || value === "") return EMPTY;
    if (key === "storeId") return typeof record.storeName === "string" ? record.storeName : `Store #${value}`;
    if (key === "hoursTypeId") return hoursTypeName(Number(value)) ?? `Type #${value}`;
    if (key === "state" && typeof value === "string" && value in STATE_LABEL)
      return STATE_LABEL[value as keyof typeof STATE_LABEL];
    if (key === "missing") return value === "punchIn" ? "the punch in" : "the punch out";
    if (key === "minutes" && typeof value === "number") return durationText(value);
    if (key.endsWith("DistanceMeters") && typeof value === "number")
      return `${value.toLocaleString("en-US")} m`;
    if (typeof value === "string" && INSTANT.test(value))
      return `${formatDateTime(value, timeZone)} ${zoneAbbreviation(timeZone, value)}`;
    if (typeof value === "string" && LOCAL.test(value))
      return `${value} ${zoneAbbreviation(timeZone, `${value.slice(0, 10)}T12:00:00Z`)}`;
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) =>
      !SKIP.has(k) &&
      // A name is shown with its id's change; alone (no id in the record) it stands for it.
      !((k === "storeName" && has("storeId")) || (k === "hoursTypeName" && has("hoursTypeId"))),
  );
  return keys
    .map((k) => ({
      key: k,
      label: LABELS[k] ?? k,
      before: display(k, before[k], before),
      after: display(k, after[k], after),
    }))
    .filter((c) => c.before !== c.after);
}

/**
 * A time log's audit trail, oldest first: who did what and when (in the store's zone), each field before -> after,
 * and the reason given.
 */
export function TimeLogAudit({
  userId,
  logId,
  timeZone,
}: {
  userId: number;
  logId: number;
  timeZone: string;
}) {
  const query = useTimeLogHistory({ userId, logId });
  const lookups = useLookupList();
  const hoursTypeName = (id: number) => lookups.data?.userHoursTypes.find((t) => t.id === id)?.name;

  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the history">
        <Skeleton height={16} width="60%" />
        <Skeleton height={14} width="80%" />
        <Skeleton height={16} width="50%" />
      </Stack>
    );
  const items = query.data.items;
  if (items.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        No changes recorded yet.
      </Text>
    );
  return (
    <Timeline bulletSize={26} lineWidth={2} active={items.length} aria-label="Audit trail">
      {items.map((entry) => {
        const a = actionOf(entry.action);
        const changes = auditChanges(entry, timeZone, hoursTypeName);
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
            data-testid="audit-entry"
          >
            <Text c="dimmed" fz="xs" mb={4}>
              {entry.userName ?? "System"} · {formatDateTime(entry.at, timeZone)}{" "}
              {zoneAbbreviation(timeZone, entry.at)}
            </Text>
            {changes.length ? (
              <Stack gap={2} mb={entry.reason ? 4 : 0}>
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
            {entry.reason ? (
              <Text fz="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                <Text span c="dimmed" fz="sm">
                  Reason:
                </Text>{" "}
                {entry.reason}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
