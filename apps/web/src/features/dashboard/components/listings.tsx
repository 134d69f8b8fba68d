import { FUNNEL_COLUMNS, FUNNEL_SORT_KEYS, type FunnelRow, type FunnelSortKey } from "@fieldlead/contracts";
import { Group, Tabs, Title, VisuallyHidden } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { FunnelTable, type FunnelTableProps } from "../../../components/analytics/funnel-table";
import type { SortDirection } from "../../../components/data-table";
import { ExportButtons } from "../../../components/export-buttons";
import { SearchInput } from "../../../components/search-input";
import { choiceParam, intParam, named, textParam, useListParams } from "../../../lib/list-params";
import {
  exportDashboardStores,
  type ListingRequest,
  type PeriodRequest,
  periodBodyOf,
  useDashboardStores,
  useDashboardUsers,
} from "../api/dashboard";
import { type Person, TimeLogsDrawer } from "./time-logs-drawer";

const TABS = ["stores", "users"] as const;
type Tab = (typeof TABS)[number];

/**
 * The listing's tab, page, order and search, in the address. `page` is the analytics filter's own (a new period or
 * territory goes back to the first page); switching tabs starts the other listing afresh (a store's name is no
 * search for a person). A module constant: the hook compares codecs by identity.
 */
const LISTING_PARAMS = {
  tab: choiceParam(TABS, "stores"),
  page: intParam(1),
  // An overview: ten rows unless more are asked for.
  pageSize: named("size", intParam(10, 1, 200)),
  sortBy: choiceParam(FUNNEL_SORT_KEYS, "leads"),
  sortDirection: choiceParam(["asc", "desc"] as const, "desc"),
  search: named("q", textParam()),
};

const PAGE_SIZES = [10, 25, 50, 100] as const;

const STORE_COLUMNS = [
  FUNNEL_COLUMNS.leads,
  FUNNEL_COLUMNS.appointmentsSet,
  FUNNEL_COLUMNS.sold,
  FUNNEL_COLUMNS.revenue,
];

const EMPTY = {
  stores: {
    none: {
      title: "No store had leads in this period",
      description: "Choose a longer period or another territory.",
    },
    search: { title: "No store by that name", description: "Check the spelling, or clear the search." },
  },
  users: {
    none: {
      title: "No lead generator worked in this period",
      description: "Choose a longer period or another territory.",
    },
    search: { title: "No one by that name", description: "Check the spelling, or clear the search." },
  },
} as const;

/** The request of the listing on screen: the period, the territory (all of them for 0), its search, page and order. */
function requestOf(
  period: PeriodRequest,
  territoryId: number,
  p: { page: number; pageSize: number; sortBy: FunnelSortKey; sortDirection: "asc" | "desc"; search: string },
): ListingRequest {
  return {
    ...periodBodyOf(period),
    ...(territoryId ? { territoryIds: [territoryId] } : {}),
    ...(p.search ? { search: p.search } : {}),
    page: p.page,
    pageSize: p.pageSize,
    sortBy: p.sortBy,
    sortDirection: p.sortDirection,
  };
}

type ListingParams = ReturnType<typeof useListParams<typeof LISTING_PARAMS>>;

type ListingQuery = ReturnType<typeof useDashboardStores>;

/** What both listings give their table: the query's rows and state, and the page and order from the address. */
function listingTableProps(query: ListingQuery, [params, setParams]: ListingParams) {
  return {
    rows: query.data?.items,
    totals: query.data?.totals,
    total: query.data?.total,
    page: params.page,
    pageSize: params.pageSize,
    onPageChange: (page: number) => setParams({ page }),
    onPageSizeChange: (pageSize: number) => setParams({ pageSize }),
    pageSizes: PAGE_SIZES,
    sortBy: params.sortBy,
    sortDirection: params.sortDirection,
    onSort: (sortBy: string, sortDirection: SortDirection) =>
      setParams({ sortBy: sortBy as FunnelSortKey, sortDirection }),
    loading: query.isPending,
    fetching: query.isFetching && query.isPlaceholderData,
    error: query.error,
    onRetry: () => void query.refetch(),
  } satisfies Partial<FunnelTableProps<FunnelRow>>;
}

