import { DATE_RANGE_OPTIONS } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  MultiSelect,
  type MultiSelectProps,
  Select,
  SimpleGrid,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconFilterOff } from "@tabler/icons-react";
import { type ReactNode, useCallback, useMemo } from "react";
import { formatDay } from "../../lib/dates";
import { dateParam, idsParam, intParam, type ListParams, named, useListParams } from "../../lib/list-params";
import { useLookupList } from "../../lib/lookup-list";
import type { OptionEndpoint } from "../../lib/option-search";
import { DateRangeField } from "../date-range-field";
import { SearchMultiSelect } from "../search-multi-select";

// The filter every dashboard, chart and report screen shares (docs/decisions/0042): the period and the lists that
// narrow it, kept in the address bar so a reload, Back or a shared link shows the same numbers. The address uses
// the Leads screen's short names (`?range=6&territory=3&store=12&lg=8`), so a number and the leads behind it read
// the same link.

/** This Month: the period of every analytics call that names none. */
export const DEFAULT_DATE_RANGE = 5;

/** How the analytics filter is kept in the address (lib/list-params.ts codecs; a module constant). */
export const ANALYTICS_FILTER_PARAMS = {
  /** A named range, 1 (Today) to 10 (Year Before Last); ignored while custom dates are set. */
  dateRange: named("range", intParam(DEFAULT_DATE_RANGE, 1, 10)),
  /** Custom dates: both set, they are the period. */
  startDate: named("from", dateParam()),
  endDate: named("to", dateParam()),
  territoryIds: named("territory", idsParam()),
  storeIds: named("store", idsParam()),
  leadGeneratorIds: named("lg", idsParam()),
  appointmentTypeIds: named("type", idsParam()),
};
export type AnalyticsFilterParams = ListParams<typeof ANALYTICS_FILTER_PARAMS>;

// The filter's own reads and writes also name the page: changing a filter goes back to the first page of a
// paged screen (`?page=`), as every list does.
const CODECS = { ...ANALYTICS_FILTER_PARAMS, page: intParam(1) };

/** The filters a screen offers, in the order they are drawn. */
export type AnalyticsFilterField =
  | "period"
  | "territories"
  | "stores"
  | "leadGenerators"
  | "appointmentTypes";
export const ANALYTICS_FILTER_FIELDS: readonly AnalyticsFilterField[] = [
  "period",
  "territories",
  "stores",
  "leadGenerators",
  "appointmentTypes",
];

/** What a screen sends of the filter: the period (named or custom dates) and the lists in use. */
export type AnalyticsFilter = {
  dateRange?: number;
  startDate?: string;
  endDate?: string;
  territoryIds?: number[];
  storeIds?: number[];
  leadGeneratorIds?: number[];
  appointmentTypeIds?: number[];
};

const LIST_OF: Record<
  Exclude<AnalyticsFilterField, "period">,
  keyof AnalyticsFilter & keyof AnalyticsFilterParams
> = {
  territories: "territoryIds",
  stores: "storeIds",
  leadGenerators: "leadGeneratorIds",
  appointmentTypes: "appointmentTypeIds",
};

/** Custom dates are in use when both are set. */
export const isCustomPeriod = (p: Pick<AnalyticsFilterParams, "startDate" | "endDate">) =>
  p.startDate !== null && p.endDate !== null;

/**
 * The request part of the filter from the address: custom dates or the named range (This Month by default, sent
 * as such), and each list of the screen's fields in use. Lists the screen does not offer stay out, whatever the
 * address says, so a number never depends on a filter the screen does not show.
 */
export function toAnalyticsFilter(
  params: AnalyticsFilterParams,
  fields: readonly AnalyticsFilterField[] = ANALYTICS_FILTER_FIELDS,
): AnalyticsFilter {
  const filter: AnalyticsFilter =
    isCustomPeriod(params) && fields.includes("period")
      ? { startDate: params.startDate as string, endDate: params.endDate as string }
      : { dateRange: fields.includes("period") ? params.dateRange : DEFAULT_DATE_RANGE };
  for (const field of fields) {
    if (field === "period") continue;
    const key = LIST_OF[field];
    const ids = params[key] as number[];
    if (ids.length) (filter as Record<string, unknown>)[key] = ids;
  }
  return filter;
}

/**
 * The analytics filter of the screen, in the address: `filter` is what its calls send, `set` changes it (back to
 * the first page); `setNamedRange`, `setCustomDates` and `clear` (with any other params to reset along) are the
 * bar's changes. Every component that calls
 * it reads the same address, so the bar and the screen's queries need no props between them.
 */
