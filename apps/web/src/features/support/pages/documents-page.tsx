import type { DocumentItem, DocumentKind } from "@fieldlead/contracts";
import { Box, Button, Group, Tabs } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconUpload } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { queryTableState } from "../../../components/list-table";
import { PageHeader } from "../../../components/page-header";
import { SearchInput } from "../../../components/search-input";
import { errorMessage } from "../../../lib/api-error";
import { choiceParam, intParam, named, textParam, useListParams } from "../../../lib/list-params";
import { type DocumentListRequest, useDeleteDocument, useDocuments } from "../api/documents";
import { DocumentModal } from "../components/document-modal";
import { DocumentsTable } from "../components/documents-table";
import { PreviewModal } from "../components/preview-modal";

const TABS = ["service-provider", "product"] as const;
type Tab = (typeof TABS)[number];
const KIND_OF: Record<Tab, DocumentKind> = { "service-provider": "serviceProvider", product: "product" };

// A module constant: the list hook compares it by identity. The tab, its page and its search live in the address.
const PARAMS = {
  tab: choiceParam(TABS, "service-provider"),
  page: intParam(1),
  pageSize: named("size", intParam(25, 1, 200)),
  search: textParam(),
};

const TAB_TEXT: Record<DocumentKind, { label: string; table: string; nobody: string }> = {
  serviceProvider: {
    label: "Service provider",
    table: "Service-provider documents",
    nobody: "Your organization's Admins add documents here.",
  },
  product: {
    label: "Product",
    table: "Product documents",
    nobody: "Documents about the product show here when they are added.",
  },
};

type Editing = { document: DocumentItem | null } | null;

function UploadButton({ onClick }: { onClick: () => void }) {
  return (
    <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={onClick}>
      Upload document
    </Button>
  );
}

/** One kind's documents: the search, the upload button for those who manage them, and the table. */
function DocumentsTab({
  kind,
  onEdit,
  onDelete,
  onPreview,
}: {
  kind: DocumentKind;
  onEdit: (editing: Editing) => void;
  onDelete: (d: DocumentItem) => void;
  onPreview: (d: DocumentItem) => void;
}) {
  const [params, setParams] = useListParams(PARAMS);
  const body = useMemo<DocumentListRequest>(
    () => ({
      page: params.page,
      pageSize: params.pageSize,
      ...(params.search ? { search: params.search } : {}),
    }),
    [params.page, params.pageSize, params.search],
  );
  const query = useDocuments(kind, body);
  const canManage = query.data?.canManage ?? false;
  const text = TAB_TEXT[kind];
  const upload = () => onEdit({ document: null });

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Box style={{ flex: "1 1 240px", maxWidth: 420 }}>
          <SearchInput
            label="Search"
            placeholder="Title or description"
            value={params.search}
            onSearch={(search) => setParams({ search })}
          />
        </Box>
        {canManage ? <UploadButton onClick={upload} /> : null}
      </Group>
      <DocumentsTable
        label={text.table}
        state={queryTableState(query)}
        page={params.page}
        pageSize={params.pageSize}
        onPageChange={(page) => setParams({ page })}
        onPageSizeChange={(pageSize) => setParams({ pageSize })}
        canManage={canManage}
        empty={
          params.search
            ? { title: `No document matches “${params.search}”`, description: "Try other words." }
            : {
                title: "No documents yet",
                description: canManage
                  ? "Upload the first one: a PDF, an image, an Office file or a text file."
                  : text.nobody,
                action: canManage ? <UploadButton onClick={upload} /> : undefined,
              }
        }
        onPreview={onPreview}
        onEdit={(document) => onEdit({ document })}
        onDelete={onDelete}
      />
    </>
  );
}

/**
 * /support/documents (docs/decisions/0041-notifications-and-support.md): the organization's service-provider
 * documents and the platform's product documents, to read in place and download; Admins manage the first, Super
 * Admins the second (the list says which: `canManage`).
 */
export function DocumentsPage() {
  const [{ tab }, setParams] = useListParams(PARAMS);
  const kind = KIND_OF[tab];
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const [preview, setPreview] = useState<DocumentItem | null>(null);
  const remove = useDeleteDocument();

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, title } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `“${title}” was deleted.` });
        setDeleting(null);
      },
      onError: (err) => {
        notifications.show({ color: "red", title: "Could not delete", message: errorMessage(err) });
        setDeleting(null);
      },
    });
  };

  const tabProps = {
    onEdit: setEditing,
    onDelete: setDeleting,
    onPreview: setPreview,
  };
  return (
    <>
      <PageHeader
        title="Documents"
        description="Guides, forms and product sheets to read here or download."
      />
      <Tabs
        value={tab}
        // Another tab starts on its first page with no search.
        onChange={(v) => setParams({ tab: (v ?? "service-provider") as Tab, search: "" })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="service-provider">{TAB_TEXT.serviceProvider.label}</Tabs.Tab>
          <Tabs.Tab value="product">{TAB_TEXT.product.label}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="service-provider">
          <DocumentsTab kind="serviceProvider" {...tabProps} />
        </Tabs.Panel>
        <Tabs.Panel value="product">
          <DocumentsTab kind="product" {...tabProps} />
        </Tabs.Panel>
      </Tabs>
      <DocumentModal
        opened={editing !== null}
        kind={kind}
        document={editing?.document ?? null}
        onClose={() => setEditing(null)}
      />
      <PreviewModal document={preview} onClose={() => setPreview(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={deleting ? `Delete “${deleting.title}”?` : "Delete this document?"}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting
          ? `“${deleting.title}” (${deleting.file.fileName}) is deleted for everyone who reads these documents. This cannot be undone.`
          : ""}
      </ConfirmModal>
    </>
  );
}
