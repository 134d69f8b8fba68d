import { Box, type MantineBreakpoint, Text } from "@mantine/core";

/**
 * One line of text in a table cell that gives way when the column is tight: cut with an ellipsis, the whole
 * text in its title. (A grid track of minmax(0, 1fr) lets the cell shrink below the text's width.)
 */
export function ShrinkingText({
  text,
  fz = "sm",
  c,
  hiddenFrom,
}: {
  text: string;
  fz?: "xs" | "sm";
  c?: string;
  hiddenFrom?: MantineBreakpoint;
}) {
  return (
    <Box hiddenFrom={hiddenFrom} style={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Text fz={fz} c={c} truncate="end" title={text}>
        {text}
      </Text>
    </Box>
  );
}
