import { Group, UnstyledButton } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";

/**
 * The header's account button: the signed-in person's initials in a circle. Drawn without Mantine's Avatar and Menu,
 * which load with the menu's first use (docs/decisions/0029: the capture screen's first load).
 */
export const AccountButton = forwardRef<
  HTMLButtonElement,
  { initials: string } & ComponentPropsWithoutRef<"button">
>(function AccountButton({ initials, ...props }, ref) {
  return (
    <UnstyledButton
      ref={ref}
      aria-label="Account menu"
      style={{ borderRadius: 999 }}
      data-testid="user-menu"
      {...props}
    >
      <Group gap={4} wrap="nowrap">
        <span
          aria-hidden
          style={{
            display: "inline-flex",
            alignItems: "center",
            justifyContent: "center",
            width: 34,
            height: 34,
            borderRadius: 999,
            fontSize: 13,
            fontWeight: 700,
            background: "var(--mantine-color-indigo-light)",
            color: "var(--mantine-color-indigo-light-color)",
          }}
        >
          {initials}
        </span>
        <IconChevronDown size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      </Group>
    </UnstyledButton>
  );
});
