import { Alert, Button, Group } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { errorMessage } from "../lib/api-error";

/** What a screen shows when its data could not be loaded. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      title="Could not load this"
      icon={<IconAlertTriangle size={18} />}
    >
      <Group justify="space-between" gap="sm">
        <span>{errorMessage(error)}</span>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

/** What a form shows above its fields when the server refused it for a reason no single field carries. */
export function FormError({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title}>
      {children}
    </Alert>
  );
}
