import type { ActivityItem, ActivityType } from "@fieldlead/contracts";
import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { ActivityForm, type ActivityFormValues } from "./activity-form";

/**
 * The log form in a dialog: a new activity (`activity` null) or a change to one. Full screen on a
 * phone, where the keyboard would otherwise cover half of it. Closing returns focus to the button that opened it.
 */
export function ActivityModal({
  opened,
  activity,
  types,
  forOthers,
  initial,
  onClose,
}: {
  opened: boolean;
  activity: ActivityItem | null;
  types: readonly ActivityType[];
  forOthers: boolean;
  initial?: Partial<ActivityFormValues>;
  onClose: () => void;
}) {
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  // What the dialog showed stays while it fades out.
  const [shown, setShown] = useState<ActivityItem | null>(activity);
  if (opened && activity !== shown) setShown(activity);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shown ? `Edit the activity of ${shown.userName}` : "Log an activity"}
      fullScreen={phone}
      size="lg"
      centered
      radius="md"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened ? (
        <ActivityForm
          key={shown?.id ?? "new"}
          activity={shown}
          types={types}
          forOthers={forOthers}
          initial={initial}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
