import { type DocumentKind, type DocumentUpsertRequest, FILE_LINK_MINUTES } from "@fieldlead/contracts";
import { supportApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../lib/queries";
import { type UploadOptions, upsertWithFile } from "../../../lib/upload";

/**
 * The documents screen's calls (docs/decisions/0041-notifications-and-support.md): each kind's list a page at a
 * time with links made for the caller, adding or changing a document (with a file: multipart, with progress), and
 * deleting one.
 */

const ROUTES = {
  serviceProvider: { list: supportApi.serviceProviderDocuments, upsert: supportApi.serviceProviderUpsert },
  product: { list: supportApi.productDocuments, upsert: supportApi.productUpsert },
} as const;

const LISTS = [supportApi.serviceProviderDocuments, supportApi.productDocuments];

/**
 * The links a list carries work for `FILE_LINK_MINUTES`: the list is read again well before they stop (every
 * 10 minutes while the page is open, and when the page comes back into view after a while).
 */
export const LINK_REFRESH_MS = Math.max(1, FILE_LINK_MINUTES - 5) * 60_000;

export type DocumentListRequest = { search?: string; page: number; pageSize: number };

export function useDocuments(kind: DocumentKind, body: DocumentListRequest) {
  return useQuery({
    ...endpointQuery(ROUTES[kind].list, { body }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    refetchInterval: LINK_REFRESH_MS,
  });
}

export type DocumentSave = {
  body: DocumentUpsertRequest;
  /** A file to add or to replace the stored one; none changes the words only. */
  file: File | null;
} & UploadOptions;

/** Adds or changes a document of a kind; both lists are read again. */
export function useSaveDocument(kind: DocumentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file, onProgress, signal }: DocumentSave) =>
      upsertWithFile(ROUTES[kind].upsert, body, file, { onProgress, signal }),
    onSuccess: () => invalidate(client, ...LISTS),
  });
}

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(supportApi.documentDelete, { params: { id } }),
    onSuccess: () => invalidate(client, ...LISTS),
  });
}
