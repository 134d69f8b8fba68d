import type { DocumentItem, DocumentKind } from "@fieldlead/contracts";
import { DocumentForm } from "./document-form";
import { UploadModal } from "./upload-form";

/** The upload form in a dialog: a new document (`document` null) or a change to one. Full screen on a phone. */
export function DocumentModal({
  opened,
  kind,
  document,
  onClose,
}: {
  opened: boolean;
  kind: DocumentKind;
  document: DocumentItem | null;
  onClose: () => void;
}) {
  return (
    <UploadModal opened={opened} item={document} newTitle="Upload document" onClose={onClose}>
      {(shown) => (
        <DocumentForm
          key={shown?.id ?? "new"}
          kind={kind}
          document={shown}
          onSaved={onClose}
          onCancel={onClose}
        />
      )}
    </UploadModal>
  );
}
