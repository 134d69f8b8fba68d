import type { NotificationKind } from "@fieldlead/contracts";
import { ThemeIcon, type ThemeIconProps } from "@mantine/core";
import { IconClockExclamation, IconMessage, IconSendOff, IconUserPlus } from "@tabler/icons-react";
import { KIND_LABELS } from "./format";

const ICONS = {
  message: IconMessage,
  missingPunch: IconClockExclamation,
  deadDelivery: IconSendOff,
  invitation: IconUserPlus,
} satisfies Record<NotificationKind, unknown>;

const COLORS: Record<NotificationKind, string> = {
  message: "indigo",
  missingPunch: "orange",
  deadDelivery: "red",
  invitation: "teal",
};

/** A notification's kind as an icon on its colour's tint; its name is the kind ("Missing punch"). */
export function KindIcon({
  kind,
  size = 34,
  ...props
}: { kind: NotificationKind } & Omit<ThemeIconProps, "color" | "children">) {
  const Icon = ICONS[kind];
  return (
    <ThemeIcon variant="light" color={COLORS[kind]} size={size} radius="xl" {...props}>
      <Icon size={Math.round(Number(size) * 0.55)} stroke={1.7} aria-label={KIND_LABELS[kind]} role="img" />
    </ThemeIcon>
  );
}