export function useAnalyticsFilter(fields: readonly AnalyticsFilterField[] = ANALYTICS_FILTER_FIELDS) {
  const [params, setParams] = useListParams(CODECS);
  const fieldsKey = fields.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields by value, not by the array's identity
  const filter = useMemo(() => toAnalyticsFilter(params, fields), [params, fieldsKey]);
  const set = useCallback((patch: Partial<AnalyticsFilterParams>) => setParams(patch), [setParams]);

  const defaults = ANALYTICS_FILTER_PARAMS;
  const periodChanged = params.dateRange !== defaults.dateRange.fallback || isCustomPeriod(params);
  const activeCount =
    (fields.includes("period") && periodChanged ? 1 : 0) +
    fields.filter((f) => f !== "period" && (params[LIST_OF[f]] as number[]).length > 0).length;
  // `also`: the screen's own fields' params at their defaults, put back in the same change (two changes in one
  // event would each start from the same address, the second undoing the first).
  const clear = useCallback(
    (also: Partial<AnalyticsFilterParams> = {}) => {
      const patch: Partial<AnalyticsFilterParams> = {};
      for (const field of fieldsKey.split(",") as AnalyticsFilterField[]) {
        if (field === "period")
          Object.assign(patch, { dateRange: DEFAULT_DATE_RANGE, startDate: null, endDate: null });
        else (patch as Record<string, unknown>)[LIST_OF[field]] = [];
      }
      setParams({ ...patch, ...also });
    },
    [setParams, fieldsKey],
  );

  return {
    filter,
    set,
    params,
    activeCount,
    clear,
    setNamedRange: (dateRange: number) => set({ dateRange, startDate: null, endDate: null }),
    setCustomDates: (startDate: string | null, endDate: string | null) => set({ startDate, endDate }),
  };
}

const CUSTOM = "custom";
const PERIOD_OPTIONS = [
  ...DATE_RANGE_OPTIONS.map((o) => ({ value: String(o.id), label: o.name })),
  { value: CUSTOM, label: "Custom dates" },
];

/** Custom dates start as this month so far, to be changed in the date picker. */
function thisMonthSoFar(): [string, string] {
  const today = formatDay(new Date());
  return [`${today.slice(0, 8)}01`, today];
}

const multi: Partial<MultiSelectProps<number>> = {
  searchable: true,
  clearable: true,
  hidePickedOptions: true,
  maxDropdownHeight: 260,
  comboboxProps: { withinPortal: true },
};

const inactiveMark = (item: { name: string; isActive?: boolean }) =>
  item.isActive === false ? `${item.name} (inactive)` : item.name;

/** The fields searched on the server a page at a time: their address param, option endpoint and words. */
const SEARCHED_FIELDS = {
  stores: {
    param: "storeIds",
    endpoint: appApi.storeOptions,
    label: "Store",
    placeholder: "All stores",
    nothingFoundMessage: "No store by that name",
  },
  leadGenerators: {
    param: "leadGeneratorIds",
    endpoint: appApi.leadGeneratorOptions,
    label: "Lead generator",
    placeholder: "Everyone",
    nothingFoundMessage: "No one by that name",
  },
} as const;

/**
 * The filters above a dashboard, chart or report: the period (the ten named ranges or custom dates) and the
 * territories, stores, lead generators and appointment types of `fields`. The stores and lead generators are
 * searched on the server a page at a time (they may be thousands), narrowed to the chosen territories, inactive
 * ones included (a past period has their numbers). A screen's own fields (`leading`) come first. On a phone the
 * leading fields and the period stay in view and the rest fold under a "Filters" button, as every list's filters
 * do (components/filter-bar.tsx).
 */
