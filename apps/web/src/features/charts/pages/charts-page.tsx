import { CHART_MEASURES, PERIOD_INTERVALS } from "@fieldlead/contracts";
import { SimpleGrid, Stack } from "@mantine/core";
import {
  AnalyticsFilterBar,
  type AnalyticsFilterField,
  useAnalyticsFilter,
} from "../../../components/analytics/analytics-filters";
import { PageHeader } from "../../../components/page-header";
import { choiceParam, named, optionalChoiceParam, useListParams } from "../../../lib/list-params";
import { BucketCard } from "../components/bucket-card";
import { LeadCountCard } from "../components/lead-count-card";
import { SummaryCard } from "../components/summary-card";

const FIELDS: readonly AnalyticsFilterField[] = ["period", "territories", "stores", "leadGenerators"];

/** Each card's own setting, in the address beside the filter (a module constant: compared by identity). */
const CARD_PARAMS = {
  interval: optionalChoiceParam(PERIOD_INTERVALS),
  daysMeasure: named("dayMeasure", choiceParam(CHART_MEASURES, "leads")),
  hoursMeasure: named("hourMeasure", choiceParam(CHART_MEASURES, "leads")),
};

/**
 * /charts (docs/decisions/0042): for the filter's period, territories, stores and lead generators, leads over
 * time, leads by status and source, and the top lead generators by day of week and hour of day. Each card draws
 * lazily and has a Table view with its numbers.
 */
export function ChartsPage() {
  const { filter } = useAnalyticsFilter(FIELDS);
  const [params, setParams] = useListParams(CARD_PARAMS);
  return (
    <>
      <PageHeader
        title="Charts"
        description="Leads over time, by status and source, and when each lead generator brings them in."
      />
      <AnalyticsFilterBar fields={FIELDS} />
      <Stack gap="lg">
        <LeadCountCard
          filter={filter}
          interval={params.interval}
          onIntervalChange={(interval) => setParams({ interval })}
        />
        <SummaryCard filter={filter} />
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
          <BucketCard
            kind="daysOfWeek"
            filter={filter}
            measure={params.daysMeasure}
            onMeasureChange={(daysMeasure) => setParams({ daysMeasure })}
          />
          <BucketCard
            kind="hoursOfDay"
            filter={filter}
            measure={params.hoursMeasure}
            onMeasureChange={(hoursMeasure) => setParams({ hoursMeasure })}
          />
        </SimpleGrid>
      </Stack>
    </>
  );
}
