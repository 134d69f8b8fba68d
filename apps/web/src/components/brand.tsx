import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconMapPinBolt } from "@tabler/icons-react";

/** The product's mark and name. */
export function Brand({ size = "md" }: { size?: "md" | "lg" }) {
  const large = size === "lg";
  return (
    <Group gap={large ? 10 : 8} wrap="nowrap">
      <ThemeIcon
        size={large ? 40 : 30}
        radius="md"
        variant="gradient"
        gradient={{ from: "indigo.6", to: "cyan.5", deg: 135 }}
      >
        <IconMapPinBolt size={large ? 24 : 18} stroke={1.8} aria-hidden />
      </ThemeIcon>
      <Text fw={700} fz={large ? 24 : 18} lh={1} style={{ letterSpacing: "-0.01em" }}>
        FieldLead
      </Text>
    </Group>
  );
}
