import type { QrCodeItem } from "@fieldlead/contracts";
import { Drawer, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { QrCodeForm } from "./qr-code-form";

/** What the drawer shows: a new code (`code: null`) or one to change. */
export type QrDrawerTarget = { code: QrCodeItem | null } | null;

/** The drawer to create a code or change one. */
export function QrCodeDrawer({
  target,
  ownUserId,
  onClose,
}: {
  target: QrDrawerTarget;
  /** Set for a lead generator: codes are theirs. */
  ownUserId?: number;
  onClose: () => void;
}) {
  const narrow = useMediaQuery("(max-width: 36em)", false);
  // What the drawer showed stays while it slides out.
  const [shown, setShown] = useState<QrDrawerTarget>(target);
  if (target !== null && target !== shown) setShown(target);
  const code = shown?.code ?? null;

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      title={
        <Text component="span" fw={700} fz="lg">
          {code ? `Edit the code of ${code.userName}` : "New QR code"}
        </Text>
      }
      position="right"
      size={narrow ? "100%" : 480}
      padding="lg"
      onExitTransitionEnd={() => setShown(null)}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {shown ? (
        <QrCodeForm
          key={code?.id ?? "new"}
          code={code}
          ownUserId={ownUserId}
          onCancel={onClose}
          onSaved={onClose}
        />
      ) : null}
    </Drawer>
  );
}
