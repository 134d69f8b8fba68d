import { usersApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiHeaders, buildUrl } from "../../../lib/api-client";
import { parseProblem } from "../../../lib/api-error";
import { keyOf } from "../../../lib/queries";

/** The person's cached capture icon. */
export const captureIconKey = (userId: number) => keyOf(usersApi.captureIcon, { params: { id: userId } });

/**
 * The person's capture icon as a Blob, or null when they have none. The image needs the session's
 * headers, so it is fetched rather than linked from an <img>.
 */
export async function getCaptureIcon(userId: number, signal?: AbortSignal): Promise<Blob | null> {
  const headers = apiHeaders();
  headers.Accept = "image/*";
  const response = await fetch(buildUrl(usersApi.captureIcon, { id: userId }), { headers, signal });
  if (response.status === 404) return null;
  if (!response.ok) throw parseProblem(response.status, await response.text().catch(() => ""));
  return response.blob();
}

export const captureIconQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: captureIconKey(userId),
    queryFn: ({ signal }) => getCaptureIcon(userId, signal),
    staleTime: 5 * 60_000,
  });

/** Only asked for when the person has an icon. */
export function useCaptureIcon(userId: number | null, hasIcon: boolean) {
  return useQuery({ ...captureIconQueryOptions(userId ?? 0), enabled: userId !== null && hasIcon });
}
