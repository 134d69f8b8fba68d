import { QR_NO_GROUP } from "@fieldlead/contracts";
import { useMemo } from "react";
import { INVALID, type ParamCodec } from "../../../lib/list-params";
import { toOptions, useLookupList } from "../../../lib/lookup-list";

/** What a code of no program group (group 0) is called on screen. */
export const NO_GROUP_LABEL = "No group";

/** A code's group as people read it: the program group's name, or "No group". */
export const groupLabel = (code: { group: number; groupName: string | null }) =>
  code.group === QR_NO_GROUP ? NO_GROUP_LABEL : (code.groupName ?? `Group ${code.group}`);

/** "No group" (0) and the organization's program groups (the `hdsfiGroup` lookup list), as select options. */
export function useGroupOptions() {
  const lookups = useLookupList();
  const groups = lookups.data?.hdsfiGroup;
  return useMemo(
    () => [{ value: String(QR_NO_GROUP), label: NO_GROUP_LABEL }, ...toOptions(groups)],
    [groups],
  );
}

/** Groups in the address (`?groups=0&groups=3`): ids as `idsParam`, with 0 ("No group") allowed. */
export const groupsParam = (): ParamCodec<number[]> => ({
  parse: (raw) => {
    const ids = raw
      .flatMap((v) => v.split(","))
      .filter(Boolean)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0);
    return ids.length ? [...new Set(ids)] : INVALID;
  },
  format: (v) => v.map(String),
  fallback: [],
});
