import type { DocumentItem, DocumentKind, DocumentUpsertRequest } from "@fieldlead/contracts";
import { Alert, Fieldset, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { FormFooter } from "../../../components/form-footer";
import { FormError } from "../../../components/query-state";
import { ApiError, errorMessage } from "../../../lib/api-error";
import { fieldsOf, splitServerErrors } from "../../../lib/form-errors";
import { useSaveDocument } from "../api/documents";
import { FileDropField } from "./file-drop-field";
import { DOCUMENT_RULE } from "./file-kinds";
import { isAbort, UploadProgress, useUpload } from "./upload-progress";

export type DocumentFormValues = { title: string; description: string; file: File | null };

const fieldOf = fieldsOf(["title", "description", "file"]);
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2_000;

/** The form's checks in the form's words (the server checks the same, and the file's content). */
export function validateDocument(v: DocumentFormValues, adding: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.title.trim()) errors.title = "Give the document a title";
  else if (v.title.trim().length > TITLE_MAX) errors.title = `Use at most ${TITLE_MAX} characters`;
  if (v.description.trim().length > DESCRIPTION_MAX) errors.description = "Use at most 2,000 characters";
  if (adding && !v.file) errors.file = "Choose the file to upload";
  return errors;
}

/**
 * Where a refused save's messages go: a 413 or 415 (too large, not a kind of file it can be) in the server's own
 * words under the file; field errors beside their fields; the rest above the form.
 */
export function serverProblem(
  err: unknown,
  mapKey: (key: string) => string | null = fieldOf,
): { file: string | null; fieldErrors: Record<string, string>; other: string | null } {
  if (!(err instanceof ApiError)) return { file: null, fieldErrors: {}, other: errorMessage(err) };
  if ((err.status === 413 || err.status === 415) && Object.keys(err.errors).length === 0)
    return { file: err.message, fieldErrors: {}, other: null };
  const { fieldErrors, other } = splitServerErrors(err, mapKey);
  return { file: null, fieldErrors, other };
}

/**
 * Adds a document (title, description, file) or changes one (its words, and its file when a new one is chosen).
 * A file goes as `multipart/form-data` with a progress bar and a Cancel button; without one the words go as JSON.
 */
export function DocumentForm({
  kind,
  document,
  onSaved,
  onCancel,
}: {
  kind: DocumentKind;
  /** The document to change; null adds one. */
  document: DocumentItem | null;
  onSaved: (saved: DocumentItem) => void;
  onCancel: () => void;
}) {
  const save = useSaveDocument(kind);
  const upload = useUpload();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const adding = document === null;
  const form = useForm<DocumentFormValues>({
    mode: "controlled",
    initialValues: { title: document?.title ?? "", description: document?.description ?? "", file: null },
    validate: (v) => validateDocument(v, adding),
  });

  const onError = (err: unknown) => {
    upload.end();
    if (isAbort(err)) {
      setNotice("The upload was cancelled; nothing was saved.");
      return;
    }
    const problem = serverProblem(err);
    if (problem.file) form.setFieldError("file", problem.file);
    else form.setErrors(problem.fieldErrors);
    setGeneralError(problem.other);
  };

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    setNotice(null);
    const description = values.description.trim();
    // A form field is text: an empty description is sent as one (null in JSON).
    const body: DocumentUpsertRequest = {
      ...(document ? { id: document.id } : {}),
      title: values.title.trim(),
      description: values.file ? description : description || null,
    };
    save.mutate(
      { body, file: values.file, ...upload.begin(values.file !== null) },
      {
        onSuccess: (saved) => {
          upload.end();
          notifications.show({
            color: "teal",
            message: adding ? `“${saved.title}” was uploaded.` : `“${saved.title}” was saved.`,
          });
          onSaved(saved);
        },
        onError,
      },
    );
  });

  const pending = save.isPending;
  const name = adding ? "Upload document" : `Edit ${document.title}`;
  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      <Stack gap="md" pb="md">
        {generalError ? <FormError>{generalError}</FormError> : null}
        {notice ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
            {notice}
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
          </Stack>
        </Fieldset>
        <FileDropField
          label={adding ? "File" : "Replace the file"}
          description={
            adding ? undefined : `Leave empty to keep ${document.file.fileName}. A new file replaces it.`
          }
          rule={DOCUMENT_RULE}
          required={adding}
          disabled={pending}
          file={form.values.file}
          onChange={(file) => {
            form.setFieldValue("file", file);
            if (file) form.clearFieldError("file");
          }}
          onProblem={(problem) =>
            problem ? form.setFieldError("file", problem) : form.clearFieldError("file")
          }
          error={typeof form.errors.file === "string" ? form.errors.file : null}
        />
        {pending && upload.percent !== null && form.values.file ? (
          <UploadProgress
            percent={upload.percent}
            fileName={form.values.file.name}
            onCancel={upload.cancel}
          />
        ) : null}
      </Stack>
      <FormFooter onCancel={onCancel} pending={pending} submitLabel={adding ? "Upload" : "Save"} />
    </form>
  );
}
