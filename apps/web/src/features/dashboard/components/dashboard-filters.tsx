import { DATE_RANGE_OPTIONS } from "@fieldlead/contracts";
import { Box, Select, SimpleGrid, useMatches } from "@mantine/core";
import { isCustomPeriod, useAnalyticsFilter } from "../../../components/analytics/analytics-filters";
import { DateRangeField } from "../../../components/date-range-field";
import { formatDay } from "../../../lib/dates";
import { useLookupList } from "../../../lib/lookup-list";

/** The dashboard's only filter besides the period: one territory, or all of them (0, the paths' "every territory"). */
const ALL = "0";
const CUSTOM = "custom";
const PERIOD_OPTIONS = [
  ...DATE_RANGE_OPTIONS.map((o) => ({ value: String(o.id), label: o.name })),
  { value: CUSTOM, label: "Custom dates" },
];

/**
 * The dashboard's period and territory, in the address through the analytics filter (`?range=…&from=…&to=…` and
 * `?territory=…`, the reports' names, so a dashboard link opens the same numbers there). The territory is one
 * (the dashboard's calls take it in their path), so only the first of the address's territories is read.
 */
export function useDashboardFilter() {
  const analytics = useAnalyticsFilter(["period"]);
  const territoryId = analytics.params.territoryIds[0] ?? 0;
  return {
    ...analytics,
    territoryId,
    setTerritory: (id: number) => analytics.set({ territoryIds: id ? [id] : [] }),
  };
}

/**
 * The territory and the period above the dashboard. Drawn here rather than with the shared filter bar, whose grid
 * has no place for a single territory beside the period.
 */
export function DashboardFilters() {
  const f = useDashboardFilter();
  const lookups = useLookupList();
  const territories = lookups.data?.organizationTerritories ?? [];
  const custom = isCustomPeriod(f.params);
  // On a phone the dates take the whole row under the two selects.
  const datesColumn = useMatches({ base: "span 2", lg: "auto" });
  const territoryOptions = [
    { value: ALL, label: "All territories" },
    ...territories.map((t) => ({
      value: String(t.id),
      label: t.isActive === false ? `${t.name} (inactive)` : t.name,
    })),
  ];
  return (
    <Box component="section" aria-label="Filters" mb="md">
      <SimpleGrid cols={{ base: 2, lg: custom ? 3 : 2 }} spacing="sm" maw={custom ? 900 : 600}>
        <Select
          label="Territory"
          data={territoryOptions}
          value={String(f.territoryId)}
          onChange={(v) => v !== null && f.setTerritory(Number(v))}
          allowDeselect={false}
          searchable={territories.length > 8}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Period"
          data={PERIOD_OPTIONS}
          value={custom ? CUSTOM : String(f.params.dateRange)}
          onChange={(v) => {
            if (v === CUSTOM) {
              const today = formatDay(new Date());
              f.setCustomDates(`${today.slice(0, 8)}01`, today);
            } else if (v) f.setNamedRange(Number(v));
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {custom ? (
          <Box style={{ gridColumn: datesColumn }}>
            <DateRangeField
              label="From – to"
              placeholder="Pick the first and last day"
              value={[f.params.startDate, f.params.endDate]}
              onChange={([start, end]) => f.setCustomDates(start, end)}
            />
          </Box>
        ) : null}
      </SimpleGrid>
    </Box>
  );
}
