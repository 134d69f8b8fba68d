import type { AppointmentType } from "@fieldlead/contracts";
import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmModal } from "../../../components/confirm-modal";
import { errorMessage } from "../../../lib/api-error";
import { useDeleteAppointmentType } from "../api/upsert-appointment-type";

/** Deleting a type, set apart at the bottom; a type in use is refused with the server's word on where. */
export function DeleteTypeSection({ type }: { type: AppointmentType }) {
  const del = useDeleteAppointmentType();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    del.mutate(type.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `"${type.name}" was deleted.` });
        navigate("/appointments/types", { replace: true });
      },
      onSettled: () => setAsking(false),
    });

  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="section-delete"
      style={{ borderColor: "var(--mantine-color-red-3)" }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div style={{ minWidth: 0, flex: "1 1 240px" }}>
            <Title order={2} fz="md" id="section-delete">
              Delete this type
            </Title>
            <Text fz="sm" c="dimmed">
              Only a type nothing uses can be deleted. To stop offering one, make it inactive.
            </Text>
          </div>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setAsking(true)}
          >
            Delete type
          </Button>
        </Group>
        {del.error ? (
          <Alert role="alert" color="red" variant="light" title="Not deleted">
            {errorMessage(del.error)}
          </Alert>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={asking}
        title="Delete this appointment type?"
        loading={del.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        "{type.name}" and its technicians, business units, questions and business contacts will be deleted.
        This cannot be undone.
      </ConfirmModal>
    </Card>
  );
}
