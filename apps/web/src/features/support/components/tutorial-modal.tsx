import type { TutorialItem } from "@fieldlead/contracts";
import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { TutorialForm } from "./tutorial-form";

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
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  const [shown, setShown] = useState<TutorialItem | null>(tutorial);
  if (opened && tutorial !== shown) setShown(tutorial);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shown ? `Edit ${shown.title}` : "Add tutorial"}
      fullScreen={phone}
      size="lg"
      centered
      radius="md"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened ? (
        <TutorialForm
          key={shown?.id ?? "new"}
          tutorial={shown}
          nextOrder={nextOrder}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
