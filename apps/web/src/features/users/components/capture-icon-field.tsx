import "@mantine/dropzone/styles.css";
import { CAPTURE_ICON_MAX_BYTES, CAPTURE_ICON_TYPES, type CaptureIconInput } from "@fieldlead/contracts";
import { Avatar, Button, Group, Input, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { IconPhotoUp, IconTrash, IconUserCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useCaptureIcon } from "../api/get-capture-icon";

/** A new icon (with its preview), `null` to remove the current one, `undefined` to keep it. */
export type CaptureIconChange = (CaptureIconInput & { previewUrl: string }) | null | undefined;

const TYPE_LABEL = "a PNG, JPEG or WebP image";
const kb = (bytes: number) => Math.ceil(bytes / 1024);

/** Why a file cannot be a capture icon, checked before anything is sent; null when it can. */
export function captureIconProblem(file: { type: string; size: number }): string | null {
  if (!(CAPTURE_ICON_TYPES as readonly string[]).includes(file.type)) return `Use ${TYPE_LABEL}.`;
  if (file.size > CAPTURE_ICON_MAX_BYTES) {
    return `The image is ${kb(file.size)} KB; use one of ${kb(CAPTURE_ICON_MAX_BYTES)} KB at most.`;
  }
  if (file.size === 0) return "The file is empty.";
  return null;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });

/** The stored icon of a person as an object URL (released when no longer shown). */
function useStoredIconUrl(userId: number | null, hasIcon: boolean): { url: string | null; loading: boolean } {
  const query = useCaptureIcon(userId, hasIcon);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return { url, loading: hasIcon && query.isPending };
}

/** The picture shown on the capture screen and QR page: drop or choose one, see it, remove it. */
export function CaptureIconField({
  userId,
  hasIcon,
  value,
  onChange,
  error,
  disabled,
}: {
  userId: number | null;
  hasIcon: boolean;
  value: CaptureIconChange;
  onChange: (value: CaptureIconChange) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const stored = useStoredIconUrl(userId, hasIcon);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = value ? value.previewUrl : value === null ? null : stored.url;
  const shownError = problem ?? error ?? null;

  const accept = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const why = captureIconProblem(file);
    setProblem(why);
    if (why) return;
    try {
      const dataUrl = await readAsDataUrl(file);
      onChange({
        contentType: file.type as CaptureIconInput["contentType"],
        dataBase64: dataUrl,
        previewUrl: dataUrl,
      });
    } catch {
      setProblem("The file could not be read. Try another one.");
    }
  };

  const reject = (rejections: FileRejection[]) => {
    const file = rejections[0]?.file;
    setProblem(file ? (captureIconProblem(file) ?? `Use ${TYPE_LABEL}.`) : `Use ${TYPE_LABEL}.`);
  };

  return (
    <Input.Wrapper
      label="Capture icon"
      description={`Shown on the capture screen and the QR page. ${TYPE_LABEL.replace("a ", "A ")}, ${kb(CAPTURE_ICON_MAX_BYTES)} KB at most.`}
      error={shownError}
    >
      <Group align="center" gap="md" mt={6} wrap="nowrap">
        <Avatar
          src={preview}
          size={72}
          radius="md"
          alt={preview ? "Capture icon preview" : undefined}
          color="indigo"
          variant="light"
        >
          <IconUserCircle size={36} stroke={1.4} aria-hidden />
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Dropzone
            onDrop={(files) => void accept(files)}
            onReject={reject}
            accept={[...CAPTURE_ICON_TYPES]}
            maxSize={CAPTURE_ICON_MAX_BYTES}
            multiple={false}
            disabled={disabled}
            radius="md"
            p="sm"
            aria-label="Choose a capture icon"
            data-testid="capture-icon-dropzone"
          >
            <Group gap="xs" justify="center" wrap="nowrap" style={{ pointerEvents: "none" }}>
              <IconPhotoUp size={20} stroke={1.6} aria-hidden />
              <Text fz="sm">
                <Dropzone.Idle>Drop an image here or click to choose</Dropzone.Idle>
                <Dropzone.Accept>Drop it to use it</Dropzone.Accept>
                <Dropzone.Reject>{`Use ${TYPE_LABEL} of 256 KB at most`}</Dropzone.Reject>
              </Text>
            </Group>
          </Dropzone>
          {preview && !disabled ? (
            <Group gap="xs">
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  setProblem(null);
                  onChange(hasIcon ? null : undefined);
                }}
              >
                Remove the icon
              </Button>
              {value ? (
                <Text fz="xs" c="dimmed">
                  Saved with the form
                </Text>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
