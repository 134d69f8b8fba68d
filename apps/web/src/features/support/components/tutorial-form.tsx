import type { TutorialItem, TutorialUpsertRequest } from "@fieldlead/contracts";
import { Group, NumberInput, Radio, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { fieldsOf } from "../../../lib/form-errors";
import { useSaveTutorial } from "../api/tutorials";
import { VIDEO_RULE } from "./file-kinds";
import { DESCRIPTION_MAX, TITLE_MAX, UploadFormLayout, useUploadSubmit } from "./upload-form";

export type VideoSource = "file" | "link";

export type TutorialFormValues = {
  title: string;
  description: string;
  /** A NumberInput's value: a number, or "" when empty. */
  sortOrder: number | string;
  source: VideoSource;
  file: File | null;
  videoUrl: string;
};

export const SORT_ORDER_MAX = 10_000;
const HTTPS_URL = /^https:\/\/\S+$/;
const fieldOf = fieldsOf(["title", "description", "sortOrder", "videoUrl", "file"]);

/** The form's checks in the form's words (the server checks the same, and the video's content). */
export function validateTutorial(v: TutorialFormValues, hasFile: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.title.trim()) errors.title = "Give the tutorial a title";
  else if (v.title.trim().length > TITLE_MAX) errors.title = `Use at most ${TITLE_MAX} characters`;
  if (v.description.trim().length > DESCRIPTION_MAX) errors.description = "Use at most 2,000 characters";
  const order = Number(v.sortOrder);
  if (v.sortOrder !== "" && !(Number.isInteger(order) && order >= 0 && order <= SORT_ORDER_MAX))
    errors.sortOrder = "Use a whole number from 0 to 10,000";
  if (v.source === "file" && !v.file && !hasFile) errors.file = "Choose the video to upload";
  if (v.source === "link") {
    const url = v.videoUrl.trim();
    if (!url) errors.videoUrl = "Give the video's web address";
    else if (!HTTPS_URL.test(url)) errors.videoUrl = "Use a web address that starts with https://";
  }
  return errors;
}

/**
 * Adds a tutorial or changes one: title, description, its place in the list, and its video, uploaded (with a
 * progress bar and a Cancel button) or linked. A tutorial that has an uploaded video keeps it when no new file is
 * chosen.
 */
export function TutorialForm({
  tutorial,
  nextOrder,
  onSaved,
  onCancel,
}: {
  tutorial: TutorialItem | null;
  /** The place a new tutorial takes: after the last one. */
  nextOrder: number;
  onSaved: (saved: TutorialItem) => void;
  onCancel: () => void;
}) {
  const save = useSaveTutorial();
  const stored = tutorial?.video.kind === "file" ? tutorial.video.file : null;
  const form = useForm<TutorialFormValues>({
    mode: "controlled",
    initialValues: {
      title: tutorial?.title ?? "",
      description: tutorial?.description ?? "",
      sortOrder: tutorial?.sortOrder ?? nextOrder,
      source: tutorial?.video.kind ?? "file",
      file: null,
      videoUrl: tutorial?.video.kind === "link" ? tutorial.video.url : "",
    },
    validate: (v) => validateTutorial(v, stored !== null),
  });

  const kit = useUploadSubmit(form, fieldOf);

  const submit = form.onSubmit((values) => {
    const file = values.source === "file" ? values.file : null;
    const upload = kit.begin(file);
    const description = values.description.trim();
    const body: TutorialUpsertRequest = {
      ...(tutorial ? { id: tutorial.id } : {}),
      title: values.title.trim(),
      // A form field is text: an empty description is sent as one (null in JSON).
      description: file ? description : description || null,
      sortOrder: values.sortOrder === "" ? 0 : Number(values.sortOrder),
      ...(values.source === "link" ? { videoUrl: values.videoUrl.trim() } : {}),
    };
    save.mutate(
      { body, file, ...upload },
      kit.settle(
        (saved) => (tutorial ? `“${saved.title}” was saved.` : `“${saved.title}” was added.`),
        onSaved,
      ),
    );
  });

  return (
    <UploadFormLayout
      name={tutorial ? `Edit ${tutorial.title}` : "Add tutorial"}
      form={form}
      kit={kit}
      pending={save.isPending}
      onSubmit={submit}
      fields={
        <>
          <NumberInput
            label="Order"
            description="Tutorials are listed from the lowest number up."
            min={0}
            max={SORT_ORDER_MAX}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            maw={200}
            {...form.getInputProps("sortOrder")}
          />
          <Radio.Group label="Video" required {...form.getInputProps("source")}>
            <Group gap="lg" mt={6}>
              <Radio value="file" label="Upload a video" />
              <Radio value="link" label="Link to a video" />
            </Group>
          </Radio.Group>
          {form.values.source === "link" ? (
            <TextInput
              label="Video address"
              description="A YouTube or Vimeo link plays here; any other opens in a new tab."
              placeholder="https://"
              type="url"
              inputMode="url"
              required
              maxLength={2_000}
              {...form.getInputProps("videoUrl")}
            />
          ) : null}
        </>
      }
      file={
        form.values.source === "file"
          ? {
              label: "Video file",
              description: stored ? `Leave empty to keep ${stored.fileName}.` : undefined,
              rule: VIDEO_RULE,
              required: stored === null,
            }
          : null
      }
      submitLabel={tutorial ? "Save" : "Add tutorial"}
      onCancel={onCancel}
    />
  );
}
