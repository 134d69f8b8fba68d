import { Stack } from "@mantine/core";
import { PageHeader } from "../../../components/page-header";
import { useDashboardPanels } from "../api/dashboard";
import { DashboardFilters, useDashboardFilter } from "../components/dashboard-filters";
import { LeadsBarChart } from "../components/leads-bar-chart";
import { Listings } from "../components/listings";
import { Panels } from "../components/panels";

/**
 * /dashboard, where managers land (docs/decisions/0042): a territory's (or every territory's) headline numbers for a
 * period against the period before, leads and appointments over the period, and the stores and lead generators
 * behind them; a lead generator's name opens their time logs. The period and territory are in the address.
 */
export function DashboardPage() {
  const { filter, territoryId } = useDashboardFilter();
  const panels = useDashboardPanels(territoryId, filter);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Leads, appointments and sales for the period, against the period just before it."
      />
      <DashboardFilters />
      <Stack gap="lg">
        <Panels
          data={panels.data}
          fetching={panels.isFetching && panels.isPlaceholderData}
          error={panels.error}
          onRetry={() => void panels.refetch()}
        />
        <LeadsBarChart territoryId={territoryId} period={filter} />
        <Listings territoryId={territoryId} period={filter} />
      </Stack>
    </>
  );
}
