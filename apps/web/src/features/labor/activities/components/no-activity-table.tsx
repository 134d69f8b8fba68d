import { NO_ACTIVITY_UPDATE_MAX, type NoActivityRow } from "@fieldlead/contracts";
import { Badge, Button, Checkbox, Group, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCalendarOff, IconDeviceFloppy } from "@tabler/icons-react";
import { useState } from "react";
import type { DataTableColumn } from "../../../../components/data-table";
import { ListTable, type ListTableProps } from "../../../../components/list-table";
import { FormError } from "../../../../components/query-state";
import { errorMessage } from "../../../../lib/api-error";
import { useSetNoActivityReasons } from "../api/activities";

/** A row's identity: a person and a date (a period row is dated the period's first day). */
export const rowKey = (r: Pick<NoActivityRow, "userId" | "workDate" | "kind">) =>
  `${r.userId}|${r.workDate}|${r.kind}`;

/** "Alex Park, 2026-11-20" or "Alex Park, the whole period". */
const rowName = (r: NoActivityRow) =>
  `${r.userName}, ${r.kind === "period" ? "the whole period" : r.workDate}`;

type Edit = { row: NoActivityRow; reasonId: number | null };

/** What a day was: worked, scheduled, both; or nothing at all in the period. */
function DayKind({ r }: { r: NoActivityRow }) {
  if (r.kind === "period")
    return (
      <Badge size="sm" variant="light" color="gray">
        No activity in the period
      </Badge>
    );
  return (
    <Group gap={4} wrap="wrap">
      {r.worked ? (
        <Badge size="sm" variant="light" color="teal">
          Worked
        </Badge>
      ) : null}
      {r.scheduled ? (
        <Badge size="sm" variant="light" color="blue">
          Scheduled
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The no-activity rows with the reason editor: a reason per row (cleared to take it off), rows selected and given
 * one reason together, and one Save for every change (one call, one transaction). Changes wait on screen, across
 * pages, until saved or discarded. Read-only callers see the reasons.
 */
export function NoActivityTable({
  canEdit,
  reasons,
  ...list
}: ListTableProps<NoActivityRow> & {
  canEdit: boolean;
  /** The `userReasons` list. */
  reasons: readonly { id: number; name: string }[];
}) {
  const save = useSetNoActivityReasons();
  const [edits, setEdits] = useState<ReadonlyMap<string, Edit>>(new Map());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkReason, setBulkReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = list.data?.items ?? [];
  const options = reasons.map((r) => ({ value: String(r.id), label: r.name }));

  const reasonOf = (r: NoActivityRow) => {
    const edit = edits.get(rowKey(r));
    return edit ? edit.reasonId : r.reasonId;
  };
  const setReason = (changes: NoActivityRow[], reasonId: number | null) => {
    const next = new Map(edits);
    for (const r of changes) {
      if (reasonId === r.reasonId) next.delete(rowKey(r));
      else next.set(rowKey(r), { row: r, reasonId });
    }
    setEdits(next);
  };
  const select = (keys: string[], on: boolean) => {
    const next = new Set(selected);
    for (const k of keys) on ? next.add(k) : next.delete(k);
    setSelected(next);
  };
  const chosen = rows.filter((r) => selected.has(rowKey(r)));
  const all = rows.length > 0 && chosen.length === rows.length;

  const applyToSelected = () => {
    if (!bulkReason || chosen.length === 0) return;
    setReason(chosen, Number(bulkReason));
    setSelected(new Set());
    setBulkReason(null);
  };

  const saveAll = () => {
    const items = [...edits.values()].slice(0, NO_ACTIVITY_UPDATE_MAX).map(({ row, reasonId }) => ({
      userId: row.userId,
      // A period row's reason is kept on the day it was recorded; a new one on the row's date.
      workDate: row.reasonDate ?? row.workDate,
      reasonId,
    }));
    setError(null);
    save.mutate(
      { items },
      {
        onSuccess: ({ saved, cleared }) => {
          const parts = [];
          if (saved) parts.push(`${saved} ${saved === 1 ? "reason" : "reasons"} recorded`);
          if (cleared) parts.push(`${cleared} cleared`);
          notifications.show({ color: "teal", message: `${parts.join(", ") || "Nothing changed"}.` });
          setEdits(new Map());
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  const columns: DataTableColumn<NoActivityRow>[] = [];
  if (canEdit)
    columns.push({
      key: "select",
      header: (
        <Checkbox
          aria-label="Select every row on this page"
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          disabled={rows.length === 0}
          onChange={() => select(rows.map(rowKey), !all)}
        />
      ),
      width: 44,
      skeletonWidth: 18,
      render: (r) => (
        <Checkbox
          aria-label={`Select ${rowName(r)}`}
          checked={selected.has(rowKey(r))}
          onChange={(e) => select([rowKey(r)], e.currentTarget.checked)}
        />
      ),
    });
  columns.push(
    {
      key: "userName",
      header: "Person",
      sortKey: "userName",
      skeletonWidth: 130,
      render: (r) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600}>
            {r.userName}
          </Text>
          <Text fz="xs" c="dimmed" hiddenFrom="sm">
            {r.kind === "period" ? "Nothing in the period" : r.workDate}
          </Text>
        </Stack>
      ),
    },
    {
      key: "workDate",
      header: "Date",
      sortKey: "workDate",
      visibleFrom: "sm",
      skeletonWidth: 80,
      render: (r) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {r.kind === "period" ? `From ${r.workDate}` : r.workDate}
        </Text>
      ),
    },
    {
      key: "kind",
      header: "Day",
      visibleFrom: "md",
      skeletonWidth: 80,
      render: (r) => <DayKind r={r} />,
    },
    {
      key: "stores",
      header: "Stores",
      visibleFrom: "lg",
      skeletonWidth: 110,
      render: (r) => (
        <Text fz="sm" c={r.storeNames.length ? undefined : "dimmed"}>
          {r.storeNames.join(", ") || "—"}
        </Text>
      ),
    },
    {
      key: "reasonName",
      header: "Reason",
      sortKey: "reasonName",
      minWidth: 150,
      skeletonWidth: 110,
      render: (r) => {
        const value = reasonOf(r);
        const changed = edits.has(rowKey(r));
        if (!canEdit)
          return (
            <Stack gap={0}>
              <Text fz="sm" c={r.reasonName ? undefined : "dimmed"}>
                {r.reasonName ?? "No reason yet"}
              </Text>
              {r.notes ? (
                <Text fz="xs" c="dimmed">
                  {r.notes}
                </Text>
              ) : null}
            </Stack>
          );
        return (
          <Stack gap={2}>
            <Select
              aria-label={`Reason for ${rowName(r)}`}
              placeholder="No reason yet"
              data={options}
              value={value === null ? null : String(value)}
              onChange={(v) => setReason([r], v === null ? null : Number(v))}
              clearable
              size="xs"
              comboboxProps={{ withinPortal: true }}
              styles={changed ? { input: { borderColor: "var(--mantine-color-orange-6)" } } : undefined}
            />
            {r.recordedByName && !changed ? (
              <Text fz="xs" c="dimmed" visibleFrom="sm">
                by {r.recordedByName}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
  );

  return (
    <Stack gap="sm">
      {canEdit ? (
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Reason for the selected rows"
              description={chosen.length ? `${chosen.length} selected` : "Select rows first"}
              placeholder="Choose a reason"
              data={options}
              value={bulkReason}
              onChange={setBulkReason}
              disabled={chosen.length === 0}
              comboboxProps={{ withinPortal: true }}
              w={220}
            />
            <Button variant="default" disabled={chosen.length === 0 || !bulkReason} onClick={applyToSelected}>
              Apply
            </Button>
          </Group>
          <Group gap="sm">
            {edits.size ? (
              <Button variant="subtle" onClick={() => setEdits(new Map())} disabled={save.isPending}>
                Discard
              </Button>
            ) : null}
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              disabled={edits.size === 0}
              loading={save.isPending}
              onClick={saveAll}
            >
              {edits.size ? `Save ${edits.size} ${edits.size === 1 ? "change" : "changes"}` : "Save"}
            </Button>
          </Group>
        </Group>
      ) : null}
      {error ? <FormError>{error}</FormError> : null}
      <ListTable
        {...list}
        label="No activity"
        columns={columns}
        rowKey={rowKey}
        minWidth={0}
        empty={{
          filtered: {
            title: "No one matches these filters",
            description: "Try another period, more people or every reason.",
            icon: <IconCalendarOff size={26} stroke={1.6} aria-hidden />,
          },
          none: {
            title: "Everyone logged something",
            description: "Every day worked or scheduled in this period has an activity.",
            icon: <IconCalendarOff size={26} stroke={1.6} aria-hidden />,
          },
        }}
      />
    </Stack>
  );
}
