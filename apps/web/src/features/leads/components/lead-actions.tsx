import {
  LEAD_STATUS,
  type LeadDetail,
  leadStatusName,
  nextLeadStatuses,
  REJECTION_REASONS,
  type RejectionReason,
} from "@fieldlead/contracts";
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowBackUp, IconBan, IconPencil, IconRestore, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { errorMessage } from "../../../lib/api-error";
import { useDeleteLead } from "../api/delete-lead";
import { useRestoreDeletedLead } from "../api/restore-deleted-lead";
import { useUpdateLead } from "../api/update-lead";

/**
 * The statuses this lead may move to: the contracts' transition table, narrowed by what the server says the
 * caller may do (lead generators never reject, for one).
 */
export function legalNextStatuses(lead: Pick<LeadDetail, "statusId" | "nextStatusIds">): number[] {
  const legal: readonly number[] = nextLeadStatuses(lead.statusId);
  return lead.nextStatusIds.filter((id) => legal.includes(id));
}

/** Picks the next status of a lead; Rejected has its own button (it needs a reason). */
export function StatusSelect({ lead }: { lead: LeadDetail }) {
  const update = useUpdateLead();
  const options = legalNextStatuses(lead).filter((id) => id !== LEAD_STATUS.rejected);
  if (lead.statusId === LEAD_STATUS.rejected || options.length === 0) return null;
  return (
    <Select<number>
      aria-label="Change status"
      placeholder="Change status…"
      data={options.map((id) => ({ value: id, label: leadStatusName(id) }))}
      value={null}
      disabled={update.isPending}
      w={190}
      comboboxProps={{ withinPortal: true }}
      onChange={(to) => {
        if (!to) return;
        update.mutate(
          { id: lead.id, kind: lead.kind, statusId: to },
          {
            onSuccess: () =>
              notifications.show({ color: "teal", message: `The lead is now ${leadStatusName(to)}.` }),
            onError: (err) =>
              notifications.show({
                color: "red",
                title: "Could not change the status",
                message: errorMessage(err),
              }),
          },
        );
      }}
    />
  );
}

function RejectModal({ lead, opened, onClose }: { lead: LeadDetail; opened: boolean; onClose: () => void }) {
  const update = useUpdateLead();
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason) return setError("Choose why the lead is rejected");
    update.mutate(
      { id: lead.id, kind: lead.kind, statusId: LEAD_STATUS.rejected, rejectionReason: reason },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: `Lead #${lead.id} was rejected.` });
          onClose();
        },
        onError: (err) => setError(err.fieldError("rejectionReason") ?? err.message),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Reject lead" centered radius="md">
      <Stack gap="md">
        <Text fz="sm">
          {lead.firstName} {lead.lastName} moves to the Rejected list with the reason you choose. It can be
          restored later.
        </Text>
        <Select<string>
          label="Reason"
          placeholder="Choose a reason"
          required
          data-autofocus
          data={REJECTION_REASONS.map((r) => ({ value: r.id, label: r.name }))}
          value={reason}
          onChange={(v) => {
            setReason(v as RejectionReason | null);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={update.isPending}>
            Reject lead
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Edit, change status, reject, restore and delete, each offered only when the server allows it. */
export function LeadActions({
  lead,
  canRestoreDeleted,
  onEdit,
  onDeleted,
}: {
  lead: LeadDetail;
  canRestoreDeleted: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const update = useUpdateLead();
  const remove = useDeleteLead();
  const restoreDeleted = useRestoreDeletedLead();
  const [rejecting, setRejecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const next = legalNextStatuses(lead);
  const fail = (title: string) => (err: unknown) =>
    notifications.show({ color: "red", title, message: errorMessage(err) });

  if (lead.deletedAt) {
    return canRestoreDeleted ? (
      <Button
        leftSection={<IconRestore size={16} />}
        loading={restoreDeleted.isPending}
        onClick={() =>
          restoreDeleted.mutate(lead.id, {
            onSuccess: () => notifications.show({ color: "teal", message: `Lead #${lead.id} was restored.` }),
            onError: fail("Could not restore"),
          })
        }
      >
        Restore lead
      </Button>
    ) : null;
  }

  // The primary action first (Edit), the status moves beside it, and Delete apart at the far end, behind its
  // confirmation: a thumb reaching for Edit on a phone never lands on it.
  return (
    <Group gap="sm" wrap="wrap" justify="space-between" align="flex-start">
      <Group gap="sm" wrap="wrap" role="group" aria-label="Work this lead">
        {lead.canEdit ? (
          <Button leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Button>
        ) : null}
        <StatusSelect lead={lead} />
        {next.includes(LEAD_STATUS.rejected) ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconBan size={16} />}
            onClick={() => setRejecting(true)}
          >
            Reject
          </Button>
        ) : null}
        {lead.statusId === LEAD_STATUS.rejected && next.includes(LEAD_STATUS.new) ? (
          <Button
            variant="light"
            color="teal"
            leftSection={<IconArrowBackUp size={16} />}
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: lead.id, kind: lead.kind, statusId: LEAD_STATUS.new },
                {
                  onSuccess: () =>
                    notifications.show({ color: "teal", message: `Lead #${lead.id} is back as New.` }),
                  onError: fail("Could not restore"),
                },
              )
            }
          >
            Restore
          </Button>
        ) : null}
      </Group>
      {lead.canDelete ? (
        <Group gap="sm" ml="auto" role="group" aria-label="Delete this lead">
          <Button
            variant="outline"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
        </Group>
      ) : null}

      <RejectModal
        key={String(rejecting)}
        lead={lead}
        opened={rejecting}
        onClose={() => setRejecting(false)}
      />
      <ConfirmModal
        opened={deleting}
        title="Delete lead"
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(
            { id: lead.id, kind: lead.kind },
            {
              onSuccess: () => {
                notifications.show({ color: "teal", message: `Lead #${lead.id} was deleted.` });
                setDeleting(false);
                onDeleted();
              },
              onError: fail("Could not delete"),
            },
          )
        }
      >
        Delete the lead of{" "}
        <b>
          {lead.firstName} {lead.lastName}
        </b>
        ? It leaves every list and search; an Admin can still restore it.
      </ConfirmModal>
    </Group>
  );
}
