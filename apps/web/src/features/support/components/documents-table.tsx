import type { DocumentItem } from "@fieldlead/contracts";
import { ActionIcon, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconDownload, IconEye, IconFileText, IconPencil, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { actionsColumn, type queryTableState, RowActionIcon } from "../../../components/list-table";
import { formatDay } from "../../../lib/dates";
import { fileTypeLabel, formatBytes } from "./file-kinds";

type TableState = ReturnType<typeof queryTableState<DocumentItem>>;

const typeOf = (d: DocumentItem) => fileTypeLabel(d.file.contentType, d.file.fileName);
const updatedOf = (d: DocumentItem) =>
  d.updatedByName ? `${formatDay(d.updatedAt)} by ${d.updatedByName}` : formatDay(d.updatedAt);

/**
 * One page of documents: title and description, type, size, when and by whom it changed, and the row's actions:
 * Preview (types a browser shows), Download (the list's link; the server names the file), and for managers Edit and
 * Delete. On a phone the title's cell carries the type, size and date.
 */
export function DocumentsTable({
  label,
  state,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  canManage,
  empty,
  onPreview,
  onEdit,
  onDelete,
}: {
  label: string;
  state: TableState;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  canManage: boolean;
  empty: { title: string; description?: ReactNode; action?: ReactNode };
  onPreview: (d: DocumentItem) => void;
  onEdit: (d: DocumentItem) => void;
  onDelete: (d: DocumentItem) => void;
}) {
  const columns: DataTableColumn<DocumentItem>[] = [
    {
      key: "title",
      header: "Title",
      skeletonWidth: 180,
      render: (d) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {d.title}
          </Text>
          {d.description ? (
            <Text
              fz="sm"
              c="dimmed"
              style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}
              lineClamp={3}
            >
              {d.description}
            </Text>
          ) : null}
          <Text fz="xs" c="dimmed" hiddenFrom="sm">
            {typeOf(d)} · {formatBytes(d.file.sizeBytes)} · {updatedOf(d)}
          </Text>
        </Stack>
      ),
    },
    {
      key: "type",
      header: "Type",
      visibleFrom: "sm",
      skeletonWidth: 70,
      render: (d) => <Text fz="sm">{typeOf(d)}</Text>,
    },
    {
      key: "size",
      header: "Size",
      visibleFrom: "sm",
      align: "right",
      width: 96,
      skeletonWidth: 50,
      render: (d) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {formatBytes(d.file.sizeBytes)}
        </Text>
      ),
    },
    {
      key: "updated",
      header: "Updated",
      visibleFrom: "md",
      skeletonWidth: 120,
      render: (d) => (
        <Stack gap={0}>
          <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
            <time dateTime={d.updatedAt}>{formatDay(d.updatedAt)}</time>
          </Text>
          {d.updatedByName ? (
            <Text fz="xs" c="dimmed">
              by {d.updatedByName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    actionsColumn(canManage ? 136 : 72, (d) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {d.file.previewUrl ? (
          <RowActionIcon
            label="Preview"
            name={d.title}
            icon={<IconEye size={18} aria-hidden />}
            onClick={() => onPreview(d)}
          />
        ) : null}
        <Tooltip label="Download">
          <ActionIcon
            component="a"
            href={d.file.downloadUrl}
            download
            variant="subtle"
            aria-label={`Download ${d.title}`}
          >
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {canManage ? (
          <>
            <RowActionIcon
              label="Edit"
              name={d.title}
              icon={<IconPencil size={18} aria-hidden />}
              onClick={() => onEdit(d)}
            />
            <RowActionIcon
              label="Delete"
              name={d.title}
              icon={<IconTrash size={18} aria-hidden />}
              onClick={() => onDelete(d)}
            />
          </>
        ) : null}
      </Group>
    )),
  ];

  return (
    <DataTable
      label={label}
      columns={columns}
      rows={state.data?.items}
      total={state.data?.total}
      rowKey={(d) => d.id}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      loading={state.loading}
      fetching={state.fetching}
      error={state.error}
      onRetry={state.onRetry}
      minWidth={0}
      empty={{ ...empty, icon: <IconFileText size={26} stroke={1.6} aria-hidden /> }}
    />
  );
}
