import { STORE_SORT_KEYS, type StoreDetail } from "@fieldlead/contracts";
import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { listPageParams, useListPage } from "../../../components/use-list-page";
import { useCan } from "../../../lib/can";
import { flagParam, idsParam, textParam, textsParam } from "../../../lib/list-params";
import { storeDetailKey } from "../api/get-store";
import { useStores } from "../api/search-stores";
import { StoreDrawer, type StoreDrawerTarget } from "../components/store-drawer";
import { StoresFilters } from "../components/stores-filters";
import { StoresTable } from "../components/stores-table";

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(STORE_SORT_KEYS, "name"),
  search: textParam(),
  brandIds: idsParam(),
  territoryIds: idsParam(),
  states: textsParam(),
  isActive: flagParam(true),
};

/**
 * The organization's stores. Managers add and change them; field marketing managers, schedulers and analysts
 * read them (no new, edit or empty-list buttons).
 */
export function StoresPage() {
  const queryClient = useQueryClient();
  const list = useListPage(PARAMS);
  const [drawer, setDrawer] = useState<StoreDrawerTarget>(null);
  const canEdit = useCan()("stores.edit");
  const query = useStores(list.request);

  const edit = (store: StoreDetail) => {
    // The row already holds the whole store: the form opens filled, without waiting.
    queryClient.setQueryData(storeDetailKey(store.id), (old: StoreDetail | undefined) => old ?? store);
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
      <StoresFilters
        value={list.params}
        onChange={list.setParams}
        activeCount={list.filterCount}
        onClear={list.clearFilters}
      />
      <StoresTable {...list.tableProps(query)} onEdit={edit} canEdit={canEdit} emptyAction={newStoreButton} />
      <StoreDrawer target={drawer} onClose={() => setDrawer(null)} readOnly={!canEdit} />
    </>
  );
}
