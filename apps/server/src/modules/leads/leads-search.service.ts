import {
  type CaptureEntryItem,
  type CaptureEntryPage,
  type CaptureEntrySearchRequest,
  type CaptureOutcome,
  formatDate,
  LEAD_EXPORT_ROW_CAP,
  LEAD_SEARCH_COUNT_CAP,
  type LeadPage,
  type LeadSearchRequest,
  type LeadSource,
  type RejectionReason,
} from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { type ExportColumn, type ExportFile, exportFile } from "../../platform/export";
import { inChunks, pageOf, pageResult, tenantDateRange } from "../../platform/query-kit";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { type LeadExportRow, leadExportColumns } from "./lead-export";
import { localDateTime, personName, toListItem } from "./leads.mapper";
import { leadScope, requireLeadRestorer } from "./leads.policy";
import type { LeadsRepository } from "./leads.repository";
import type { CaptureRow, LeadFilters, LeadsSearchRepository, PageAt } from "./leads-search.repository";

type Deps = { uow: UnitOfWork; search: LeadsSearchRepository; repo: LeadsRepository; now: () => Date };

/** The six lists of the Leads screen (capture entries have their own search). */
export type LeadView = "internal" | "external" | "retailerProgram" | "secondPartner" | "rejected";

const VIEW_FILTERS: Record<LeadView, Pick<LeadFilters, "kind" | "sources" | "rejected">> = {
  internal: { kind: "internal", rejected: "exclude" },
  external: { kind: "external", rejected: "exclude" },
  retailerProgram: { sources: ["retailerProgram"], rejected: "exclude" },
  secondPartner: { sources: ["secondPartner"], rejected: "exclude" },
  rejected: { rejected: "only" },
};
/** The title of a list's export: its sheet, and its file name (`internal-leads-2026-11-21.csv`). */
const VIEW_TITLE: Record<LeadView, string> = {
  internal: "Internal leads",
  external: "External leads",
  retailerProgram: "Retailer program leads",
  secondPartner: "Second partner leads",
  rejected: "Rejected leads",
};
/**
 * Rows read per query while an export streams: small enough that a chunk's rows are gone before the garbage
 * collector moves them to the old generation, large enough that the queries cost little beside the writing.
 */
const EXPORT_CHUNK = 1000;

const CAPTURE_COLUMNS: ExportColumn<CaptureEntryItem>[] = [
  { header: "Entry id", value: (e) => e.id },
  { header: "Received", value: (e) => e.receivedAtLocal },
  { header: "Time zone", value: (e) => e.timeZone },
  { header: "Source", value: (e) => e.source },
  { header: "Store", value: (e) => e.storeName },
  { header: "Territory", value: (e) => e.territoryName },
  { header: "Submitted by", value: (e) => e.leadGeneratorName },
  { header: "Outcome", value: (e) => e.outcome },
  { header: "Lead id", value: (e) => e.leadId },
  { header: "Message", value: (e) => e.message },
  { header: "Payload", value: (e) => JSON.stringify(e.payload) },
];

/**
 * Where a search's page starts: right after a cursor's row (`after`: no offset, so any depth costs what the first
 * page does, past the counted 10,000 too), or at its page number (an offset, refused past the count cap).
 */
export function pageAt(req: Pick<LeadSearchRequest, "page" | "pageSize" | "after">): PageAt {
  return req.after != null
    ? { limit: req.pageSize, after: req.after }
    : pageOf(req, { countCap: LEAD_SEARCH_COUNT_CAP });
}