export function AnalyticsFilterBar({
  fields = ANALYTICS_FILTER_FIELDS,
  leading,
  leadingDefaults,
}: {
  fields?: readonly AnalyticsFilterField[];
  /**
   * The screen's own fields, drawn first in the grid (the dashboard's one territory, a Select the bar has no
   * field for); on a phone they stay in view, above the period.
   */
  leading?: ReactNode;
  /**
   * The address params the leading fields keep, at their defaults (`{ territoryIds: [] }`): off them, they count
   * as a filter in use, and "Clear filters" puts them back with the rest.
   */
  leadingDefaults?: Partial<AnalyticsFilterParams>;
}) {
  const state = useAnalyticsFilter(fields);
  const { params, set } = state;
  const leadingInUse = Object.entries(leadingDefaults ?? {}).some(
    ([key, value]) => JSON.stringify(params[key as keyof AnalyticsFilterParams]) !== JSON.stringify(value),
  );
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  const [open, { toggle }] = useDisclosure(false);
  const lookups = useLookupList().data;
  const custom = isCustomPeriod(params);
  const searchFilters = useMemo(
    () => ({ territoryIds: params.territoryIds, includeInactive: true }),
    [params.territoryIds],
  );

  const period = fields.includes("period") ? (
    <Select
      label="Period"
      data={PERIOD_OPTIONS}
      value={custom ? CUSTOM : String(params.dateRange)}
      allowDeselect={false}
      onChange={(v) => {
        if (v === CUSTOM) {
          const [start, end] = thisMonthSoFar();
          state.setCustomDates(start, end);
        } else if (v) state.setNamedRange(Number(v));
      }}
      comboboxProps={{ withinPortal: true }}
    />
  ) : null;
  const dates =
    period && custom ? (
      <DateRangeField
        label="From – to"
        placeholder="Pick the first and last day"
        value={[params.startDate, params.endDate]}
        onChange={([start, end]) => state.setCustomDates(start, end)}
      />
    ) : null;

  const territories = lookups?.organizationTerritories ?? [];
  const types = (lookups?.scheduleAppointmentTypes ?? []).filter(
    (t) =>
      params.territoryIds.length === 0 ||
      t.organizationTerritoryId === null ||
      params.territoryIds.includes(t.organizationTerritoryId) ||
      params.appointmentTypeIds.includes(t.id),
  );
  const others: ReactNode[] = [];
  for (const field of fields) {
    if (field === "territories")
      others.push(
        <MultiSelect<number>
          key={field}
          {...multi}
          label="Territory"
          placeholder={params.territoryIds.length ? undefined : "All territories"}
          data={territories.map((t) => ({ value: t.id, label: inactiveMark(t) }))}
          value={params.territoryIds}
          onChange={(territoryIds) => set({ territoryIds })}
        />,
      );
    if (field === "stores" || field === "leadGenerators") {
      const { param, ...words } = SEARCHED_FIELDS[field];
      others.push(
        <SearchMultiSelect<OptionEndpoint>
          key={field}
          {...words}
          filters={searchFilters}
          clearable
          optionLabel={inactiveMark}
          value={params[param]}
          onChange={(ids) => set({ [param]: ids })}
        />,
      );
    }
    if (field === "appointmentTypes")
      others.push(
        <MultiSelect<number>
          key={field}
          {...multi}
          label="Appointment type"
          placeholder={params.appointmentTypeIds.length ? undefined : "All appointment types"}
          data={types.map((t) => ({
            value: t.id,
            label: t.territory ? `${t.name} (${t.territory})` : t.name,
          }))}
          value={params.appointmentTypeIds}
          onChange={(appointmentTypeIds) => set({ appointmentTypeIds })}
        />,
      );
  }

  const clear =
    state.activeCount > 0 || leadingInUse ? (
      <Group mt="sm" justify="flex-end">
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => state.clear(leadingDefaults)}
        >
          Clear filters
        </Button>
      </Group>
    ) : null;

  if (!phone || others.length === 0)
    return (
      <Box component="section" aria-label="Filters" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {leading}
          {period}
          {dates}
          {others}
        </SimpleGrid>
        {clear}
      </Box>
    );

  const othersInUse =
    state.activeCount - (period && (custom || params.dateRange !== DEFAULT_DATE_RANGE) ? 1 : 0);
  return (
    <Box component="section" aria-label="Filters" mb="md">
      {leading ? (
        <SimpleGrid cols={1} spacing="sm" mb="sm">
          {leading}
        </SimpleGrid>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>{period}</Box>
        <Button
          variant={open ? "light" : "default"}
          onClick={toggle}
          aria-expanded={open}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={
            othersInUse > 0 ? (
              <Badge size="xs" circle>
                {othersInUse}
              </Badge>
            ) : null
          }
          px="sm"
        >
          Filters
        </Button>
      </Group>
      {dates ? <Box mt="sm">{dates}</Box> : null}
      <Collapse expanded={open}>
        <SimpleGrid cols={1} spacing="sm" pt="sm">
          {others}
        </SimpleGrid>
        {clear}
      </Collapse>
    </Box>
  );
}
