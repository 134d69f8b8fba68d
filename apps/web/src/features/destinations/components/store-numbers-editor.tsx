import { appApi } from "@fieldlead/contracts/routes";
import { Group, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "../../../components/query-state";
import { SearchInput } from "../../../components/search-input";
import { optionPageBody, optionPageQuery } from "../../../lib/option-search";
import type { FormValues, RetailerValues } from "./destination-values";

/** Stores shown at a time: the organization may have hundreds. */
const STORES_PER_PAGE = 12;

/**
 * Each of the organization's stores with the retailer's warehouse number for it (`settings.storeNumbers`, by our
 * store id), found a page at a time through the store search every picker uses. A store left blank is not mapped.
 */
export function StoreNumbersEditor({ form }: { form: UseFormReturnType<FormValues> }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query = useQuery(
    optionPageQuery(appApi.storeOptions, { ...optionPageBody({}, search, STORES_PER_PAGE), page }),
  );
  const numbers = (form.values.settings as RetailerValues).storeNumbers;
  const mapped = Object.values(numbers).filter((n) => n.trim() !== "").length;
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / STORES_PER_PAGE));
  const wrongElsewhere = Object.keys(form.errors).filter(
    (k) =>
      k.startsWith("settings.storeNumbers.") &&
      !query.data?.items.some((s) => k === `settings.storeNumbers.${s.id}`),
  ).length;

  return (
    <Stack gap="xs" role="group" aria-labelledby="store-numbers-heading">
      <Title order={3} fz="sm" id="store-numbers-heading">
        Warehouse numbers
      </Title>
      <Text fz="sm" c="dimmed">
        The retailer's warehouse number for each of your stores.{" "}
        {mapped === 1 ? "1 store has one." : `${mapped} stores have one.`} A store left blank is sent without
        it.
      </Text>
      <SearchInput
        label="Find a store"
        placeholder="Name, number, address or city"
        value={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        maw={360}
      />
      {wrongElsewhere ? (
        <Text fz="sm" c="red" role="alert">
          {wrongElsewhere === 1
            ? "A store on another page has a number to fix."
            : `${wrongElsewhere} stores on other pages have a number to fix.`}
        </Text>
      ) : null}
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-busy="true" aria-label="Loading the stores">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={58} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.data.items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {search ? "No store matches these words." : "The organization has no store yet."}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          data-testid="store-numbers"
        >
          {query.data.items.map((store) => (
            <TextInput
              key={store.id}
              label={store.name}
              description={[store.address, store.city].filter(Boolean).join(", ") || undefined}
              placeholder="Warehouse number"
              maxLength={30}
              value={numbers[String(store.id)] ?? ""}
              error={form.errors[`settings.storeNumbers.${store.id}`]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                form.setFieldValue("settings", {
                  ...form.values.settings,
                  storeNumbers: { ...numbers, [String(store.id)]: value },
                } as RetailerValues);
                form.clearFieldError(`settings.storeNumbers.${store.id}`);
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            getControlProps={(control) =>
              control === "previous"
                ? { "aria-label": "Previous stores" }
                : control === "next"
                  ? { "aria-label": "Next stores" }
                  : {}
            }
            getItemProps={(p) => ({ "aria-label": `Stores page ${p}` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
