import {
  type CaptureEntryItem,
  isLeadGeneratorRole,
  LEAD_SEARCH_COUNT_CAP,
  programOf,
  reachOf,
} from "@fieldlead/contracts";
import { Alert, ScrollArea, Tabs, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import type { SortState } from "../../../components/data-table";
import { ExportButtons } from "../../../components/export-buttons";
import { queryTableState } from "../../../components/list-table";
import { PageHeader } from "../../../components/page-header";
import { useCan } from "../../../lib/can";
import { useSession } from "../../../lib/session";
import {
  exportSearch,
  type LeadListTabId,
  type LeadTabId,
  useCaptureSearch,
  useLeadSearch,
} from "../api/search-leads";
import { CaptureEntriesTable } from "../components/capture-entries-table";
import { CaptureEntryDrawer } from "../components/capture-entry-drawer";
import { LeadFilters } from "../components/lead-filters";
import { useLeadNames } from "../components/lead-names";
import { LeadsTable } from "../components/leads-table";
import { usePageCursors } from "../components/page-cursors";
import {
  activeFilterCount,
  captureSearchBody,
  leadSearchBody,
  tabsFor,
  useLeadSearchState,
} from "../components/search-state";

// The drawer (details, history, editing, actions) loads with the first lead opened, not with the list
// (docs/decisions/0029); once loaded it stays mounted, so it slides out and in again.
const LeadDrawer = lazy(async () => ({ default: (await import("../components/lead-drawer")).LeadDrawer }));

/** /leads: find any lead, open its whole story and work it. */
export function LeadsPage() {
  const user = useSession();
  const can = useCan();
  const program = user ? programOf(user) : null;
  const tabs = useMemo(() => tabsFor(program), [program]);
  const search = useLeadSearchState(tabs);
  const { state } = search;
  const names = useLeadNames();
  const [entry, setEntry] = useState<CaptureEntryItem | null>(null);
  const [drawerWanted, setDrawerWanted] = useState(search.leadId !== null);
  useEffect(() => {
    if (search.leadId !== null) setDrawerWanted(true);
  }, [search.leadId]);

  const capture = state.tab === "capture";
  const leadSearch = useMemo(() => leadSearchBody(state), [state]);
  // The next page goes by the cursor of the page before when the table has it (page-cursors.ts), else by number.
  const searchKey = useMemo(() => {
    const { page: _, ...search } = leadSearch;
    return JSON.stringify([state.tab, search]);
  }, [state.tab, leadSearch]);
  const cursors = usePageCursors(searchKey);
  const after = capture ? undefined : cursors.cursorOf(state.page);
  const leadBody = useMemo(() => (after ? { ...leadSearch, after } : leadSearch), [leadSearch, after]);
  const captureBody = useMemo(() => captureSearchBody(state), [state]);
  const leads = useLeadSearch(state.tab as LeadListTabId, leadBody, !capture);
  const { remember } = cursors;
  const answer = leads.isPlaceholderData ? undefined : leads.data;
  useEffect(() => {
    if (answer) remember(searchKey, answer.page + 1, answer.nextCursor);
  }, [answer, searchKey, remember]);
  // A cursor the server refuses (made before a change of the cursors, say): the page goes by its number.
  const refused = leads.isError && after !== undefined;
  useEffect(() => {
    if (refused) remember(searchKey, state.page, null);
  }, [refused, searchKey, state.page, remember]);
  const entries = useCaptureSearch(captureBody, capture);
  const current = capture ? entries : leads;
  const filtered = activeFilterCount(state.filters) > 0;
  const capped = current.data?.totalCapped ?? false;
  // Only an Admin sees and restores deleted leads; the rest of a lead's actions follow the server's flags on it.
  const canRestoreDeleted = can("leads.restore");
  const noExport = current.isPending || (current.data?.total ?? 0) === 0;

  // The paging, sort and filters both tables share.
  const paging = {
    page: state.page,
    pageSize: state.pageSize,
    sort: { by: state.sortBy, direction: state.sortDirection },
    onPageChange: search.setPage,
    onPageSizeChange: search.setPageSize,
    onSortChange: (sort: SortState) => search.setSort(sort.by, sort.direction),
    filtered,
  };
  const tabLabel = tabs.find((t) => t.id === state.tab)?.label ?? "Leads";

  return (
    <>
      <PageHeader
        title="Leads"
        description="Find any lead, open its whole story, and work it."
        actions={
          <ExportButtons
            disabled={noExport}
            onExport={(format) => exportSearch(state.tab, capture ? captureBody : leadSearch, format)}
          />
        }
      />

      {tabs.length > 1 ? (
        <Tabs
          value={state.tab}
          onChange={(v) => v && search.setTab(v as LeadTabId)}
          mb="md"
          keepMounted={false}
        >
          <ScrollArea type="never" offsetScrollbars={false}>
            <Tabs.List style={{ flexWrap: "nowrap" }}>
              {tabs.map((t) => (
                <Tabs.Tab key={t.id} value={t.id} style={{ whiteSpace: "nowrap" }}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
        </Tabs>
      ) : (
        <Text fw={600} mb="sm">
          {tabLabel}
        </Text>
      )}

      <LeadFilters
        key={state.tab}
        tab={state.tab}
        filters={state.filters}
        onChange={search.setFilters}
        onClear={search.clearFilters}
        canSeeDeleted={canRestoreDeleted}
        hideLeadGenerator={!!user && isLeadGeneratorRole(user.roleId)}
      />

      {capped ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="sm" py="xs">
          More than {LEAD_SEARCH_COUNT_CAP.toLocaleString("en-US")} leads match: the first{" "}
          {LEAD_SEARCH_COUNT_CAP.toLocaleString("en-US")} are listed. Narrow the search, or export it.
        </Alert>
      ) : null}

      {capture ? (
        <CaptureEntriesTable
          {...queryTableState(entries)}
          {...paging}
          onOpenLead={(id, source) => search.openLead(id, source === "app" ? "internal" : "external")}
          onOpenEntry={setEntry}
        />
      ) : (
        <LeadsTable
          tab={state.tab as LeadListTabId}
          label={`${tabLabel} leads`}
          {...queryTableState(leads)}
          {...paging}
          names={names}
          onOpen={search.openLead}
          ownLeadsOnly={!!user && reachOf(user) === "self"}
        />
      )}

      {drawerWanted ? (
        <Suspense fallback={null}>
          <LeadDrawer
            leadId={search.leadId}
            kind={search.leadKind}
            canRestoreDeleted={canRestoreDeleted}
            onClose={search.closeLead}
            onOpenLead={search.openLead}
          />
        </Suspense>
      ) : null}
      <CaptureEntryDrawer entry={entry} onClose={() => setEntry(null)} />
    </>
  );
}
