import { Badge, Card, EmptyState, Stack } from "@mantine/core";
import { IconHourglassHigh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/** The page of an area that is not built yet: its name, what it will do, and a tidy note. */
export function ComingSoon({
  title,
  description,
  icon,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
}) {
  return (
    <Stack gap={0}>
      <PageHeader title={title} description={description} />
      <Card withBorder radius="lg" py={56} px="lg">
        <EmptyState variant="light" size="lg" icon={icon ?? <IconHourglassHigh size={28} stroke={1.6} />}>
          <EmptyState.Title order={2}>
            {title} is coming soon{" "}
            <Badge variant="light" color="grape" ml={4} style={{ verticalAlign: "middle" }}>
              Soon
            </Badge>
          </EmptyState.Title>
          <EmptyState.Description>
            This part of FieldLead is being built. It will appear here, in this menu entry, as soon as it is
            ready.
          </EmptyState.Description>
        </EmptyState>
      </Card>
    </Stack>
  );
}
