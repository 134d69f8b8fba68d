import type { Platform } from "../../platform/platform";
import { crmRepository } from "./crm.repository";

/**
 * The start's sealing step (server.ts `prepare`, after the migrations, the reference lists and the seed; decision
 * 0038): every CRM client secret still stored plain is sealed with the platform's key, all in one transaction.
 * Answers how many were sealed (0 when run again). The values are never logged or answered.
 */
export async function sealCrmSecrets(p: Pick<Platform, "uow" | "secrets">): Promise<number> {
  const repo = crmRepository(p.secrets);
  return p.uow.run((tx) => repo.sealPlainSecrets(tx));
}
