import type { StoreDetail } from "@fieldlead/contracts";
import { Drawer, Skeleton, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { LoadError } from "../../../components/query-state";
import { useStore } from "../api/get-store";
import { StoreForm } from "./store-form";

export type StoreDrawerTarget = { storeId: number | null } | null;

/** The drawer to add a store (`storeId: null`) or change one. */
export function StoreDrawer({
  target,
  onClose,
  onSaved,
  readOnly,
}: {
  target: StoreDrawerTarget;
  onClose: () => void;
  onSaved?: (saved: StoreDetail) => void;
  readOnly: boolean;
}) {
  const narrow = useMediaQuery("(max-width: 36em)", false);
  // What the drawer showed stays while it slides out.
  const [shown, setShown] = useState<StoreDrawerTarget>(target);
  if (target !== null && target !== shown) setShown(target);
  const storeId = shown?.storeId ?? null;
  const query = useStore(storeId);
  const isNew = shown !== null && storeId === null;
  const store = query.data ?? null;

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      title={
        <Text component="span" fw={700} fz="lg">
          {isNew ? "New store" : readOnly ? (store?.name ?? "Store") : `Edit ${store?.name ?? "store"}`}
        </Text>
      }
      position="right"
      size={narrow ? "100%" : 560}
      padding="lg"
      onExitTransitionEnd={() => setShown(null)}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {isNew || store ? (
        <StoreForm
          key={store?.id ?? "new"}
          store={isNew ? null : store}
          readOnly={readOnly}
          onCancel={onClose}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Stack gap="md" aria-busy>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      )}
    </Drawer>
  );
}
