import { Badge, Button, Card, EmptyState, Group, Stack, Text } from "@mantine/core";
import { IconHourglassHigh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "./page-header";

export type ComingSoonLink = { key: string; label: string; path: string };

/**
 * The page of an area that is not built yet: its name, plainly that it is not available, what it will
 * do, and the areas the user can already open instead.
 */
export function ComingSoon({
  title,
  description,
  icon,
  available = [],
}: {
  title: string;
  description: string;
  icon?: ReactNode;
  /** Built areas the user may open, offered as a way on. */
  available?: ComingSoonLink[];
}) {
  return (
    <Stack gap={0}>
      <PageHeader title={title} />
      <Card withBorder radius="lg" py={{ base: 40, sm: 56 }} px="lg">
        <EmptyState variant="light" size="lg" icon={icon ?? <IconHourglassHigh size={28} stroke={1.6} />}>
          <Group gap={8} justify="center" mb={4}>
            <Badge variant="light" color="grape">
              Coming soon
            </Badge>
          </Group>
          <EmptyState.Title order={2}>Not available yet</EmptyState.Title>
          <EmptyState.Description>
            This area of FieldLead is still being built. When it is ready, it will appear here.
          </EmptyState.Description>
          <Card
            withBorder
            shadow="none"
            radius="md"
            mt="md"
            p="sm"
            maw={460}
            mx="auto"
            bg="var(--mantine-color-default-hover)"
          >
            <Text fz="xs" fw={700} tt="uppercase" c="dimmed" ta="left">
              What it will do
            </Text>
            <Text fz="sm" ta="left">
              {description}
            </Text>
          </Card>
          {available.length ? (
            <EmptyState.Actions>
              <Stack gap={6} align="center" mt="xs">
                <Text fz="sm" c="dimmed">
                  Available today:
                </Text>
                <Group gap="xs" justify="center">
                  {available.map((a) => (
                    <Button key={a.key} component={Link} to={a.path} variant="default" size="xs">
                      {a.label}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      </Card>
    </Stack>
  );
}
