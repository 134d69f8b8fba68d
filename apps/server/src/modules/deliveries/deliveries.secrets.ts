import type { Platform } from "../../platform/platform";
import { deliveriesRepository } from "./deliveries.repository";

/**
 * The start's sealing step for the destinations' credentials (server.ts `prepare`, beside the CRM's; decisions 0038
 * and 0039): the seed writes the demo's shared secrets plain (it has no key); each still plain is sealed with the
 * platform's key, in one transaction. Answers how many were sealed (0 when run again).
 */
export async function sealDestinationCredentials(p: Pick<Platform, "uow" | "secrets">): Promise<number> {
  const repo = deliveriesRepository();
  return p.uow.run((tx) => repo.sealPlainCredentials(tx, p.secrets));
}
