import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * Asks before deleting; when the server refuses (409: still in use) its message stays in the dialog, with
 * the other way out (deactivating) offered beside it.
 */
export function DeleteModal({
  opened,
  title,
  children,
  error,
  loading,
  onConfirm,
  onClose,
  alternative,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  error: string | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  alternative?: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="md">
      <Stack gap="md">
        <Text fz="sm" component="div">
          {children}
        </Text>
        {error ? (
          <Alert
            role="alert"
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Not deleted"
          >
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {error ? "Close" : "Cancel"}
          </Button>
          {error ? alternative : null}
          {error ? null : (
            <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
