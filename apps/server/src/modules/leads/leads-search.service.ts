import {
  addDays,
  type CaptureEntryPage,
  type CaptureEntrySearchRequest,
  type CaptureOutcome,
  type DateRangeOption,
  formatDate,
  LEAD_EXPORT_ROW_CAP,
  LEAD_SEARCH_COUNT_CAP,
  type LeadPage,
  type LeadSearchRequest,
  type LeadSource,
  type RejectionReason,
  resolveDateRange,
  zonedDateTimeToUtc,
} from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { badRequest } from "../../platform/errors";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { type ExportFile, exportFile, type LeadCsvRow, leadCsvColumns } from "./lead-csv";
import { localDateTime, personName, toListItem } from "./leads.mapper";
import { leadScope, requireLeadRestorer } from "./leads.policy";
import type { LeadsRepository } from "./leads.repository";
import type { LeadFilters, LeadsSearchRepository } from "./leads-search.repository";

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
const VIEW_FILE: Record<LeadView, string> = {
  internal: "internal-leads",
  external: "external-leads",
  retailerProgram: "retailer-program-leads",
  secondPartner: "second-partner-leads",
  rejected: "rejected-leads",
};
const EXPORT_CHUNK = 5000;

/** "internal-leads" -> "Internal leads": the sheet of an XLSX export. */
const sheetOf = (file: string) => file.charAt(0).toUpperCase() + file.slice(1).replace(/-/g, " ");

/**
 * The capture-time range of a search in the organization's zone: a custom range of local dates (either end
 * may be open) or one of the ten named ranges. None: all time.
 */
export function searchRange(
  ctx: TenantContext,
  req: { dateRange?: number | null; startDate?: string | null; endDate?: string | null },
  now: Date,
): { start: Date | null; end: Date | null } | undefined {
  if (req.startDate || req.endDate) {
    if (req.startDate && req.endDate && req.startDate > req.endDate) {
      throw badRequest(`The start date ${req.startDate} is after the end date ${req.endDate}.`, {
        "body.startDate": ["The start date is after the end date."],
      });
    }
    return {
      start: req.startDate ? zonedDateTimeToUtc(req.startDate, "00:00", ctx.timeZone) : null,
      end: req.endDate ? zonedDateTimeToUtc(addDays(req.endDate, 1), "00:00", ctx.timeZone) : null,
    };
  }
  if (req.dateRange) {
    const r = resolveDateRange(req.dateRange as DateRangeOption, now, ctx.timeZone, ctx.firstDayOfWeek);
    return { start: r.start, end: r.end };
  }
  return undefined;
}

function pageWindow(page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  if (offset >= LEAD_SEARCH_COUNT_CAP) {
    throw badRequest(
      `Pages past the first ${LEAD_SEARCH_COUNT_CAP.toLocaleString("en-US")} results are not listed; narrow the search or export it to CSV.`,
      { "body.page": ["Too deep; narrow the search."] },
    );
  }
  return offset;
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
      range: searchRange(ctx, req, d.now()),
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
    async function* chunks(): AsyncGenerator<LeadCsvRow[]> {
      for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
        const rows = await search.rowsByIds(uow.read, ctx, ids.slice(i, i + EXPORT_CHUNK));
        yield rows.map((r) => ({ ...toListItem(r, ctx.timeZone), address: r.address, notes: r.notes }));
      }
    }
    const file = VIEW_FILE[view];
    return exportFile(
      format,
      { name: `${file}-${formatDate(d.now(), ctx.timeZone)}`, sheet: sheetOf(file) },
      leadCsvColumns(view, names),
      chunks(),
    );
  }

  return {
    async search(ctx: TenantContext, view: LeadView, req: LeadSearchRequest): Promise<LeadPage | ExportFile> {
      const f = filters(ctx, view, req);
      if (req.format !== "json") return exportLeads(ctx, view, f, req, req.format);
      const offset = pageWindow(req.page, req.pageSize);
      const r = await d.search.page(
        d.uow.read,
        f,
        { key: req.sortBy, direction: req.sortDirection },
        req.pageSize,
        offset,
        LEAD_SEARCH_COUNT_CAP,
      );
      return {
        items: r.rows.map((row) => toListItem(row, ctx.timeZone)),
        total: r.total,
        totalCapped: r.capped,
        page: req.page,
        pageSize: req.pageSize,
      };
    },

    /** The SQL a search runs (page and count), to measure it on its own (bench/leads-search.bench.ts). */
    sqlOf(ctx: TenantContext, view: LeadView, req: LeadSearchRequest) {
      const f = filters(ctx, view, req);
      const sort = { key: req.sortBy, direction: req.sortDirection };
      return d.search.sqlOf(
        d.uow.read,
        f,
        sort,
        req.pageSize,
        pageWindow(req.page, req.pageSize),
        LEAD_SEARCH_COUNT_CAP,
      );
    },

    /** The raw submissions of the capture and QR forms, with what each became. */
    async captureEntries(
      ctx: TenantContext,
      req: CaptureEntrySearchRequest,
    ): Promise<CaptureEntryPage | ExportFile> {
      const scope = leadScope(ctx);
      const f = {
        scope,
        range: searchRange(ctx, req, d.now()),
        territoryIds: req.territoryIds,
        storeIds: req.storeIds,
        leadGeneratorIds: req.leadGeneratorIds,
        sources: req.sources,
        outcomes: req.outcomes as CaptureOutcome[] | undefined,
      };
      const sort = { key: req.sortBy, direction: req.sortDirection };
      if (req.format !== "json") {
        const r = await d.search.capturePage(d.uow.read, f, sort, LEAD_EXPORT_ROW_CAP, 0, 0);
        const items = r.rows.map((row) => toCaptureItem(row, ctx.timeZone));
        return exportFile(
          req.format,
          { name: `capture-entries-${formatDate(d.now(), ctx.timeZone)}`, sheet: "Capture entries" },
          [
            { header: "Entry id", value: (e: (typeof items)[number]) => e.id },
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
          ],
          (async function* () {
            yield items;
          })(),
        );
      }
      const offset = pageWindow(req.page, req.pageSize);
      const r = await d.search.capturePage(d.uow.read, f, sort, req.pageSize, offset, LEAD_SEARCH_COUNT_CAP);
      return {
        items: r.rows.map((row) => toCaptureItem(row, ctx.timeZone)),
        total: r.total,
        totalCapped: r.capped,
        page: req.page,
        pageSize: req.pageSize,
      };
    },
  };
}

function toCaptureItem(
  r: Awaited<ReturnType<LeadsSearchRepository["capturePage"]>>["rows"][number],
  orgTimeZone: string,
) {
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
