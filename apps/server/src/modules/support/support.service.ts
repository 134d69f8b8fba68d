import type { UnitOfWork } from "../../platform/unit-of-work";

// STUB (to be replaced): the support service.
export function supportService(_deps: { uow: UnitOfWork; publicUrl: string }) {
  return {};
}
export type SupportService = ReturnType<typeof supportService>;
