import { formatHoursMinutes, type HoursPostingItem } from "@fieldlead/contracts";
import { Group, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "../../../../components/data-table";
import { ExportButtons } from "../../../../components/export-buttons";
import { formatDateTime } from "../../../../lib/dates";
import { periodText, plural } from "../../components/format";
import { exportPayroll, useHoursPostings } from "../api/hours";

/**
 * The posted pay periods, newest first, a page at a time (the people and hours of the caller's scope), each with its
 * payroll file as CSV or Excel.
 */
export function PostingsList() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const query = useHoursPostings({ page, pageSize });

  const columns: DataTableColumn<HoursPostingItem>[] = [
    {
      key: "period",
      header: "Period",
      skeletonWidth: 160,
      render: (p) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <IconLock size={14} aria-hidden />
            <Text fz="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
              {periodText(p)}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed">
            Posting {p.id}
            {p.note ? ` · ${p.note}` : ""}
          </Text>
          <Text fz="xs" c="dimmed" hiddenFrom="sm">
            {plural(p.peopleCount, "person", "people")} · {formatHoursMinutes(p.totalMinutes)}
          </Text>
        </Stack>
      ),
    },
    {
      key: "postedAt",
      header: "Posted",
      visibleFrom: "md",
      skeletonWidth: 140,
      render: (p) => (
        <Stack gap={0}>
          <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
            {formatDateTime(p.postedAt)}
          </Text>
          {p.postedByName ? (
            <Text fz="xs" c="dimmed">
              by {p.postedByName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "people",
      header: "People",
      visibleFrom: "sm",
      align: "right",
      width: 80,
      skeletonWidth: 30,
      render: (p) => <Text fz="sm">{p.peopleCount.toLocaleString("en-US")}</Text>,
    },
    {
      key: "hours",
      header: "Hours",
      visibleFrom: "sm",
      align: "right",
      width: 100,
      skeletonWidth: 50,
      render: (p) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {formatHoursMinutes(p.totalMinutes)}
        </Text>
      ),
    },
    {
      key: "payroll",
      header: "Payroll file",
      align: "right",
      skeletonWidth: 120,
      render: (p) => (
        <Group
          gap={6}
          justify="flex-end"
          wrap="nowrap"
          aria-label={`Payroll file of posting ${p.id}`}
          role="group"
        >
          <ExportButtons onExport={(format) => exportPayroll(p.id, format)} />
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      label="Postings"
      columns={columns}
      rows={query.data?.items}
      total={query.data?.total}
      rowKey={(p) => p.id}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      loading={query.isPending}
      fetching={query.isFetching && query.isPlaceholderData}
      error={query.error}
      onRetry={() => void query.refetch()}
      minWidth={0}
      empty={{
        title: "Nothing posted yet",
        description: "Post hours for a pay period: its payroll file is then here.",
        icon: <IconLock size={26} stroke={1.6} aria-hidden />,
      }}
    />
  );
}
