import {
  formatDate,
  LEAD_GENERATOR_ROLE_IDS,
  QR_EXPORT_MAX_CODES,
  QR_NO_GROUP,
  type QrCodeItem,
  type qrCodeExportQuery,
  type qrCodeSearchRequest,
  type qrCodeUpsertRequest,
  qrPagePath,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, fieldError, forbidden, notFound } from "../../platform/errors";
import {
  type DocumentFile,
  documentFile,
  type ExportColumn,
  type ExportFile,
  exportFile,
} from "../../platform/export";
import type { Page } from "../../platform/query-kit";
import { pageOf, pageResult } from "../../platform/query-kit";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { inQrScope, type QrScope, requireQrEditor, requireQrReader } from "./qr-codes.policy";
import type { QrCodeFilters, QrCodeRow, QrCodesRepository } from "./qr-codes.repository";
import { type QrCard, qrSheetPdf } from "./qr-sheet";

type SearchInput = z.output<typeof qrCodeSearchRequest>;
type UpsertInput = z.output<typeof qrCodeUpsertRequest>;
type ExportInput = z.output<typeof qrCodeExportQuery>;

type Deps = {
  uow: UnitOfWork;
  repo: QrCodesRepository;
  /** The server's public address: a code's QR image encodes it and the page's path. */
  publicUrl: string;
  now?: () => Date;
};

/** A clash with the person's active code of the same group in another organization: said without naming it. */
export const ACTIVE_ELSEWHERE =
  "This person already has an active code for this group; stop it there before making another here.";

const personName = (first: string, last: string) => `${first} ${last}`.trim();
const groupLabel = (group: number, name: string | null) =>
  group === QR_NO_GROUP ? "no group" : `the group ${name ?? group}`;

/** A code's group as printed: none for group 0, else its name (or its id when the list no longer has it). */
const printedGroup = (r: QrCodeRow) => (r.group === QR_NO_GROUP ? null : (r.groupName ?? String(r.group)));

