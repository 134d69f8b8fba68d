import { type Capability, can } from "@fieldlead/contracts";
import { useCallback } from "react";
import { useSession } from "./session";

/**
 * What the signed-in user may do (contracts' rights model, docs/decisions/0026): `can("users.edit")`. Signed
 * out, nothing. The server checks the same capability on every call; this only decides what the screen offers.
 */
export function useCan(): (capability: Capability) => boolean {
  const user = useSession();
  return useCallback((capability: Capability) => !!user && can(user, capability), [user]);
}
