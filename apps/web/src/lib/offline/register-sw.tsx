import { registerSW } from "virtual:pwa-register";
import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";

/** How often an open app asks whether a new version was released (the browser also asks on each start). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the service worker (apps/web/pwa.ts): the app's files are kept on the phone, so the capture screen
 * opens with no signal after one visit with it. A new release waits until the app is next opened, or until the
 * person reloads from the notice: never in the middle of a capture.
 */
export function registerServiceWorker() {
  const update = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: "app-update",
        title: "A new version of FieldLead is ready",
        message: (
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <Text fz="sm">It is used the next time the app opens.</Text>
            <Button size="xs" variant="light" onClick={() => void update(true)}>
              Reload now
            </Button>
          </Group>
        ),
        autoClose: 20_000,
      });
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    },
  });
}
