import type { StoreDetail } from "@fieldlead/contracts";
import { Anchor, Box, Group, type MantineBreakpoint, Stack, Text } from "@mantine/core";
import { IconBuildingStore, IconEdit } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ActiveBadge } from "../../../components/active-status";
import type { DataTableColumn } from "../../../components/data-table";
import {
  actionsColumn,
  ListTable,
  type ListTableProps,
  RowActionIcon,
  statusColumn,
} from "../../../components/list-table";
import { ShrinkingText } from "../../../components/shrinking-text";

/** Text that may wrap between words when its column is tight (names are short), dimmed when it says none. */
function CellText({ text, none }: { text: string | null; none: string }) {
  return (
    <Text fz="sm" c={text ? undefined : "dimmed"}>
      {text || none}
    </Text>
  );
}

const cityState = (s: StoreDetail) => (s.city && s.state ? `${s.city}, ${s.state}` : s.city || s.state);

/**
 * "149 Route 23 · Wayne, NJ" on one line: the street gives way (cut with an ellipsis, the whole line in the
 * title) so that the city and state, whose own columns show only from xl, stay whole.
 */
function AddressLine({ store }: { store: StoreDetail }) {
  const street = store.address;
  const place = cityState(store);
  const whole = [street, place].filter(Boolean).join(" · ") || "No address";
  return (
    <Box style={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Text
        component="div"
        fz="xs"
        c="dimmed"
        title={whole}
        style={{ display: "flex", overflow: "hidden", whiteSpace: "nowrap" }}
      >
        {street || !place ? (
          <Text span inherit truncate="end" style={{ minWidth: 0 }}>
            {street || whole}
          </Text>
        ) : null}
        {place ? (
          // `pre` keeps the separator's leading space at the start of a flex item.
          <Text span inherit style={{ flexShrink: 0, whiteSpace: "pre" }}>
            {street ? ` · ${place}` : place}
          </Text>
        ) : null}
      </Text>
    </Box>
  );
}

/**
 * What the hidden columns hold, under the name: the number below lg, the brand and territory below md. Each
 * part hides from the breakpoint where its column shows; as the sets nest, the first part present is shown
 * whenever a later one is, so only it goes without a leading separator. It wraps between parts rather than
 * cut them (a phone has no title to hover).
 */
function HiddenColumnsLine({ store }: { store: StoreDetail }) {
  const parts = [
    { key: "number", text: store.storeNumber ? `#${store.storeNumber}` : null, hiddenFrom: "lg" },
    { key: "brand", text: store.brandName, hiddenFrom: "md" },
    { key: "territory", text: store.territoryName, hiddenFrom: "md" },
  ].filter((p): p is { key: string; text: string; hiddenFrom: MantineBreakpoint } => Boolean(p.text));
  if (parts.length === 0) return null;
  return (
    <Text fz="xs" c="dimmed" style={{ minWidth: 0, overflowWrap: "break-word" }}>
      {parts.map((p, i) => (
        <Box key={p.key} component="span" hiddenFrom={p.hiddenFrom}>
          {i > 0 ? " · " : ""}
          {p.text}
        </Box>
      ))}
    </Text>
  );
}

/** One page of stores, sortable; the name opens the store's page. */
export function StoresTable({
  onEdit,
  canEdit,
  emptyAction,
  ...list
}: ListTableProps<StoreDetail> & {
  onEdit: (store: StoreDetail) => void;
  canEdit: boolean;
  emptyAction?: ReactNode;
}) {
  const columns: DataTableColumn<StoreDetail>[] = [
    {
      key: "name",
      header: "Store",
      sortKey: "name",
      skeletonWidth: 180,
      render: (s) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/stores/${s.id}`}
            fw={600}
            fz="sm"
            c={s.isActive ? undefined : "dimmed"}
          >
            {s.name}
          </Anchor>
          <AddressLine store={s} />
          {/* Below lg some columns are hidden (below xs the Status column too): they show here. */}
          <Group gap={6} hiddenFrom="lg" mt={2} wrap="nowrap" align="flex-start">
            <ActiveBadge active={s.isActive} size="xs" hiddenFrom="xs" style={{ flexShrink: 0 }} />
            <HiddenColumnsLine store={s} />
          </Group>
        </Stack>
      ),
    },
    {
      key: "storeNumber",
      header: "Number",
      sortKey: "storeNumber",
      visibleFrom: "lg",
      width: 100,
      skeletonWidth: 50,
      render: (s) => <ShrinkingText text={s.storeNumber || "—"} />,
    },
    {
      key: "brand",
      header: "Brand",
      sortKey: "brand",
      visibleFrom: "md",
      skeletonWidth: 90,
      render: (s) => <CellText text={s.brandName} none="—" />,
    },
    {
      key: "city",
      header: "City",
      sortKey: "city",
      visibleFrom: "xl",
      skeletonWidth: 90,
      render: (s) => <CellText text={s.city} none="—" />,
    },
    {
      key: "state",
      header: "State",
      sortKey: "state",
      visibleFrom: "xl",
      width: 80,
      skeletonWidth: 30,
      render: (s) => <CellText text={s.state} none="—" />,
    },
    {
      key: "territory",
      header: "Territory",
      sortKey: "territory",
      visibleFrom: "md",
      skeletonWidth: 90,
      render: (s) => <CellText text={s.territoryName} none="None" />,
    },
    statusColumn((s) => <ActiveBadge active={s.isActive} />, "xs"),
    ...(canEdit
      ? [
          actionsColumn(56, (s: StoreDetail) => (
            <Group justify="flex-end" wrap="nowrap">
              <RowActionIcon
                label="Edit"
                name={s.name}
                icon={<IconEdit size={18} />}
                onClick={() => onEdit(s)}
              />
            </Group>
          )),
        ]
      : []),
  ];

  return (
    <ListTable
      {...list}
      label="Stores"
      columns={columns}
      rowKey={(s) => s.id}
      // Columns give way as the window narrows: it fits from the phone up, with the side menu open.
      minWidth={0}
      empty={{
        filtered: {
          title: "No store matches these filters",
          description: "Try another spelling or fewer filters, or include inactive stores.",
          icon: <IconBuildingStore size={26} stroke={1.6} />,
        },
        none: {
          title: "No stores yet",
          description: canEdit
            ? "Add the stores where your lead generators work."
            : "A manager adds the stores where your lead generators work; they will show here.",
          icon: <IconBuildingStore size={26} stroke={1.6} />,
          action: emptyAction,
        },
      }}
    />
  );
}
