import type { SmartCircleUsersRequest } from "@fieldlead/contracts";
import { organizationsApi } from "@fieldlead/contracts/routes";
import { downloadFile } from "../../../lib/api-client";

/** The files the report downloads as: CSV, or an Excel workbook. */
export type SmartCircleExportFormat = Exclude<SmartCircleUsersRequest["format"], "json" | undefined>;
export type SmartCircleExport = { request: SmartCircleUsersRequest; format: SmartCircleExportFormat };

/** Downloads the report with the same filters as a CSV or XLSX file (every row, not one page). */
export const exportSmartCircleUsers = ({ request, format }: SmartCircleExport) => {
  const { page: _page, pageSize: _size, ...filters } = request;
  return downloadFile(organizationsApi.smartCircleUsers, {
    body: { ...filters, format },
    fallbackName: `smart-circle-users.${format}`,
  });
};
