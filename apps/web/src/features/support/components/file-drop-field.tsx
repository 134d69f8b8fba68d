import "@mantine/dropzone/styles.css";
import { Button, CloseButton, Group, Input, Paper, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { IconFile, IconUpload } from "@tabler/icons-react";
import { useId, useRef } from "react";
import { acceptOf, type FileRule, fileProblem, formatBytes, kindList } from "./file-kinds";

/**
 * A file to upload: drop it on the area, or press "Choose file" (the keyboard's way in; the area itself takes no
 * focus, so there is one tab stop). The file is checked here before anything is sent (kind by its name, size) and
 * the reason shows under the field; the chosen file shows with its size and a button to remove it.
 */
export function FileDropField({
  label,
  description,
  rule,
  file,
  onChange,
  onProblem,
  error,
  required = false,
  disabled = false,
}: {
  label: string;
  /** What the field is for beyond the kinds and the size, which it says itself. */
  description?: string;
  rule: FileRule;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The reason a file was refused here (null once a file is taken), for the form to show as the field's error. */
  onProblem: (problem: string | null) => void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
}) {
  const openRef = useRef<() => void>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const take = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    if (files.length > 1) {
      onProblem("Choose one file.");
      return;
    }
    const why = fileProblem(chosen, rule);
    // A refused file takes the place of the one chosen before: the field then holds none, and says why.
    onChange(why ? null : chosen);
    onProblem(why);
  };

  const reject = (rejections: FileRejection[]) => {
    if (rejections.length > 1) onProblem("Choose one file.");
    else if (rejections[0]) take([rejections[0].file]);
  };

  const hint = `${kindList(rule.kinds)}; ${formatBytes(rule.maxBytes)} at most.`;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={id}
      required={required}
      description={description ? `${description} ${hint}` : hint}
      error={error}
      descriptionProps={{ id: hintId }}
      errorProps={{ id: errorId }}
    >
      <Stack gap="xs" mt={6} role="group" aria-labelledby={`${id}-label`}>
        <Dropzone
          onDrop={take}
          onReject={reject}
          openRef={openRef}
          multiple={false}
          disabled={disabled}
          // The "Choose file" button is the keyboard's way in; the area is for dropping and clicking.
          activateOnKeyboard={false}
          radius="md"
          p="md"
          enablePointerEvents
          inputProps={{
            accept: acceptOf(rule.kinds),
            "aria-label": label,
            "aria-describedby": error ? `${hintId} ${errorId}` : hintId,
          }}
          data-testid="file-dropzone"
        >
          <Group gap="sm" justify="center" wrap="wrap">
            <IconUpload size={22} stroke={1.6} aria-hidden />
            <Text fz="sm">
              <Dropzone.Idle>Drag a file here, or</Dropzone.Idle>
              <Dropzone.Accept>Drop the file to use it</Dropzone.Accept>
              <Dropzone.Reject>Drop one file</Dropzone.Reject>
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={disabled}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              onClick={(e) => {
                // The area would open the picker too.
                e.stopPropagation();
                openRef.current?.();
              }}
            >
              {file ? "Choose another file" : "Choose file"}
            </Button>
          </Group>
        </Dropzone>
        {file ? (
          <Paper withBorder radius="md" px="sm" py={6}>
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFile size={18} stroke={1.6} aria-hidden />
                <Text fz="sm" style={{ overflowWrap: "anywhere" }} data-testid="chosen-file">
                  {file.name} ({formatBytes(file.size)})
                </Text>
              </Group>
              <CloseButton
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => {
                  onProblem(null);
                  onChange(null);
                }}
              />
            </Group>
          </Paper>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
