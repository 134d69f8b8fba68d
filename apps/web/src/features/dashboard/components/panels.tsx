import { FUNNEL_COLUMNS, type FunnelMeasureKey } from "@fieldlead/contracts";
import { Card, Group, SimpleGrid, Skeleton, Text, Title, useMatches, VisuallyHidden } from "@mantine/core";
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatMeasure, formatPeriod } from "../../../components/analytics/format";
import { LoadError } from "../../../components/query-state";
import type { DashboardPanels } from "../api/dashboard";
import { type Change, changeOf } from "./change";

/** The panels, in the funnel's order, then the labor behind it. */
export const PANEL_KEYS = [
  "leads",
  "appointmentsSet",
  "sent",
  "ran",
  "sold",
  "revenue",
  "approaches",
  "hoursWorked",
] as const satisfies readonly FunnelMeasureKey[];

const ACTIVE_LEAD_GENERATORS = "Active lead generators";

const CHANGE_LOOK = {
  up: { color: "teal", Icon: IconArrowUpRight },
  down: { color: "red", Icon: IconArrowDownRight },
  same: { color: "dimmed", Icon: IconArrowRight },
  none: { color: "dimmed", Icon: null },
} as const;

/** "+12% vs 1 – 31 Oct 2026": an arrow and a colour, and the same in words. */
function ChangeLine({ change, previous }: { change: Change; previous: string }) {
  const { color, Icon } = CHANGE_LOOK[change.direction];
  return (
    <Text fz="xs" c="dimmed" mt={4}>
      <Text span inherit c={color} fw={600} style={{ whiteSpace: "nowrap" }}>
        {Icon ? (
          <Icon size={14} stroke={2} aria-hidden style={{ verticalAlign: "-2px", marginRight: 2 }} />
        ) : null}
        {change.text}
      </Text>{" "}
      vs {previous}
    </Text>
  );
}

function Panel({
  label,
  value,
  change,
  wide = false,
}: {
  label: string;
  value: string | null;
  change?: ReactNode;
  /** Spans the row (the odd one out of two columns on a phone). */
  wide?: boolean;
}) {
  const span = useMatches({ base: "span 2", sm: "auto" });
  return (
    <Card
      component="li"
      withBorder
      radius="lg"
      padding="md"
      aria-label={label}
      style={wide ? { gridColumn: span } : undefined}
    >
      <Text fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {value === null ? (
        <>
          <Skeleton height={28} width="60%" mt={6} radius="sm" />
          <Skeleton height={12} width="80%" mt={8} radius="sm" />
        </>
      ) : (
        <>
          <Text
            fz={{ base: 22, sm: 26 }}
            fw={700}
            lh={1.2}
            mt={2}
            style={{ fontVariantNumeric: "tabular-nums" }}
          >
            {value}
          </Text>
          {change}
        </>
      )}
    </Card>
  );
}

/**
 * The headline panels: each measure of the period with its change against the period just before (same length),
 * and the lead generators who were active. Placeholders while the first answer loads; the previous answer, dimmed,
 * while another period or territory loads.
 */
export function Panels({
  data,
  fetching,
  error,
  onRetry,
}: {
  data: DashboardPanels | undefined;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (error && !data) return <LoadError error={error} onRetry={onRetry} />;
  const previous = data ? formatPeriod(data.previousPeriod) : "";
  const nothing = data && PANEL_KEYS.every((k) => !data.current[k]) && data.activeLeadGenerators === 0;
  return (
    <section aria-labelledby="dashboard-panels">
      <VisuallyHidden>
        <Title order={2} id="dashboard-panels">
          {data ? `Totals, ${formatPeriod(data.period)}` : "Totals"}
        </Title>
      </VisuallyHidden>
      <SimpleGrid
        component="ul"
        cols={{ base: 2, sm: 3 }}
        spacing="sm"
        m={0}
        p={0}
        aria-busy={!data || fetching}
        style={{ listStyle: "none", opacity: fetching ? 0.6 : 1, transition: "opacity 120ms" }}
      >
        {PANEL_KEYS.map((key) => {
          const column = FUNNEL_COLUMNS[key];
          return (
            <Panel
              key={key}
              label={column.label}
              value={data ? formatMeasure(column.kind, data.current[key]) : null}
              change={
                data ? (
                  <ChangeLine change={changeOf(data.current[key], data.previous[key])} previous={previous} />
                ) : null
              }
            />
          );
        })}
        <Panel
          label={ACTIVE_LEAD_GENERATORS}
          wide
          value={data ? formatMeasure("count", data.activeLeadGenerators) : null}
          change={
            data ? (
              <Text fz="xs" c="dimmed" mt={4}>
                Captured a lead or punched in
              </Text>
            ) : null
          }
        />
      </SimpleGrid>
      {nothing ? (
        <Group mt="xs">
          <Text fz="sm" c="dimmed">
            Nothing was recorded in this period. Choose a longer one, such as This Year, to look back.
          </Text>
        </Group>
      ) : null}
    </section>
  );
}
