import type { UnitOfWork } from "../../../platform/unit-of-work";

/** The charts, the dashboard's bar chart, speed to lead and appointment outcomes (docs/decisions/0042). */
export function seriesService(d: { uow: UnitOfWork; now?: () => Date }) {
  return { d };
}
export type SeriesService = ReturnType<typeof seriesService>;
