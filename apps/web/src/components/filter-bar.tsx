import { Badge, Box, Button, Collapse, Group, SimpleGrid } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconFilterOff } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * The filters above a list: the search box first, then the other filters in a grid. On a phone the other
 * filters fold under a "Filters" button (with the number in use) so the list stays in view.
 */
export function FilterBar({
  search,
  children,
  footer,
  activeCount,
  onClear,
}: {
  search: ReactNode;
  /** The other filters, one grid cell each. */
  children: ReactNode;
  /** A row under the grid (e.g. an Active/Inactive switch). */
  footer?: ReactNode;
  /** Filters in use besides the defaults; shows "Clear filters" when above 0. */
  activeCount: number;
  onClear: () => void;
}) {
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  const [open, { toggle }] = useDisclosure(false);

  const clear =
    activeCount > 0 ? (
      <Button variant="subtle" size="sm" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
        Clear filters
      </Button>
    ) : null;

  const rest = (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {children}
      </SimpleGrid>
      <Group gap="sm" mt="sm" justify="space-between" align="flex-end">
        {footer ?? <span />}
        {clear}
      </Group>
    </>
  );

  if (!phone)
    return (
      <Box mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {search}
          {children}
        </SimpleGrid>
        <Group gap="sm" mt="sm" justify="space-between" align="flex-end">
          {footer ?? <span />}
          {clear}
        </Group>
      </Box>
    );

  return (
    <Box mb="md">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>{search}</Box>
        <Button
          variant={open ? "light" : "default"}
          onClick={toggle}
          aria-expanded={open}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={
            activeCount > 0 ? (
              <Badge size="xs" circle>
                {activeCount}
              </Badge>
            ) : null
          }
          px="sm"
        >
          Filters
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Box pt="sm">{rest}</Box>
      </Collapse>
    </Box>
  );
}