export function leadsSearchService(d: Deps) {
  function filters(ctx: TenantContext, view: LeadView, req: LeadSearchRequest): LeadFilters {
    if (req.deleted) requireLeadRestorer(ctx);
    const v = VIEW_FILTERS[view];
    const sources = v.sources
      ? v.sources.filter((s) => !req.sources?.length || req.sources.includes(s))
      : req.sources;
    return {
      scope: leadScope(ctx),
      kind: v.kind,
      // A filter that excludes its own view's sources leaves nothing (never "everything").
      sources: v.sources && sources?.length === 0 ? (["none" as LeadSource] as LeadSource[]) : sources,
      rejected: v.rejected,
      statusIds: req.statusIds,
      rejectionReasons: req.rejectionReasons as RejectionReason[] | undefined,
      range: tenantDateRange(ctx, req, d.now()),
      territoryIds: req.territoryIds,
      storeIds: req.storeIds,
      leadGeneratorIds: req.leadGeneratorIds,
      serviceTypeIds: req.serviceTypeIds,
      text: req.text,
      duplicatesOnly: req.duplicatesOnly,
      deleted: req.deleted ?? false,
    };
  }

  async function exportLeads(
    ctx: TenantContext,
    view: LeadView,
    f: LeadFilters,
    req: LeadSearchRequest,
    format: ExportFile["kind"],
  ): Promise<ExportFile> {
    const sort = { key: req.sortBy, direction: req.sortDirection };
    // The ids first (in order, at most the cap): the export is the result as it stood when it was asked for,
    // and a failing search answers an error before the download starts.
    const ids = await d.search.ids(d.uow.read, f, sort, LEAD_EXPORT_ROW_CAP);
    const [language, ...program] = await Promise.all(
      ["languageTypes", "hdsfiGroup", "hdJobType", "centahServiceId", "centahAdCode"].map((l) =>
        d.repo.referenceNames(d.uow.read, l),
      ),
    );
    const names = {
      language,
      program: new Map(
        ["hdsfiGroup", "hdJobType", "centahServiceId", "centahAdCode"].map((l, i) => [l, program[i]]),
      ),
    };
    const { search, uow } = d;
    const read = async (slice: number[]): Promise<LeadExportRow[]> =>
      (await search.rowsByIds(uow.read, ctx, slice)).map((r) => {
        // Added to the list item in place: an export makes one object a row, not two.
        const row = toListItem(r, ctx.timeZone) as LeadExportRow;
        row.address = r.address;
        row.notes = r.notes;
        return row;
      });
    return exportFile({
      format,
      title: VIEW_TITLE[view],
      date: formatDate(d.now(), ctx.timeZone),
      columns: leadExportColumns(view, names),
      chunks: inChunks(ids, EXPORT_CHUNK, read),
    });
  }

  return {
    async search(ctx: TenantContext, view: LeadView, req: LeadSearchRequest): Promise<LeadPage | ExportFile> {
      const f = filters(ctx, view, req);
      if (req.format !== "json") return exportLeads(ctx, view, f, req, req.format);
      const sort = { key: req.sortBy, direction: req.sortDirection };
      const r = await d.search.page(d.uow.read, f, sort, pageAt(req), LEAD_SEARCH_COUNT_CAP);
      return {
        ...pageResult(
          r.rows.map((row) => toListItem(row, ctx.timeZone)),
          r.count,
          req,
        ),
        nextCursor: r.nextCursor,
      };
    },

    /** The SQL a search runs (page and count), to measure it on its own (bench/leads-search.bench.ts). */
    sqlOf(ctx: TenantContext, view: LeadView, req: LeadSearchRequest) {
      const f = filters(ctx, view, req);
      const sort = { key: req.sortBy, direction: req.sortDirection };
      return d.search.sqlOf(d.uow.read, f, sort, pageAt(req), LEAD_SEARCH_COUNT_CAP);
    },

    /** The raw submissions of the capture and QR forms, with what each became. */
    async captureEntries(
      ctx: TenantContext,
      req: CaptureEntrySearchRequest,
    ): Promise<CaptureEntryPage | ExportFile> {
      const scope = leadScope(ctx);
      const f = {
        scope,
        range: tenantDateRange(ctx, req, d.now()),
        territoryIds: req.territoryIds,
        storeIds: req.storeIds,
        leadGeneratorIds: req.leadGeneratorIds,
        sources: req.sources,
        outcomes: req.outcomes as CaptureOutcome[] | undefined,
      };
      const sort = { key: req.sortBy, direction: req.sortDirection };
      const { search, uow } = d;
      if (req.format !== "json") {
        const ids = await search.captureIds(uow.read, f, sort, LEAD_EXPORT_ROW_CAP);
        const read = async (slice: number[]) =>
          (await search.captureRowsByIds(uow.read, ctx, slice)).map((row) =>
            toCaptureItem(row, ctx.timeZone),
          );
        return exportFile({
          format: req.format,
          title: "Capture entries",
          date: formatDate(d.now(), ctx.timeZone),
          columns: CAPTURE_COLUMNS,
          chunks: inChunks(ids, EXPORT_CHUNK, read),
        });
      }
      const window = pageOf(req, { countCap: LEAD_SEARCH_COUNT_CAP });
      const r = await search.capturePage(uow.read, f, sort, window, LEAD_SEARCH_COUNT_CAP);
      return pageResult(
        r.rows.map((row) => toCaptureItem(row, ctx.timeZone)),
        r.count,
        req,
      );
    },
  };
}

function toCaptureItem(r: CaptureRow, orgTimeZone: string): CaptureEntryItem {
  const timeZone = r.storeTimeZone ?? orgTimeZone;
  return {
    id: r.id,
    receivedAt: r.receivedAt.toISOString(),
    receivedAtLocal: localDateTime(r.receivedAt, timeZone),
    timeZone,
    source: r.source as LeadSource,
    storeId: r.storeId,
    storeName: r.storeName,
    territoryId: r.territoryId,
    territoryName: r.territoryName,
    leadGeneratorId: r.submittedByUserId,
    leadGeneratorName: personName(r.firstName, r.lastName),
    outcome: r.outcome,
    leadId: r.leadId,
    rejectionReason: r.rejectionReason as RejectionReason | null,
    message: r.message,
    payload: r.payload,
  };
}

export type LeadsSearchService = ReturnType<typeof leadsSearchService>;
