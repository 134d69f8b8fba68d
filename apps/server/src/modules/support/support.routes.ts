import type { Routes } from "../../platform/routes";
import type { SupportService } from "./support.service";

// STUB (to be replaced).
export function supportRoutes(_svc: SupportService): Routes {
  return () => {};
}
