import { Badge, type BadgeProps, SegmentedControl } from "@mantine/core";

const ACTIVE_OPTIONS = [
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
  { value: "all", label: "All" },
];

/**
 * The Active / Inactive / All switch of a list's filters (named "Status"). `undefined` is all, as the
 * list's `flagParam` keeps it.
 */
export function ActiveStatusFilter({
  value,
  onChange,
}: {
  value: boolean | undefined;
  onChange: (isActive: boolean | undefined) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Status"
      size="sm"
      data={ACTIVE_OPTIONS}
      value={value === undefined ? "all" : String(value)}
      onChange={(v) => onChange(v === "all" ? undefined : v === "true")}
    />
  );
}

/**
 * "Active" with a teal dot or "Inactive" with a gray one, in the text colour: a light teal badge's small text
 * (teal 9 on its tint) fell under WCAG AA on a hovered row, which axe found on the stores list.
 */
export function ActiveBadge({
  active,
  ...props
}: { active: boolean } & Omit<BadgeProps, "color" | "children">) {
  return (
    <Badge variant="dot" color={active ? "teal" : "gray"} {...props}>
      {active ? "Active" : "Inactive"}
    </Badge>
  );
}
