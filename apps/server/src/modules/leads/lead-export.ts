import { LEAD_SOURCES, type LeadListItem, REJECTION_REASONS } from "@fieldlead/contracts";
import type { ExportColumn } from "../../platform/export";

const sourceName = (id: string) => LEAD_SOURCES.find((s) => s.id === id)?.name ?? id;
const reasonName = (id: string | null) =>
  id ? (REJECTION_REASONS.find((r) => r.id === id)?.name ?? id) : "";

export type LeadExportRow = LeadListItem & { address: string | null; notes: string | null };
export type LeadExportNames = { language: Map<number, string>; program: Map<string, Map<number, string>> };

/** The columns of a lead export (CSV and XLSX alike); each list adds its own. */
export function leadExportColumns(view: string, names: LeadExportNames): ExportColumn<LeadExportRow>[] {
  const named = (list: string, id: number | null) =>
    id === null ? "" : (names.program.get(list)?.get(id) ?? id);
  const cols: ExportColumn<LeadExportRow>[] = [
    { header: "Lead id", value: (r) => r.id },
    { header: "Captured", value: (r) => r.capturedAtLocal },
    { header: "Time zone", value: (r) => r.timeZone },
    { header: "Source", value: (r) => sourceName(r.source) },
    { header: "Status", value: (r) => r.statusName },
    { header: "Service type", value: (r) => r.serviceTypeName },
    { header: "Territory", value: (r) => r.territoryName },
    { header: "Store", value: (r) => r.storeName },
    { header: "Lead generator", value: (r) => r.leadGeneratorName },
    { header: "First name", value: (r) => r.firstName },
    { header: "Last name", value: (r) => r.lastName },
    { header: "Phone", value: (r) => r.phone },
    { header: "Email", value: (r) => r.email },
    { header: "Address", value: (r) => r.address },
    { header: "City", value: (r) => r.city },
    { header: "State", value: (r) => r.state },
    { header: "ZIP", value: (r) => r.zip },
    { header: "Language", value: (r) => (r.languageId === null ? "" : names.language.get(r.languageId)) },
    { header: "Duplicate of", value: (r) => r.duplicateOfLeadId },
  ];
  if (view === "rejected")
    cols.push({ header: "Rejection reason", value: (r) => reasonName(r.rejectionReason) });
  if (view === "retailerProgram") {
    cols.push(
      { header: "Program group", value: (r) => named("hdsfiGroup", r.hdsfiGroupId) },
      { header: "Job type", value: (r) => named("hdJobType", r.hdJobTypeId) },
      { header: "Program reference", value: (r) => r.externalReference },
    );
  }
  if (view === "secondPartner") {
    cols.push(
      { header: "Service", value: (r) => named("centahServiceId", r.centahServiceId) },
      { header: "Ad code", value: (r) => named("centahAdCode", r.centahAdCodeId) },
      { header: "Program reference", value: (r) => r.externalReference },
    );
  }
  cols.push({ header: "Notes", value: (r) => r.notes });
  return cols;
}