function StoresListing({ query, list }: { query: ListingQuery; list: ListingParams }) {
  const [params] = list;
  return (
    <FunnelTable<FunnelRow>
      label="Stores"
      rowLabel="Store"
      columns={STORE_COLUMNS}
      {...listingTableProps(query, list)}
      empty={params.search ? EMPTY.stores.search : EMPTY.stores.none}
    />
  );
}

const USER_COLUMNS = [...STORE_COLUMNS, FUNNEL_COLUMNS.hoursWorked];

/**
 * The lead generators with their counts and hours, and the totals of everyone in the listing. A name opens that
 * person's time logs of the period (a row with no one behind it has none to open).
 */
function UsersListing({
  query,
  list,
  onOpen,
}: {
  query: ListingQuery;
  list: ListingParams;
  onOpen: (person: Person) => void;
}) {
  const [params] = list;
  return (
    <FunnelTable<FunnelRow>
      label="Lead generators"
      rowLabel="Lead generator"
      columns={USER_COLUMNS}
      {...listingTableProps(query, list)}
      empty={{
        ...(params.search ? EMPTY.users.search : EMPTY.users.none),
        icon: <IconUsers size={26} stroke={1.6} aria-hidden />,
      }}
      onOpen={(r) => onOpen({ id: r.id as number, name: r.name })}
      openLabel={(r) => `Time logs of ${r.name}`}
      canOpen={(r) => r.id !== null}
    />
  );
}

/**
 * The stores and the lead generators of the period and territory, in two tabs: each searched, sorted and paged on
 * the server; the stores exported whole (every page, the same search and order) as Excel or CSV.
 */
export function Listings({ territoryId, period }: { territoryId: number; period: PeriodRequest }) {
  const list = useListParams(LISTING_PARAMS);
  const [params, setParams] = list;
  const [person, setPerson] = useState<Person | null>(null);
  const body = useMemo(() => requestOf(period, territoryId, params), [period, territoryId, params]);
  // Only the tab on screen asks the server.
  const stores = useDashboardStores(body, params.tab === "stores");
  const users = useDashboardUsers(body, params.tab === "users");

  const switchTab = (tab: string | null) => {
    if (!tab || tab === params.tab) return;
    setParams({
      tab: tab as Tab,
      search: "",
      sortBy: LISTING_PARAMS.sortBy.fallback,
      sortDirection: LISTING_PARAMS.sortDirection.fallback,
    });
  };

  return (
    <section aria-labelledby="dashboard-listings">
      <VisuallyHidden>
        <Title order={2} id="dashboard-listings">
          Stores and lead generators
        </Title>
      </VisuallyHidden>
      <Tabs value={params.tab} onChange={switchTab} keepMounted={false}>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap" mb="sm">
          <Tabs.List aria-labelledby="dashboard-listings">
            <Tabs.Tab value="stores">Stores</Tabs.Tab>
            <Tabs.Tab value="users">Lead generators</Tabs.Tab>
          </Tabs.List>
          <Group gap="sm" align="flex-end" justify="flex-end" wrap="wrap" style={{ flex: "1 1 300px" }}>
            <SearchInput
              key={params.tab}
              aria-label={params.tab === "stores" ? "Search stores" : "Search lead generators"}
              placeholder={params.tab === "stores" ? "Store name" : "Name"}
              value={params.search}
              onSearch={(search) => setParams({ search })}
              w={{ base: "100%", xs: 240 }}
            />
            {params.tab === "stores" ? (
              <ExportButtons
                formats={["xlsx", "csv"]}
                disabled={!stores.data || stores.data.total === 0}
                onExport={(format) =>
                  exportDashboardStores(
                    {
                      period,
                      territoryId,
                      search: params.search,
                      sortBy: params.sortBy,
                      sortDirection: params.sortDirection,
                    },
                    format,
                  )
                }
              />
            ) : null}
          </Group>
        </Group>
        <Tabs.Panel value="stores">
          <StoresListing query={stores} list={list} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <UsersListing query={users} list={list} onOpen={setPerson} />
        </Tabs.Panel>
      </Tabs>
      <TimeLogsDrawer person={person} period={period} onClose={() => setPerson(null)} />
    </section>
  );
}
