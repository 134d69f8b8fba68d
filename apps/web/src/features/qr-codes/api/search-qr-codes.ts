import type { QrCodeExportQuery, QrCodeSearchRequest } from "@fieldlead/contracts";
import { qrCodesApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { downloadFile } from "../../../lib/api-client";
import { endpointQuery } from "../../../lib/queries";

export type QrSearch = QrCodeSearchRequest;

export const qrCodesQueryOptions = (request: QrSearch) =>
  queryOptions({
    ...endpointQuery(qrCodesApi.search, { body: request }),
    placeholderData: keepPreviousData,
  });

/** A page of the codes the caller reaches (a lead generator: their own), as the server filters and sorts them. */
export function useQrCodes(request: QrSearch) {
  return useQuery(qrCodesQueryOptions(request));
}

/** The most codes of one person (one per group): read whole for the "my code" screen. */
const MY_CODES_PAGE = 100;

/** The signed-in person's own codes, every group, active or not. */
export function useMyQrCodes(userId: number | null) {
  return useQuery({
    ...endpointQuery(qrCodesApi.search, {
      body: {
        userIds: userId ? [userId] : [],
        page: 1,
        pageSize: MY_CODES_PAGE,
        sortBy: "group",
        sortDirection: "asc",
      },
    }),
    enabled: userId !== null,
  });
}

export type QrExportFormat = "pdf" | "csv";
/** The list's filters an export repeats (every page of them, whatever page is on screen). */
export type QrExportFilters = Pick<QrSearch, "text" | "storeIds" | "groups" | "isActive">;

const list = (values: readonly number[] | undefined) => (values?.length ? values.join(",") : undefined);

/** The search's filters as the export's query values (lists separated by commas, the flag as a word). */
export function exportQueryOf(filters: QrExportFilters): Omit<QrCodeExportQuery, "format"> {
  return {
    text: filters.text?.trim() || undefined,
    storeIds: list(filters.storeIds),
    groups: list(filters.groups),
    isActive: filters.isActive === true ? "true" : filters.isActive === false ? "false" : undefined,
  };
}

/** The codes the filters select, as the server's PDF sheet of cut-out cards or its CSV of codes and links. */
export const exportQrCodes = (filters: QrExportFilters, format: QrExportFormat) =>
  downloadFile(qrCodesApi.export, {
    query: { format, ...exportQueryOf(filters) },
    fallbackName: `qr-codes.${format}`,
  });

/** One code's printable card (the PDF sheet with that code only). */
export const printQrCode = (id: number) =>
  downloadFile(qrCodesApi.export, { query: { format: "pdf", ids: String(id) }, fallbackName: "qr-code.pdf" });
