import type { TutorialUpsertRequest } from "@fieldlead/contracts";
import { supportApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../lib/queries";
import { type UploadOptions, upsertWithFile } from "../../../lib/upload";
import { LINK_REFRESH_MS } from "./documents";

/** The tutorials screen's calls: the list in its order, adding or changing a tutorial, deleting one. */

export type TutorialListRequest = { page: number; pageSize: number };

/**
 * Tutorials with their videos' links. The list is read again when the page comes back into view after a while
 * (the links expire), not on a timer: a new link would restart a video someone is watching.
 */
export function useTutorials(body: TutorialListRequest) {
  return useQuery({
    ...endpointQuery(supportApi.tutorials, { body }),
    placeholderData: keepPreviousData,
    staleTime: LINK_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export type TutorialSave = { body: TutorialUpsertRequest; file: File | null } & UploadOptions;

export function useSaveTutorial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file, onProgress, signal }: TutorialSave) =>
      upsertWithFile(supportApi.tutorialUpsert, body, file, { onProgress, signal }),
    onSuccess: () => invalidate(client, supportApi.tutorials),
  });
}

export function useDeleteTutorial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(supportApi.tutorialDelete, { params: { id } }),
    onSuccess: () => invalidate(client, supportApi.tutorials),
  });
}
