import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The heading of a screen: its title, one line about it, and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0, flex: "1 1 280px" }}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" fz="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
