import type { DocumentItem } from "@fieldlead/contracts";
import { Anchor, Box, Group, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";

/**
 * A document shown in place: a PDF or a text file in a frame, an image as itself. Only documents with a preview
 * link open it (the server gives one for types a browser shows). The link is the one the list had when the dialog
 * opened, so a refreshed list does not reload what is being read.
 */
export function PreviewModal({ document, onClose }: { document: DocumentItem | null; onClose: () => void }) {
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  const [shown, setShown] = useState<DocumentItem | null>(document);
  if (document && document !== shown) setShown(document);
  const url = shown?.file.previewUrl ?? null;
  const isImage = shown?.file.contentType.startsWith("image/") ?? false;
  return (
    <Modal
      opened={document !== null && document.file.previewUrl !== null}
      onClose={onClose}
      title={shown ? shown.title : "Preview"}
      fullScreen={phone}
      size="80rem"
      centered
      radius="md"
      closeButtonProps={{ "aria-label": "Close the preview" }}
    >
      {shown && url ? (
        <Stack gap="sm">
          {shown.description ? <Text fz="sm">{shown.description}</Text> : null}
          {isImage ? (
            <Box ta="center">
              <img
                src={url}
                alt={shown.description ? `${shown.title}: ${shown.description}` : shown.title}
                style={{ maxWidth: "100%", maxHeight: "75vh", objectFit: "contain" }}
              />
            </Box>
          ) : (
            <iframe
              src={url}
              title={`Preview of ${shown.title}`}
              style={{
                width: "100%",
                height: phone ? "calc(100dvh - 180px)" : "75vh",
                border: "1px solid var(--mantine-color-default-border)",
                borderRadius: "var(--mantine-radius-md)",
                background: "var(--mantine-color-white)",
              }}
            />
          )}
          <Group justify="flex-end">
            <Anchor
              href={shown.file.downloadUrl}
              download
              fz="sm"
              style={{ display: "inline-flex", alignItems: "center", gap: 6 }}
            >
              <IconDownload size={16} aria-hidden />
              Download {shown.file.fileName}
            </Anchor>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
