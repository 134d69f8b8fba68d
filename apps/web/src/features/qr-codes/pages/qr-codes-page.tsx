import { isLeadGeneratorRole, QR_SORT_KEYS, type QrCodeItem, reachOf } from "@fieldlead/contracts";
import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconQrcode } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ConfirmModal } from "../../../components/confirm-modal";
import { ExportButtons } from "../../../components/export-buttons";
import { PageHeader } from "../../../components/page-header";
import { listPageParams, useListPage } from "../../../components/use-list-page";
import { errorMessage } from "../../../lib/api-error";
import { useCan } from "../../../lib/can";
import { flagParam, idsParam, named, textParam } from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import { exportQrCodes, printQrCode, useQrCodes } from "../api/search-qr-codes";
import { qrRequestOf, useUpsertQrCode } from "../api/upsert-qr-code";
import { groupLabel, groupsParam } from "../components/groups";
import { QrCodeDrawer, type QrDrawerTarget } from "../components/qr-code-drawer";
import { QrCodeModal } from "../components/qr-code-modal";
import { QrCodesFilters } from "../components/qr-codes-filters";
import { QrCodesTable, type QrRowAction } from "../components/qr-codes-table";
import { type MyCodeState, takeReturnFocusToMyCode } from "../components/return-focus";

/** Print (the PDF sheet of cut-out cards) and the CSV of the codes and their links. */
const QR_EXPORT_FORMATS = ["pdf", "csv"] as const;

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(QR_SORT_KEYS, "userName"),
  // The request's `text`, written `search` in the address as on the other lists.
  text: named("search", textParam()),
  storeIds: idsParam(),
  groups: groupsParam(),
  isActive: flagParam(true),
};

/**
 * The QR codes the caller reaches (a lead generator: their own; territory roles: their territories' stores):
 * found by person, store, group and status, shown large, printed as cut-out cards or exported as CSV, created
 * and turned off by managers and lead generators. A lead generator finds "Show my code" first.
 */
export function QrCodesPage() {
  const me = useSession();
  const canEdit = useCan()("qrCodes.edit");
  const list = useListPage(PARAMS);
  const query = useQrCodes(list.request);
  const upsert = useUpsertQrCode();
  const [drawer, setDrawer] = useState<QrDrawerTarget>(null);
  const [showing, setShowing] = useState<QrCodeItem | null>(null);
  const [deactivating, setDeactivating] = useState<QrCodeItem | null>(null);
  const leadGenerator = !!me && isLeadGeneratorRole(me.roleId);
  // A lead generator (row scope "self") makes and changes their own codes only.
  const ownUserId = me && reachOf(me) === "self" ? me.userId : undefined;

  const myCodeButton = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (takeReturnFocusToMyCode()) myCodeButton.current?.focus();
  }, []);

  const save = (code: QrCodeItem, isActive: boolean, done?: () => void) =>
    upsert.mutate(qrRequestOf(code, { isActive }), {
      onSuccess: (saved) => {
        notifications.show({
          color: "teal",
          message: isActive
            ? `The code of ${saved.userName} (${groupLabel(saved)}) is active again.`
            : `The code of ${saved.userName} (${groupLabel(saved)}) was deactivated.`,
        });
        done?.();
      },
      onError: (err) => {
        notifications.show({ color: "red", title: "Could not save", message: errorMessage(err) });
        done?.();
      },
    });

  const print = async (code: QrCodeItem) => {
    try {
      const name = await printQrCode(code.id);
      notifications.show({ color: "teal", message: `${name} was downloaded.` });
    } catch (err) {
      notifications.show({ color: "red", title: "Could not print", message: errorMessage(err) });
    }
  };

  const onAction = (action: QrRowAction, code: QrCodeItem) => {
    if (action === "show") setShowing(code);
    else if (action === "edit") setDrawer({ code });
    else if (action === "print") void print(code);
    else if (action === "deactivate") setDeactivating(code);
    else save(code, true);
  };

  const newCodeButton = canEdit ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDrawer({ code: null })}>
      New code
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="QR codes"
        description={
          leadGenerator
            ? "Your codes: show one to a shopper to scan, or print it. Shoppers who scan it book themselves."
            : "Lead generators' codes that shoppers scan to book themselves: find, show, print and turn them off."
        }
        actions={
          <>
            {newCodeButton}
            <ExportButtons
              formats={QR_EXPORT_FORMATS}
              disabled={!query.data || query.data.total === 0}
              onExport={(format) => exportQrCodes(list.request, format)}
            />
          </>
        }
      />
      {leadGenerator ? (
        <Button
          ref={myCodeButton}
          component={Link}
          to="/qr-codes/mine"
          state={{ fromList: true } satisfies MyCodeState}
          size="xl"
          fullWidth
          mb="lg"
          leftSection={<IconQrcode size={28} aria-hidden />}
        >
          Show my code
        </Button>
      ) : null}
      <QrCodesFilters
        value={list.params}
        onChange={list.setParams}
        activeCount={list.filterCount}
        onClear={list.clearFilters}
      />
      <QrCodesTable
        {...list.tableProps(query)}
        onAction={onAction}
        canEdit={canEdit}
        emptyAction={newCodeButton}
      />
      <QrCodeModal code={showing} onClose={() => setShowing(null)} />
      <QrCodeDrawer target={drawer} ownUserId={ownUserId} onClose={() => setDrawer(null)} />
      <ConfirmModal
        opened={deactivating !== null}
        title="Deactivate this code?"
        confirmLabel="Deactivate"
        loading={upsert.isPending}
        onConfirm={() => deactivating && save(deactivating, false, () => setDeactivating(null))}
        onClose={() => setDeactivating(null)}
      >
        {deactivating ? (
          <>
            The printed code of <b>{deactivating.userName}</b> ({groupLabel(deactivating)},{" "}
            {deactivating.storeName}) stops working: shoppers who scan it are told it is not available. You
            can activate it again later.
          </>
        ) : null}
      </ConfirmModal>
    </>
  );
}
