import type { AppointmentDetail } from "@fieldlead/contracts";
import { Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { BookingPanel, type BookingPanelProps } from "./booking-panel";

/**
 * The booking panel in a dialog, for a screen that opens it on a press (the capture screen's "Book an
 * appointment"): loaded with `React.lazy` then, so the screen's first load does not carry it.
 */
export default function BookingModal({
  opened,
  leadId,
  leadName,
  move,
  onClose,
  onDone,
}: {
  opened: boolean;
  leadId: number;
  leadName?: string;
  move?: BookingPanelProps["move"];
  onClose: () => void;
  onDone: (appointment: AppointmentDetail) => void;
}) {
  const narrow = useMediaQuery("(max-width: 48em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={move ? "Move the appointment" : "Book an appointment"}
      fullScreen={narrow}
      size="lg"
      radius="md"
    >
      <Stack gap="sm">
        {leadName ? (
          <Text fz="sm" c="dimmed">
            For {leadName}
          </Text>
        ) : null}
        <BookingPanel leadId={leadId} move={move} onDone={onDone} onCancel={onClose} />
      </Stack>
    </Modal>
  );
}
