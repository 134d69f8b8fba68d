import { Button, Card, EmptyState, Group, Text } from "@mantine/core";
import { IconMapQuestion } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { useSession } from "../lib/session";
import { landingPathFor } from "./landing";

/** An address the app does not know. */
export function NotFoundPage() {
  const user = useSession();
  const { pathname } = useLocation();
  return (
    <Card withBorder radius="lg" py={64} px="lg">
      <EmptyState variant="light" size="lg" icon={<IconMapQuestion size={28} stroke={1.6} />}>
        <EmptyState.Title order={1}>Page not found</EmptyState.Title>
        <EmptyState.Description>
          There is no page at{" "}
          <Text span ff="monospace" fz="sm">
            {pathname}
          </Text>
          . It may have moved, or the address may be mistyped.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Group gap="sm" justify="center">
            <Button component={Link} to={user ? landingPathFor(user) : "/login"}>
              Go to my start page
            </Button>
            <Button variant="default" onClick={() => window.history.back()}>
              Go back
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
