import type { CaptureEntryItem, CaptureEntryPage } from "@fieldlead/contracts";
import { Anchor, Badge, Button, Text } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { reasonName, sourceName, zoneAbbreviation } from "./lead-names";

const OUTCOME: Record<CaptureEntryItem["outcome"], { label: string; color: string }> = {
  lead: { label: "Lead", color: "teal" },
  duplicate: { label: "Duplicate", color: "orange" },
  rejected: { label: "Rejected", color: "red" },
  invalid: { label: "Invalid", color: "gray" },
};

/** The raw submissions of the capture and QR forms, with what each became. */
export function CaptureEntriesTable({
  data,
  loading,
  fetching,
  error,
  onRetry,
  page,
  pageSize,
  sort,
  onPageChange,
  onPageSizeChange,
  onSortChange,
  onOpenLead,
  onOpenEntry,
  filtered,
}: {
  data: CaptureEntryPage | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  pageSize: number;
  sort: { by: string; direction: "asc" | "desc" };
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onSortChange: (by: string, direction: "asc" | "desc") => void;
  onOpenLead: (id: number, source: string) => void;
  onOpenEntry: (entry: CaptureEntryItem) => void;
  filtered: boolean;
}) {
  const columns: DataTableColumn<CaptureEntryItem>[] = [
    {
      key: "receivedAt",
      header: "Received",
      sortKey: "receivedAt",
      render: (e) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {e.receivedAtLocal}{" "}
          <Text span fz="xs" c="dimmed">
            {zoneAbbreviation(e.timeZone, e.receivedAt)}
          </Text>
        </Text>
      ),
    },
    {
      key: "source",
      header: "Source",
      render: (e) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {sourceName(e.source)}
        </Text>
      ),
    },
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
    { key: "store", header: "Store", render: (e) => e.storeName },
    { key: "by", header: "Submitted by", visibleFrom: "sm", render: (e) => e.leadGeneratorName },
    {
      key: "message",
      header: "Message",
      visibleFrom: "md",
      render: (e) => (
        <Text fz="sm" c="dimmed" lineClamp={2} maw={280}>
          {e.message ?? reasonName(e.rejectionReason)}
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
    <DataTable<CaptureEntryItem>
      label="Capture entries"
      columns={columns}
      rows={data?.items}
      rowKey={(e) => e.id}
      total={data?.total}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      sort={sort}
      onSortChange={(s) => onSortChange(s.by, s.direction)}
      loading={loading}
      fetching={fetching}
      error={error}
      onRetry={onRetry}
      minWidth={860}
      empty={{
        title: filtered ? "No entries match these filters" : "No capture entries yet",
        description: "Every submission of the capture and QR forms is kept here exactly as it was sent.",
        icon: <IconInbox size={26} stroke={1.6} />,
      }}
    />
  );
}
