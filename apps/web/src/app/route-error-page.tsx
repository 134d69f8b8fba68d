import { Button, Center, EmptyState, Group, Paper } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** Whatever broke while showing a screen, including a stale build whose files were replaced. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  const description = chunkFailed
    ? "A new version of FieldLead is available. Reload the page to get it."
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : "An unexpected error stopped this screen. Reload the page; if it keeps happening, tell support.";
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%">
        <EmptyState
          variant="light"
          color={chunkFailed ? "indigo" : "red"}
          icon={<IconAlertTriangle size={28} stroke={1.6} />}
        >
          <EmptyState.Title order={1}>
            {chunkFailed ? "FieldLead was updated" : "Something went wrong"}
          </EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
          <EmptyState.Actions>
            <Group gap="sm" justify="center">
              <Button onClick={() => window.location.reload()}>Reload</Button>
              <Button variant="default" component="a" href="/">
                Start page
              </Button>
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Center>
  );
}
