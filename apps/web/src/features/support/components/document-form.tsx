import type { DocumentItem, DocumentKind, DocumentUpsertRequest } from "@fieldlead/contracts";
import { useForm } from "@mantine/form";
import { fieldsOf } from "../../../lib/form-errors";
import { useSaveDocument } from "../api/documents";
import { DOCUMENT_RULE } from "./file-kinds";
import { DESCRIPTION_MAX, TITLE_MAX, UploadFormLayout, useUploadSubmit } from "./upload-form";

export type DocumentFormValues = { title: string; description: string; file: File | null };

const fieldOf = fieldsOf(["title", "description", "file"]);

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
  const adding = document === null;
  const form = useForm<DocumentFormValues>({
    mode: "controlled",
    initialValues: { title: document?.title ?? "", description: document?.description ?? "", file: null },
    validate: (v) => validateDocument(v, adding),
  });
  const kit = useUploadSubmit(form, fieldOf);

  const submit = form.onSubmit((values) => {
    const upload = kit.begin(values.file);
    const description = values.description.trim();
    // A form field is text: an empty description is sent as one (null in JSON).
    const body: DocumentUpsertRequest = {
      ...(document ? { id: document.id } : {}),
      title: values.title.trim(),
      description: values.file ? description : description || null,
    };
    save.mutate(
      { body, file: values.file, ...upload },
      kit.settle(
        (saved) => (adding ? `“${saved.title}” was uploaded.` : `“${saved.title}” was saved.`),
        onSaved,
      ),
    );
  });

  return (
    <UploadFormLayout
      name={adding ? "Upload document" : `Edit ${document.title}`}
      form={form}
      kit={kit}
      pending={save.isPending}
      onSubmit={submit}
      file={{
        label: adding ? "File" : "Replace the file",
        description: adding
          ? undefined
          : `Leave empty to keep ${document.file.fileName}. A new file replaces it.`,
        rule: DOCUMENT_RULE,
        required: adding,
      }}
      submitLabel={adding ? "Upload" : "Save"}
      onCancel={onCancel}
    />
  );
}
