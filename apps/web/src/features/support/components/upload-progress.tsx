import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import type { UploadOptions } from "../../../lib/upload";

/** True for the rejection of an upload its Cancel button (or a closed form) stopped. */
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/**
 * An upload's progress and its cancel: `begin` gives the upload's options (progress, signal), `cancel` stops it.
 * A form that goes away (its dialog closed) stops its upload.
 */
export function useUpload() {
  const controller = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  return {
    /** How much of the file has gone, while a file uploads; null otherwise. */
    percent,
    begin(withFile: boolean): UploadOptions {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      setPercent(withFile ? 0 : null);
      return { signal: c.signal, onProgress: (p) => setPercent(p.percent) };
    },
    end() {
      controller.current = null;
      setPercent(null);
    },
    cancel() {
      controller.current?.abort();
    },
  };
}

/** The bar of a file on its way, with the percent in words and a button that stops it. */
export function UploadProgress({
  percent,
  fileName,
  onCancel,
}: {
  percent: number;
  fileName: string;
  onCancel: () => void;
}) {
  const label = percent >= 100 ? "Uploaded; the server is checking the file…" : `Uploading… ${percent}%`;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text fz="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
          {fileName}: {label}
        </Text>
        <Button size="xs" variant="default" onClick={onCancel}>
          Cancel upload
        </Button>
      </Group>
      <Progress value={percent} size="lg" radius="xl" aria-label={`Upload of ${fileName}`} />
    </Stack>
  );
}
