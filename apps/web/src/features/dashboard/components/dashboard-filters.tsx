import { Select } from "@mantine/core";
import {
  AnalyticsFilterBar,
  type AnalyticsFilterField,
  useAnalyticsFilter,
} from "../../../components/analytics/analytics-filters";
import { useLookupList } from "../../../lib/lookup-list";

/** The dashboard's only filter besides the period: one territory, or all of them (0, the paths' "every territory"). */
const ALL = "0";
const FIELDS: readonly AnalyticsFilterField[] = ["period"];
// No territory in the address is every territory: "Clear filters" goes back to it.
const TERRITORY_DEFAULT = { territoryIds: [] };

/**
 * The dashboard's period and territory, in the address through the analytics filter (`?range=…&from=…&to=…` and
 * `?territory=…`, the reports' names, so a dashboard link opens the same numbers there). The territory is one
 * (the dashboard's calls take it in their path), so only the first of the address's territories is read.
 */
export function useDashboardFilter() {
  const analytics = useAnalyticsFilter(FIELDS);
  const territoryId = analytics.params.territoryIds[0] ?? 0;
  return {
    ...analytics,
    territoryId,
    setTerritory: (id: number) => analytics.set({ territoryIds: id ? [id] : [] }),
  };
}

/**
 * The territory and the period above the dashboard: the shared filter bar draws the period (and custom dates),
 * with the territory first in its grid. A single Select rather than the bar's territories field, which chooses
 * many: the dashboard's calls take one territory in their path.
 */
export function DashboardFilters() {
  const f = useDashboardFilter();
  const lookups = useLookupList();
  const territories = lookups.data?.organizationTerritories ?? [];
  const territoryOptions = [
    { value: ALL, label: "All territories" },
    ...territories.map((t) => ({
      value: String(t.id),
      label: t.isActive === false ? `${t.name} (inactive)` : t.name,
    })),
  ];
  return (
    <AnalyticsFilterBar
      fields={FIELDS}
      leadingDefaults={TERRITORY_DEFAULT}
      leading={
        <Select
          label="Territory"
          data={territoryOptions}
          value={String(f.territoryId)}
          onChange={(v) => v !== null && f.setTerritory(Number(v))}
          allowDeselect={false}
          searchable={territories.length > 8}
          comboboxProps={{ withinPortal: true }}
        />
      }
    />
  );
}
