import {
  type FunnelReportResponse,
  PERIOD_INTERVALS,
  type ReportDef,
  reportBySlug,
} from "@fieldlead/contracts";
import { Alert, Button, Card, EmptyState, Group, Select, Text } from "@mantine/core";
import { IconArrowLeft, IconLock, IconReportSearch } from "@tabler/icons-react";
import { Link, type Params, useParams } from "react-router";
import type { RouteHandle } from "../../../app/router";
import { AnalyticsFilterBar, useAnalyticsFilter } from "../../../components/analytics/analytics-filters";
import { formatPeriod } from "../../../components/analytics/format";
import { type AnalyticsRowBase, FunnelTable } from "../../../components/analytics/funnel-table";
import { ExportButtons } from "../../../components/export-buttons";
import { PageHeader } from "../../../components/page-header";
import { ApiError } from "../../../lib/api-client";
import { exportReport, useReport } from "../api/reports";
import { chartSpec, ReportChart } from "../components/report-chart";
import {
  columnsOf,
  GROUPING_LABELS,
  groupingsOf,
  hasInterval,
  INTERVAL_LABELS,
  sortKeysOf,
  useReportBody,
  useReportParams,
} from "../components/report-params";

// One screen draws every report of the catalogue (contracts' REPORTS): the entry names its call, its rows and its
// columns, so a new report is a new entry, not a new screen. The filter, page, sort, grouping and interval are in
// the address (a shared link shows the same report); the server pages, sorts and totals, and writes the files.

const AUTO = "auto";

function BackLink() {
  return (
    <Button component={Link} to="/reports/funnel" variant="default" leftSection={<IconArrowLeft size={16} />}>
      All reports
    </Button>
  );
}

/** An address under /reports/funnel/ that names no report. */
function UnknownReport({ slug }: { slug: string }) {
  return (
    <Card withBorder radius="lg" py={64} px="lg">
      <EmptyState variant="light" size="lg" icon={<IconReportSearch size={28} stroke={1.6} />}>
        <EmptyState.Title order={1}>Report not found</EmptyState.Title>
        <EmptyState.Description>
          There is no report named “{slug}”. It may have been renamed, or the address may be mistyped.
        </EmptyState.Description>
        <EmptyState.Actions>
          <BackLink />
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}

/** The server refused the report to this user (an owner-group report needs organization-wide access). */
function Refused({ def, error }: { def: ReportDef; error: ApiError }) {
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      icon={<IconLock size={18} />}
      title="This report is not available to you"
    >
      <Text fz="sm">
        {def.ownerGroup
          ? "Owner group reports add up every organization of the owner group, so they need organization-wide access. Ask an administrator of the owner group, or switch to an organization where you have it."
          : error.message}
      </Text>
      <Group mt="sm">
        <BackLink />
      </Group>
    </Alert>
  );
}

/** The route's handle (routes.tsx): the browser tab says the report's title, or that there is no such report. */
export const reportHandle = {
  title: ({ slug }: Params) => reportBySlug(slug ?? "")?.title ?? "Report not found",
} satisfies RouteHandle;

/** A report of the catalogue, by its slug: /reports/funnel/store-lead. */
export function ReportPage() {
  const { slug = "" } = useParams();
  const def = reportBySlug(slug);
  if (!def) return <UnknownReport slug={slug} />;
  // Keyed by report: another report starts empty instead of showing the last one's rows under its columns.
  return <Report key={def.slug} def={def} />;
}

function Report({ def }: { def: ReportDef }) {
  const { filter } = useAnalyticsFilter();
  const [params, setParams] = useReportParams(def);
  const body = useReportBody(def, filter, params);
  const query = useReport(def, body);
  const data = query.data;
  const columns = columnsOf(def);
  const groupings = groupingsOf(def);
  const refused = query.error instanceof ApiError && query.error.status === 403 ? query.error : null;
  const answeredInterval = (data as FunnelReportResponse | undefined)?.interval ?? null;
  const rowLabel =
    groupings.length && params.groupBy ? (GROUPING_LABELS[params.groupBy] ?? def.rowLabel) : def.rowLabel;
  const spec =
    def.kind === "funnel" && data && !query.isPlaceholderData
      ? chartSpec(def, columns, data.items, params.sortBy, answeredInterval)
      : null;

  return (
    <>
      <PageHeader
        title={def.title}
        description={def.description}
        actions={
          refused ? undefined : (
            <ExportButtons
              disabled={!data || data.total === 0}
              onExport={(format) => exportReport(def, body, format)}
            />
          )
        }
      />
      {refused ? (
        <Refused def={def} error={refused} />
      ) : (
        <>
          <AnalyticsFilterBar />
          <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
            <Text fz="sm" aria-live="polite">
              {data ? (
                <>
                  <Text span c="dimmed" inherit>
                    Period:{" "}
                  </Text>
                  <Text span fw={600} inherit>
                    {formatPeriod(data.period)}
                  </Text>
                </>
              ) : (
                " "
              )}
            </Text>
            <Group gap="sm" align="flex-end" wrap="wrap">
              {groupings.length ? (
                <Select
                  label="Group by"
                  w={200}
                  data={groupings.map((g) => ({ value: g, label: GROUPING_LABELS[g] ?? g }))}
                  value={params.groupBy}
                  allowDeselect={false}
                  onChange={(groupBy) => groupBy && setParams({ groupBy })}
                  comboboxProps={{ withinPortal: true }}
                />
              ) : null}
              {hasInterval(def) ? (
                <Select
                  label="Interval"
                  w={200}
                  data={[
                    {
                      value: AUTO,
                      label:
                        answeredInterval && !params.interval
                          ? `Automatic (${INTERVAL_LABELS[answeredInterval]})`
                          : "Automatic",
                    },
                    ...PERIOD_INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABELS[i] })),
                  ]}
                  value={params.interval ?? AUTO}
                  allowDeselect={false}
                  onChange={(v) =>
                    setParams({ interval: v === AUTO || !v ? null : (v as typeof params.interval) })
                  }
                  comboboxProps={{ withinPortal: true }}
                />
              ) : null}
            </Group>
          </Group>
          <ReportChart spec={spec} />
          <FunnelTable<AnalyticsRowBase>
            label={`${def.title}${data ? `, ${formatPeriod(data.period)}` : ""}`}
            rowLabel={rowLabel}
            subLabel={def.kind === "funnel" ? def.subLabel : undefined}
            columns={columns}
            rows={data?.items}
            totals={data?.totals}
            total={data?.total}
            page={params.page}
            pageSize={params.pageSize}
            onPageChange={(page) => setParams({ page })}
            onPageSizeChange={(pageSize) => setParams({ pageSize })}
            sortBy={params.sortBy}
            sortDirection={params.sortDirection}
            onSort={(sortBy, sortDirection) => setParams({ sortBy, sortDirection })}
            sortKeys={sortKeysOf(def)}
            loading={query.isPending}
            fetching={query.isFetching && query.isPlaceholderData}
            error={query.error}
            onRetry={() => void query.refetch()}
            empty={
              def.kind === "outcome"
                ? {
                    title: "No appointments in this period",
                    description: "Choose a longer period, such as This Year, or fewer filters.",
                  }
                : undefined
            }
          />
        </>
      )}
    </>
  );
}
