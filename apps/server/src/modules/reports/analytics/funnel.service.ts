import type { UnitOfWork } from "../../../platform/unit-of-work";

/** The funnel reports and the dashboard's panels and listings (docs/decisions/0042). */
export function funnelService(d: { uow: UnitOfWork; now?: () => Date }) {
  return { d };
}
export type FunnelService = ReturnType<typeof funnelService>;
