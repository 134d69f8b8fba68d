import { ActionIcon, Indicator, Tooltip } from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { Link } from "react-router";
import { useFeatureUpdates } from "../api/get-feature-updates";
import { useUnseenCount } from "./whats-new-seen";

/** The header's gift icon: opens What's new, with a dot while there is something not seen yet. */
export function WhatsNewButton() {
  const { data } = useFeatureUpdates();
  const unseen = useUnseenCount(data?.activeFeatures);
  const label = unseen > 0 ? `What's new (${unseen} new)` : "What's new";
  return (
    <Tooltip label={label}>
      <Indicator disabled={unseen === 0} color="red" size={9} offset={6} processing>
        <ActionIcon
          component={Link}
          to="/whats-new"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
        >
          <IconGift size={20} stroke={1.7} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
