import type { DeliveryStateName } from "@fieldlead/contracts";
import { Badge, type BadgeProps } from "@mantine/core";
import { STATE_COLOR, stateLabel } from "./delivery-format";

/**
 * A delivery's state: Sent green, Pending and Sending blue, Failing orange, Dead red. Light badges: the theme
 * writes their text in the colour's shade that reaches WCAG AA on its tint (decision 0031).
 */
export function DeliveryStateBadge({
  state,
  ...props
}: { state: DeliveryStateName } & Omit<BadgeProps, "color" | "children">) {
  return (
    <Badge variant="light" color={STATE_COLOR[state]} {...props}>
      {stateLabel(state)}
    </Badge>
  );
}
