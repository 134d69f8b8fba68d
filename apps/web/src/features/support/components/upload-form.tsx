import { Alert, Fieldset, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconInfoCircle } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { FormFooter } from "../../../components/form-footer";
import { FormError } from "../../../components/query-state";
import { ApiError, errorMessage } from "../../../lib/api-error";
import { splitServerErrors } from "../../../lib/form-errors";
import type { UploadOptions } from "../../../lib/upload";
import { FileDropField } from "./file-drop-field";
import type { FileRule } from "./file-kinds";
import { isAbort, UploadProgress, useUpload } from "./upload-progress";

/** What a document's and a tutorial's forms have in common. */
export type UploadValues = { title: string; description: string; file: File | null };

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2_000;

/**
 * Where a refused save's messages go: a 413 or 415 (too large, not a kind of file it can be) in the server's own
 * words under the file; field errors beside their fields; the rest above the form.
 */
export function serverProblem(
  err: unknown,
  mapKey: (key: string) => string | null,
): { file: string | null; fieldErrors: Record<string, string>; other: string | null } {
  if (!(err instanceof ApiError)) return { file: null, fieldErrors: {}, other: errorMessage(err) };
  if ((err.status === 413 || err.status === 415) && Object.keys(err.errors).length === 0)
    return { file: err.message, fieldErrors: {}, other: null };
  const { fieldErrors, other } = splitServerErrors(err, mapKey);
  return { file: null, fieldErrors, other };
}

/**
 * A save that may carry a file: its progress and cancel, the message above the form, and what a cancelled or
 * refused save shows. `begin` clears the last try's messages and gives the upload's options; `settle` gives the
 * save's callbacks (a message and `onSaved` on success).
 */
export function useUploadSubmit<V extends UploadValues>(
  form: UseFormReturnType<V>,
  mapKey: (key: string) => string | null,
) {
  const upload = useUpload();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    upload,
    generalError,
    notice,
    begin(file: File | null): UploadOptions {
      setGeneralError(null);
      setNotice(null);
      return upload.begin(file !== null);
    },
    settle<T>(message: (saved: T) => string, onSaved: (saved: T) => void) {
      return {
        onSuccess: (saved: T) => {
          upload.end();
          notifications.show({ color: "teal", message: message(saved) });
          onSaved(saved);
        },
        onError: (err: unknown) => {
          upload.end();
          if (isAbort(err)) {
            setNotice("The upload was cancelled; nothing was saved.");
            return;
          }
          const problem = serverProblem(err, mapKey);
          if (problem.file) form.setFieldError("file", problem.file);
          else form.setErrors(problem.fieldErrors);
          setGeneralError(problem.other);
        },
      };
    },
  };
}

/** The file field's own words and rule; the form gives the rest. */
export type UploadFileProps = { label: string; description?: string; rule: FileRule; required: boolean };

/**
 * The body of an upload form: messages, title and description (and `fields` after them), the file with its
 * progress bar (none when `file` is null), and the Cancel / submit row.
 */
export function UploadFormLayout<V extends UploadValues>({
  name,
  form,
  kit,
  pending,
  onSubmit,
  fields,
  file,
  submitLabel,
  onCancel,
}: {
  /** The form's accessible name. */
  name: string;
  form: UseFormReturnType<V>;
  kit: ReturnType<typeof useUploadSubmit<V>>;
  pending: boolean;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  fields?: ReactNode;
  file: UploadFileProps | null;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { upload } = kit;
  const chosen = form.values.file;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={name}>
      <Stack gap="md" pb="md">
        {kit.generalError ? <FormError>{kit.generalError}</FormError> : null}
        {kit.notice ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
            {kit.notice}
          </Alert>
        ) : null}
        <Fieldset variant="unstyled" disabled={pending}>
          <Stack gap="md">
            <TextInput
              label="Title"
              required
              maxLength={TITLE_MAX}
              data-autofocus
              {...form.getInputProps("title")}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={6}
              maxLength={DESCRIPTION_MAX}
              {...form.getInputProps("description")}
            />
            {fields}
          </Stack>
        </Fieldset>
        {file ? (
          <FileDropField
            {...file}
            disabled={pending}
            file={chosen}
            onChange={(next) => {
              // A generic form cannot name the field's type; every upload form holds `File | null` there.
              form.setFieldValue("file", next as never);
              if (next) form.clearFieldError("file");
            }}
            onProblem={(problem) =>
              problem ? form.setFieldError("file", problem) : form.clearFieldError("file")
            }
            error={typeof form.errors.file === "string" ? form.errors.file : null}
          />
        ) : null}
        {pending && upload.percent !== null && chosen ? (
          <UploadProgress percent={upload.percent} fileName={chosen.name} onCancel={upload.cancel} />
        ) : null}
      </Stack>
      <FormFooter onCancel={onCancel} pending={pending} submitLabel={submitLabel} />
    </form>
  );
}

/**
 * An upload form in a dialog: a new item (`item` null) or a change to one, full screen on a phone. The form is
 * made only while the dialog is open (closing it stops an upload), and what it showed stays while it fades out.
 */
export function UploadModal<T extends { id: number; title: string }>({
  opened,
  item,
  newTitle,
  onClose,
  children,
}: {
  opened: boolean;
  item: T | null;
  /** The dialog's title when it adds one. */
  newTitle: string;
  onClose: () => void;
  /** The form for what the dialog shows; keyed by the caller's item. */
  children: (shown: T | null) => ReactNode;
}) {
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  const [shown, setShown] = useState<T | null>(item);
  if (opened && item !== shown) setShown(item);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shown ? `Edit ${shown.title}` : newTitle}
      fullScreen={phone}
      size="lg"
      centered
      radius="md"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened ? children(shown) : null}
    </Modal>
  );
}
