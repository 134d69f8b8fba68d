import { ActionIcon } from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { Link } from "react-router";
import { useFeatureUpdates } from "../api/get-feature-updates";
import { useUnseenCount } from "./whats-new-seen";

/**
 * The header's gift icon: opens What's new, with a red dot while there is something not seen yet. Its name says
 * how many (for screen readers, and as the pointer's title); drawn without Mantine's Tooltip and Indicator, which
 * every screen's first load would carry for this one button (docs/decisions/0029).
 */
export function WhatsNewButton() {
  const { data } = useFeatureUpdates();
  const unseen = useUnseenCount(data?.activeFeatures);
  const label = unseen > 0 ? `What's new (${unseen} new)` : "What's new";
  return (
    <ActionIcon
      component={Link}
      to="/whats-new"
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      pos="relative"
    >
      <IconGift size={20} stroke={1.7} />
      {unseen > 0 ? (
        <span
          aria-hidden
          data-testid="whats-new-dot"
          style={{
            position: "absolute",
            top: 5,
            right: 5,
            width: 9,
            height: 9,
            borderRadius: 999,
            background: "var(--mantine-color-red-filled)",
            boxShadow: "0 0 0 2px var(--mantine-color-body)",
          }}
        />
      ) : null}
    </ActionIcon>
  );
}
