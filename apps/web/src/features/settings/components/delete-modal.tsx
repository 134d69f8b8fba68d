import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FormError } from "../../../components/query-state";

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
        {error ? <FormError title="Not deleted">{error}</FormError> : null}
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
