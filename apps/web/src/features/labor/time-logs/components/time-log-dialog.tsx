import type { TimeLogItem } from "@fieldlead/contracts";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { FormError } from "../../../../components/query-state";
import { errorMessage } from "../../../../lib/api-error";
import { useDeleteTimeLog, useUpdateTimeLog } from "../api/time-logs";
import { checkReason } from "./checks";
import { logSpanText, spanText } from "./format";
import { ProposeForm } from "./propose-form";
import { TimeLogAudit } from "./time-log-audit";
import { TimeLogForm } from "./time-log-form";

/** What the dialog shows: a log to correct, delete, accept, propose or read the history of; or a shift to add. */
export type TimeLogTarget =
  | { kind: "edit" | "delete" | "history" | "accept" | "propose"; log: TimeLogItem }
  | { kind: "entry"; userId: number; userName: string; defaultDate?: string }
  | null;

/** "2025-03-03 at Costco Wayne, 09:00 – 17:00 EST". */
export const logTitle = (log: TimeLogItem) => `${log.workDate} at ${log.storeName}, ${logSpanText(log)}`;

function titleOf(target: Exclude<TimeLogTarget, null>): string {
  switch (target.kind) {
    case "entry":
      return `Add a shift for ${target.userName}`;
    case "edit":
      return `Correct the time log of ${target.log.userName}`;
    case "delete":
      return "Delete this time log?";
    case "history":
      return "History of the time log";
    case "accept":
      return "Accept the proposal?";
    case "propose":
      return "Propose the time";
  }
}

/** A reason box and a button: what deleting a log, or accepting a proposal with a note, asks. */
function ReasonForm({
  label,
  required,
  submitLabel,
  danger,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  required: boolean;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = required || reason.trim() ? checkReason(reason) : null;
    setFieldError(problem);
    if (!problem) onSubmit(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        {error ? <FormError>{error}</FormError> : null}
        <Textarea
          label={label}
          required={required}
          autosize
          minRows={2}
          maxRows={5}
          value={reason}
          error={fieldError}
          disabled={pending}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color={danger ? "red" : undefined} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteLog({
  log,
  onDone,
  onCancel,
}: {
  log: TimeLogItem;
  onDone: () => void;
  onCancel: () => void;
}) {
  const remove = useDeleteTimeLog();
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Text fz="sm">
        The time log of <b>{log.userName}</b> on {logTitle(log)} goes away from their hours. Its history keeps
        it as it was, with your reason.
      </Text>
      <ReasonForm
        label="Reason"
        required
        submitLabel="Delete"
        danger
        pending={remove.isPending}
        error={error}
        onCancel={onCancel}
        onSubmit={(reason) => {
          setError(null);
          remove.mutate(
            { userId: log.userId, logId: log.id, reason },
            {
              onSuccess: () => {
                notifications.show({
                  color: "teal",
                  message: `The time log of ${log.workDate} was deleted.`,
                });
                onDone();
              },
              onError: (err) => setError(errorMessage(err)),
            },
          );
        }}
      />
    </Stack>
  );
}

function AcceptProposal({
  log,
  onDone,
  onCancel,
}: {
  log: TimeLogItem;
  onDone: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateTimeLog();
  const [error, setError] = useState<string | null>(null);
  const proposal = log.proposal;
  return (
    <Stack gap="md">
      <Text fz="sm">
        <b>{log.userName}</b> says they worked <b>{proposal ? spanText(proposal) : "(no proposal)"}</b> on{" "}
        {log.workDate} at {log.storeName}
        {proposal?.reason ? `: “${proposal.reason}”` : "."}
      </Text>
      <ReasonForm
        label="Note (optional)"
        required={false}
        submitLabel="Accept"
        pending={update.isPending}
        error={error}
        onCancel={onCancel}
        onSubmit={(reason) => {
          setError(null);
          update.mutate(
            { userId: log.userId, logId: log.id, body: { kind: "accept", reason: reason || null } },
            {
              onSuccess: () => {
                notifications.show({
                  color: "teal",
                  message: `The proposal of ${log.userName} for ${log.workDate} was accepted.`,
                });
                onDone();
              },
              onError: (err) => setError(errorMessage(err)),
            },
          );
        }}
      />
    </Stack>
  );
}

/** The one dialog of the time log screens: correct, add, delete, accept, propose, or read the audit trail. */
export function TimeLogDialog({ target, onClose }: { target: TimeLogTarget; onClose: () => void }) {
  const phone = useMediaQuery("(max-width: 36em)", false);
  // What the dialog showed stays while it fades out.
  const [shown, setShown] = useState<TimeLogTarget>(target);
  if (target !== null && target !== shown) setShown(target);

  let body = null;
  if (shown) {
    switch (shown.kind) {
      case "entry":
        body = (
          <TimeLogForm
            log={null}
            userId={shown.userId}
            userName={shown.userName}
            defaultDate={shown.defaultDate}
            onSaved={onClose}
            onCancel={onClose}
          />
        );
        break;
      case "edit":
        body = (
          <TimeLogForm
            key={shown.log.id}
            log={shown.log}
            userId={shown.log.userId}
            userName={shown.log.userName}
            onSaved={onClose}
            onCancel={onClose}
          />
        );
        break;
      case "delete":
        body = <DeleteLog key={shown.log.id} log={shown.log} onDone={onClose} onCancel={onClose} />;
        break;
      case "accept":
        body = <AcceptProposal key={shown.log.id} log={shown.log} onDone={onClose} onCancel={onClose} />;
        break;
      case "propose":
        body = <ProposeForm key={shown.log.id} log={shown.log} onDone={onClose} onCancel={onClose} />;
        break;
      case "history":
        body = (
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {shown.log.userName}: {logTitle(shown.log)}
            </Text>
            <TimeLogAudit userId={shown.log.userId} logId={shown.log.id} timeZone={shown.log.timeZone} />
          </Stack>
        );
        break;
    }
  }

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={shown ? titleOf(shown) : ""}
      fullScreen={phone}
      size={shown?.kind === "history" ? "lg" : "md"}
      radius="md"
      centered
      onExitTransitionEnd={() => setShown(null)}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {body}
    </Modal>
  );
}