function toItem(r: QrCodeRow, entryCount: number, url: string): QrCodeItem {
  return {
    id: r.id,
    userId: r.userId,
    userUid: r.userUid,
    userName: personName(r.firstName, r.lastName),
    storeId: r.storeId,
    storeName: r.storeName,
    territoryId: r.territoryId,
    group: r.group,
    groupName: r.groupName,
    isActive: r.isActive,
    isLive: Boolean(r.isLive),
    path: qrPagePath(r.userUid, r.group),
    url,
    entryCount,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const filtersOf = (
  scope: QrScope,
  f: Omit<QrCodeFilters, "territoryIds" | "ownUserId" | "groupedOnly">,
): QrCodeFilters => ({
  ...f,
  territoryIds: scope.territoryIds,
  ownUserId: scope.ownUserId,
  groupedOnly: scope.groupedOnly,
});

/**
 * The staff's side of QR codes (docs/decisions/0037): the list, creating and changing a code, and the printable
 * export. A code is one person's, for one group, at one store; its address (`/q/{uid}/{group}`) never changes, so
 * neither its person nor its group can be changed after it is made (a new code is made instead).
 */
export function qrCodesService(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };

  async function items(ctx: TenantContext, rows: QrCodeRow[]): Promise<QrCodeItem[]> {
    const counts = await d.repo.entryCounts(
      d.uow.read,
      ctx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toItem(r, counts.get(r.id) ?? 0, urlOf(r)));
  }

  async function itemOf(ctx: TenantContext, id: number): Promise<QrCodeItem> {
    const row = await d.repo.item(d.uow.read, ctx, id);
    if (!row) throw notFound("The QR code");
    const [item] = await items(ctx, [row]);
    return item;
  }

  /** What the code's image encodes, the CSV lists and the sheet prints: the server's address and the page's path. */
  const urlOf = (r: QrCodeRow) => `${d.publicUrl}${qrPagePath(r.userUid, r.group)}`;

  const cardsColumns: ExportColumn<QrCodeRow>[] = [
    { header: "Person", value: (r) => personName(r.firstName, r.lastName) },
    { header: "Store", value: (r) => r.storeName },
    { header: "Group", value: (r) => printedGroup(r) ?? "" },
    { header: "Group id", value: (r) => r.group },
    { header: "Active", value: (r) => (r.isActive ? "Yes" : "No") },
    { header: "Live", value: (r) => (r.isLive ? "Yes" : "No") },
    { header: "Link", value: urlOf },
    { header: "Code id", value: (r) => r.id },
  ];

  return {
    async search(ctx: TenantContext, input: SearchInput): Promise<Page<QrCodeItem>> {
      const scope = requireQrReader(ctx);
      // The second partner's portal has no codes to see: an empty page, not a refusal (the menu shows the entry).
      if (scope.none) return pageResult([], 0, input);
      const { rows, total } = await d.repo.search(
        d.uow.read,
        ctx,
        filtersOf(scope, input),
        { sortBy: input.sortBy, direction: input.sortDirection },
        pageOf(input),
      );
      return pageResult(await items(ctx, rows), total, input);
    },

    /**
     * Creates a code (no `id`) or changes one: its store and whether it is active. One per person and group in the
     * organization (409 naming the code that exists), and one ACTIVE per person and group anywhere (the address
     * names no organization: 409 without naming the other organization). A lead generator makes and changes their
     * own codes only; a territory-limited role codes at stores of their territories.
     */
    async upsert(ctx: TenantContext, input: UpsertInput): Promise<QrCodeItem> {
      const scope = requireQrEditor(ctx);
      const read = d.uow.read;
      const existing = input.id ? await d.repo.item(read, ctx, input.id) : null;
      if (input.id && (!existing || !inQrScope(scope, existing))) throw notFound("The QR code");
      if (scope.ownUserId !== null && input.userId !== scope.ownUserId)
        throw forbidden("Lead generators make and change their own QR codes only.");
      if (existing && input.userId !== existing.userId)
        throw fieldError(
          "body.userId",
          "A code belongs to its person (their page's address): make a new code for another person.",
        );
      if (existing && input.group !== existing.group)
        throw fieldError(
          "body.group",
          "A code's group is part of its address: make a new code for another group.",
        );
      let name = existing ? personName(existing.firstName, existing.lastName) : "";
      if (!existing) {
        const member = await d.repo.member(read, ctx, input.userId);
        if (!member || !LEAD_GENERATOR_ROLE_IDS.includes(member.roleId))
          throw fieldError("body.userId", "Choose a lead generator of this organization.");
        name = personName(member.firstName, member.lastName);
        if (!member.isActive)
          throw fieldError("body.userId", `${name} is inactive here; choose an active lead generator.`);
      }
      let groupName: string | null = existing?.groupName ?? null;
      if (!existing && input.group !== QR_NO_GROUP) {
        groupName = await d.repo.groupName(read, input.group);
        if (groupName === null)
          throw fieldError("body.group", "Choose a group of the list, or no group (0).");
      }
      if (!existing || input.storeId !== existing.storeId) {
        const store = await d.repo.store(read, ctx, input.storeId);
        if (!store) throw notFound("The store");
        if (!store.isActive)
          throw fieldError("body.storeId", `${store.name} is inactive; choose an active store.`);
        if (
          scope.territoryIds &&
          (store.territoryId === null || !scope.territoryIds.includes(store.territoryId))
        )
          throw forbidden(`${store.name} is outside your territories.`);
      }
      const taken = (id: number) => {
        const message = `${name} already has a code for ${groupLabel(input.group, groupName)} here (code ${id}); change that one instead.`;
        return conflict(message, { "body.group": [message] });
      };
      const id = await d.uow
        .run(async (tx) => {
          if (existing) {
            await d.repo.update(tx, ctx, existing.id, {
              storeId: input.storeId,
              isActive: input.isActive,
              byUserId: ctx.userId,
            });
            return existing.id;
          }
          const same = await d.repo.ofPersonAndGroup(tx, ctx, input.userId, input.group);
          if (same) throw taken(same.id);
          return d.repo.insert(tx, ctx, {
            userId: input.userId,
            storeId: input.storeId,
            group: input.group,
            isActive: input.isActive,
            byUserId: ctx.userId,
          });
        })
        .catch(async (err: unknown) => {
          if (isUniqueViolation(err, "qr_codes_active_user_group_key"))
            throw conflict(ACTIVE_ELSEWHERE, { "body.isActive": [ACTIVE_ELSEWHERE] });
          if (isUniqueViolation(err, "qr_codes_org_user_group_key")) {
            // Two creates of the same code at once: the second names the first.
            const same = await d.repo.ofPersonAndGroup(read, ctx, input.userId, input.group);
            if (same) throw taken(same.id);
          }
          throw err;
        });
      return itemOf(ctx, id);
    },

    /**
     * Printable codes: a PDF sheet of cut-out cards (qr-sheet.ts) or a CSV of the codes with their full links, for
     * the codes the caller reaches that match the filters (or `ids`). At most QR_EXPORT_MAX_CODES: more is a 400
     * that says to narrow the filters.
     */
    async export(ctx: TenantContext, input: ExportInput): Promise<ExportFile | DocumentFile> {
      const scope = requireQrReader(ctx);
      const organizationName = await d.repo.organizationName(d.uow.read, ctx);
      const rows = scope.none
        ? []
        : await d.repo.list(
            d.uow.read,
            ctx,
            filtersOf(scope, {
              ids: input.ids,
              userIds: input.userIds,
              storeIds: input.storeIds,
              groups: input.groups,
              text: input.text,
              isActive: input.isActive === undefined ? null : input.isActive === "true",
            }),
            { sortBy: "userName", direction: "asc" },
            QR_EXPORT_MAX_CODES + 1,
          );
      if (rows.length > QR_EXPORT_MAX_CODES) {
        const most = QR_EXPORT_MAX_CODES.toLocaleString("en-US");
        throw badRequest(
          `More than ${most} codes match; an export holds at most ${most}. Narrow the filters (a store, a group, some people) and export again.`,
        );
      }
      const date = formatDate(d.now(), ctx.timeZone);
      if (input.format === "csv") {
        return exportFile({
          format: "csv",
          title: "QR codes",
          date,
          columns: cardsColumns,
          chunks: (async function* () {
            yield rows;
          })(),
        });
      }
      const cards: QrCard[] = rows.map((r) => ({
        personName: personName(r.firstName, r.lastName),
        storeName: r.storeName,
        groupName: printedGroup(r),
        url: urlOf(r),
      }));
      return documentFile({
        format: "pdf",
        title: "QR codes",
        date,
        body: qrSheetPdf(cards, { organizationName }),
      });
    },
  };
}

export type QrCodesService = ReturnType<typeof qrCodesService>;
