import { Button, Card, EmptyState } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { useSession } from "../lib/session";
import { landingPathFor } from "./landing";

/** A screen the user's role may not open (the server refuses its data anyway). */
export function NoAccessPage() {
  const user = useSession();
  return (
    <Card withBorder radius="lg" py={64} px="lg">
      <EmptyState variant="light" color="orange" size="lg" icon={<IconLock size={28} stroke={1.6} />}>
        <EmptyState.Title order={1}>This area is not available to you</EmptyState.Title>
        <EmptyState.Description>
          Your role in this organization does not include it. Switch organization or ask your administrator.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to={user ? landingPathFor(user) : "/login"}>
            Go to my start page
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
