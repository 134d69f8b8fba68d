import { type MantineSpacing, Skeleton, Stack } from "@mantine/core";

/**
 * Cards not loaded yet: one grey block per card to come (their heights, so the screen does not jump when they
 * arrive), announced as busy under `label` ("Loading your week").
 */
export function LoadingCards({
  label,
  heights,
  gap = "sm",
}: {
  label: string;
  heights: readonly number[];
  gap?: MantineSpacing;
}) {
  return (
    <Stack gap={gap} aria-busy="true" aria-label={label}>
      {heights.map((height, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}
