import { STORE_SORT_KEYS, type StoreDetail, type StoreSearchRequest } from "@fieldlead/contracts";
import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { SortState } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import {
  choiceParam,
  flagParam,
  idsParam,
  intParam,
  textParam,
  textsParam,
  useListParams,
} from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import { storeKeys, useStores } from "../api/search-stores";
import { canEditStores } from "../components/store-access";
import { StoreDrawer, type StoreDrawerTarget } from "../components/store-drawer";
import { StoresFilters } from "../components/stores-filters";
import { StoresTable } from "../components/stores-table";

// Module constants: the list hook compares them by identity.
const PARAMS = {
  page: intParam(1),
  pageSize: intParam(25),
  sortBy: choiceParam(STORE_SORT_KEYS, "name"),
  sortDirection: choiceParam(["asc", "desc"] as const, "asc"),
  search: textParam(),
  brandIds: idsParam(),
  territoryIds: idsParam(),
  states: textsParam(),
  isActive: flagParam(true),
};

export function StoresPage() {
  const me = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useListParams(PARAMS);
  const [drawer, setDrawer] = useState<StoreDrawerTarget>(null);
  const canEdit = canEditStores(me);

  const request: StoreSearchRequest = {
    page: params.page,
    pageSize: params.pageSize,
    sortBy: params.sortBy,
    sortDirection: params.sortDirection,
    search: params.search || undefined,
    brandIds: params.brandIds.length ? params.brandIds : undefined,
    territoryIds: params.territoryIds.length ? params.territoryIds : undefined,
    states: params.states.length ? params.states : undefined,
    isActive: params.isActive,
  };
  const query = useStores(request);
  const filtered =
    !!params.search ||
    params.brandIds.length + params.territoryIds.length + params.states.length > 0 ||
    params.isActive !== true;

  const edit = (store: StoreDetail) => {
    // The row already holds the whole store: the form opens filled, without waiting.
    queryClient.setQueryData(storeKeys.detail(store.id), (old: StoreDetail | undefined) => old ?? store);
    setDrawer({ storeId: store.id });
  };

  const newStoreButton = canEdit ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ storeId: null })}>
      New store
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Stores"
        description="The retail stores where your lead generators work, by territory."
        actions={newStoreButton}
      />
      <StoresFilters value={params} onChange={setParams} />
      <StoresTable
        data={query.data}
        loading={query.isPending}
        fetching={query.isFetching && query.isPlaceholderData}
        error={query.error}
        onRetry={() => query.refetch()}
        page={params.page}
        pageSize={params.pageSize}
        sort={{ by: params.sortBy, direction: params.sortDirection }}
        onPageChange={(page) => setParams({ page })}
        onPageSizeChange={(pageSize) => setParams({ pageSize })}
        onSortChange={(s: SortState) =>
          setParams({ sortBy: s.by as (typeof STORE_SORT_KEYS)[number], sortDirection: s.direction })
        }
        onEdit={edit}
        canEdit={canEdit}
        filtered={filtered}
        emptyAction={newStoreButton}
      />
      <StoreDrawer target={drawer} onClose={() => setDrawer(null)} readOnly={!canEdit} />
    </>
  );
}
