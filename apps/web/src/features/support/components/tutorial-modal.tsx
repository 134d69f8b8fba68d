import type { TutorialItem } from "@fieldlead/contracts";
import { TutorialForm } from "./tutorial-form";
import { UploadModal } from "./upload-form";

/** The tutorial form in a dialog: a new tutorial (`tutorial` null) or a change to one. Full screen on a phone. */
export function TutorialModal({
  opened,
  tutorial,
  nextOrder,
  onClose,
}: {
  opened: boolean;
  tutorial: TutorialItem | null;
  nextOrder: number;
  onClose: () => void;
}) {
  return (
    <UploadModal opened={opened} item={tutorial} newTitle="Add tutorial" onClose={onClose}>
      {(shown) => (
        <TutorialForm
          key={shown?.id ?? "new"}
          tutorial={shown}
          nextOrder={nextOrder}
          onSaved={onClose}
          onCancel={onClose}
        />
      )}
    </UploadModal>
  );
}
