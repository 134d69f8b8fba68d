import type { CaptureEntryItem } from "@fieldlead/contracts";
import { Anchor, Badge, Button, Text } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import type { DataTableColumn } from "../../../components/data-table";
import { ListTable, type ListTableProps } from "../../../components/list-table";
import { leadGeneratorColumn, sourceColumn, storeColumn, storeTimeColumn } from "./lead-columns";
import { reasonName } from "./lead-names";

const OUTCOME: Record<CaptureEntryItem["outcome"], { label: string; color: string }> = {
  lead: { label: "Lead", color: "teal" },
  duplicate: { label: "Duplicate", color: "orange" },
  rejected: { label: "Rejected", color: "red" },
  invalid: { label: "Invalid", color: "gray" },
};

const KEPT_AS_SENT = "Every submission of the capture and QR forms is kept here exactly as it was sent.";

/** The raw submissions of the capture and QR forms, with what each became. */
export function CaptureEntriesTable({
  onOpenLead,
  onOpenEntry,
  filtered,
  ...table
}: ListTableProps<CaptureEntryItem> & {
  onOpenLead: (id: number, source: string) => void;
  onOpenEntry: (entry: CaptureEntryItem) => void;
}) {
  const columns: DataTableColumn<CaptureEntryItem>[] = [
    storeTimeColumn({
      key: "receivedAt",
      header: "Received",
      sortKey: "receivedAt",
      time: (e) => ({ local: e.receivedAtLocal, at: e.receivedAt }),
    }),
    sourceColumn(),
    {
      key: "outcome",
      header: "Outcome",
      render: (e) => (
        <Badge color={OUTCOME[e.outcome].color} variant="light">
          {OUTCOME[e.outcome].label}
        </Badge>
      ),
    },
    {
      key: "lead",
      header: "Lead",
      render: (e) =>
        e.leadId ? (
          <Anchor component="button" type="button" fz="sm" onClick={() => onOpenLead(e.leadId!, e.source)}>
            #{e.leadId}
          </Anchor>
        ) : (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    storeColumn(),
    leadGeneratorColumn({ key: "by", header: "Submitted by", visibleFrom: "sm" }),
    {
      key: "message",
      header: "Message",
      visibleFrom: "md",
      render: (e) => (
        <Text fz="sm" c="dimmed" lineClamp={2} maw={280}>
          {e.message || reasonName(e.rejectionReason) || "—"}
        </Text>
      ),
    },
    {
      key: "view",
      header: "",
      align: "right",
      render: (e) => (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => onOpenEntry(e)}
          aria-label={`View entry ${e.id}`}
        >
          View
        </Button>
      ),
    },
  ];
  return (
    <ListTable<CaptureEntryItem>
      {...table}
      filtered={filtered}
      label="Capture entries"
      columns={columns}
      rowKey={(e) => e.id}
      minWidth={860}
      empty={{
        filtered: {
          title: "No entries match these filters",
          description: KEPT_AS_SENT,
          icon: <IconInbox size={26} stroke={1.6} />,
        },
        none: {
          title: "No capture entries yet",
          description: KEPT_AS_SENT,
          icon: <IconInbox size={26} stroke={1.6} />,
        },
      }}
    />
  );
}
