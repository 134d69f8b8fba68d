import { Anchor, Group, Loader, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { errorMessage } from "../../../lib/api-error";
import { usePreferences, useUpdatePreferences } from "../api/inbox";

/** "Also email me my notifications": the caller's preference, saved as it is switched, with a toast. */
export function EmailPreference() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const checked = update.isPending ? (update.variables ?? false) : (preferences.data?.email ?? false);

  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Switch
        label="Also email me my notifications"
        description="They always arrive here in the app."
        checked={checked}
        disabled={preferences.isPending || !!preferences.error || update.isPending}
        onChange={(e) => {
          const email = e.currentTarget.checked;
          update.mutate(email, {
            onSuccess: (saved) =>
              notifications.show({
                color: "teal",
                message: saved.email
                  ? "Your notifications will also come by email."
                  : "Your notifications will come in the app only, not by email.",
              }),
            onError: (err) =>
              notifications.show({ color: "red", title: "Could not save", message: errorMessage(err) }),
          });
        }}
      />
      {preferences.isPending || update.isPending ? (
        <Loader size="xs" mt={2} aria-label={preferences.isPending ? "Loading your preference" : "Saving"} />
      ) : null}
      {preferences.error ? (
        <Text fz="xs" c="red" role="alert">
          Could not read your preference.{" "}
          <Anchor component="button" type="button" fz="xs" onClick={() => void preferences.refetch()}>
            Try again
          </Anchor>
        </Text>
      ) : null}
    </Group>
  );
}
