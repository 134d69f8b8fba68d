import type { DocumentItem, DocumentKind } from "@fieldlead/contracts";
import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { DocumentForm } from "./document-form";

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
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  // What the dialog showed stays while it fades out.
  const [shown, setShown] = useState<DocumentItem | null>(document);
  if (opened && document !== shown) setShown(document);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shown ? `Edit ${shown.title}` : "Upload document"}
      fullScreen={phone}
      size="lg"
      centered
      radius="md"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened ? (
        <DocumentForm
          key={shown?.id ?? "new"}
          kind={kind}
          document={shown}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
