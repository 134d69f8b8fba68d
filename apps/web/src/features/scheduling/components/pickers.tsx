import { appApi } from "@fieldlead/contracts/routes";
import { Select, SimpleGrid } from "@mantine/core";
import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";
import { SearchSelect } from "../../../components/search-select";
import { useLookupList } from "../../../lib/lookup-list";

const idParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * The appointment type and store a scheduling screen shows, kept in the address (`?type=3&store=12`) so a
 * reload or a shared link opens the same. The first active type is chosen when none is.
 */
export function usePlaceParams() {
  const [params, setParams] = useSearchParams();
  const lookups = useLookupList();
  const types = lookups.data?.scheduleAppointmentTypes ?? [];
  const typeId = idParam(params.get("type"));
  const storeId = idParam(params.get("store"));
  const set = useCallback(
    (key: "type" | "store", value: number | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value === null) next.delete(key);
          else next.set(key, String(value));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const firstType = types[0]?.id ?? null;
  useEffect(() => {
    if (typeId === null && firstType !== null) set("type", firstType);
  }, [typeId, firstType, set]);
  return {
    types,
    typesLoading: lookups.isPending,
    typeId,
    storeId,
    setTypeId: (id: number | null) => set("type", id),
    setStoreId: (id: number | null) => set("store", id),
  };
}

export function PlacePickers({
  place,
  storePlaceholder,
}: {
  place: ReturnType<typeof usePlaceParams>;
  storePlaceholder: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="md" maw={720}>
      <Select<number>
        label="Appointment type"
        placeholder={place.typesLoading ? "Loading…" : "Choose a type"}
        data={place.types.map((t) => ({ value: t.id, label: t.name }))}
        value={place.typeId}
        onChange={(v) => place.setTypeId(v)}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No active appointment type"
        comboboxProps={{ withinPortal: true }}
      />
      <SearchSelect
        endpoint={appApi.storeOptions}
        label="Store"
        placeholder={storePlaceholder}
        clearable
        nothingFoundMessage="No store by that name"
        value={place.storeId}
        onChange={(v) => place.setStoreId(v)}
      />
    </SimpleGrid>
  );
}
