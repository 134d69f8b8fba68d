import type { QrCodeItem } from "@fieldlead/contracts";
import {
  Alert,
  Box,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconCopy, IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-error";
import { printQrCode } from "../api/search-qr-codes";
import { STOPPED_DESCRIPTION, statusOf } from "./code-status";
import { groupLabel } from "./groups";
import { QrImage } from "./qr-image";

/** What a code that is not live says above its image. */
export function notLiveMessage(code: Pick<QrCodeItem, "isActive" | "isLive">): string | null {
  const status = statusOf(code);
  if (status === "inactive")
    return "This code is inactive: shoppers who scan it are told it is not available.";
  if (status === "stopped")
    return `This code is stopped. ${STOPPED_DESCRIPTION}: shoppers who scan it are told it is not available.`;
  return null;
}

/**
 * One code, large: its image, the address it encodes with a Copy button, and its printable card. Closing returns
 * focus to the row's button (Mantine's modal does).
 */
export function QrCodeModal({ code, onClose }: { code: QrCodeItem | null; onClose: () => void }) {
  // What the modal showed stays while it fades out.
  const [shown, setShown] = useState<QrCodeItem | null>(code);
  if (code !== null && code !== shown) setShown(code);
  const [printing, setPrinting] = useState(false);
  const c = shown;
  const url = c ? c.url : "";
  const warning = c ? notLiveMessage(c) : null;

  const print = async () => {
    if (!c) return;
    setPrinting(true);
    try {
      const name = await printQrCode(c.id);
      notifications.show({ color: "teal", message: `${name} was downloaded.` });
    } catch (err) {
      notifications.show({ color: "red", title: "Could not print", message: errorMessage(err) });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      onExitTransitionEnd={() => setShown(null)}
      title={c ? `QR code of ${c.userName}` : "QR code"}
      size="lg"
      centered
      radius="md"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {c ? (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {c.storeName} · {groupLabel(c)}
          </Text>
          {warning ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {warning}
            </Alert>
          ) : null}
          <Box
            mx="auto"
            w="100%"
            maw={420}
            style={{
              border: "1px solid var(--mantine-color-default-border)",
              borderRadius: 8,
              overflow: "hidden",
            }}
          >
            <QrImage url={url} label={`QR code of ${c.userName} for ${url}`} />
          </Box>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Link"
              value={url}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <>
                  <Tooltip label={copied ? "Copied" : "Copy the link"} withinPortal>
                    <Button
                      variant="default"
                      onClick={copy}
                      aria-label={copied ? "Link copied" : "Copy the link"}
                      leftSection={
                        copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                      }
                    >
                      {copied ? "Copied" : "Copy"}
                    </Button>
                  </Tooltip>
                  <VisuallyHidden role="status">{copied ? "The link was copied." : ""}</VisuallyHidden>
                </>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={print} loading={printing}>
              Print this code
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
