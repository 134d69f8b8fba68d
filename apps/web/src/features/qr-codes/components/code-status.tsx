import type { QrCodeItem } from "@fieldlead/contracts";
import { Badge, type BadgeProps, Tooltip, VisuallyHidden } from "@mantine/core";

export type QrStatus = "active" | "inactive" | "stopped";

/** Active and live; turned off; or on but stopped because its person is no longer an active member. */
export const statusOf = (code: Pick<QrCodeItem, "isActive" | "isLive">): QrStatus =>
  !code.isActive ? "inactive" : code.isLive ? "active" : "stopped";

export const STOPPED_DESCRIPTION = "Its person is no longer active here";

const LOOK = {
  active: { color: "teal", label: "Active" },
  inactive: { color: "gray", label: "Inactive" },
  stopped: { color: "orange", label: "Stopped" },
} as const;

/**
 * A code's status as a dot badge in the text colour (as `ActiveBadge`): "Stopped" says why on hover and focus,
 * and to screen readers in its text.
 */
export function QrStatusBadge({
  code,
  ...props
}: { code: Pick<QrCodeItem, "isActive" | "isLive"> } & Omit<BadgeProps, "color" | "children">) {
  const status = statusOf(code);
  const { color, label } = LOOK[status];
  if (status !== "stopped")
    return (
      <Badge variant="dot" color={color} {...props}>
        {label}
      </Badge>
    );
  return (
    <Tooltip label={STOPPED_DESCRIPTION} events={{ hover: true, focus: true, touch: true }}>
      <Badge variant="dot" color={color} tabIndex={0} {...props}>
        {label}
        <VisuallyHidden>: {STOPPED_DESCRIPTION.toLowerCase()}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
