import { type Feature, featureUpsertRequest } from "@fieldlead/contracts";
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { FormError } from "../../../components/query-state";
import { useUpsertFeature } from "../api/upsert-feature";

type Values = { name: string; description: string; isActive: boolean };

/** Creates a feature flag, or edits the one given. */
export function FeatureFormModal({
  opened,
  feature,
  onClose,
}: {
  opened: boolean;
  feature: Feature | null;
  onClose: () => void;
}) {
  const mutation = useUpsertFeature();
  const form = useForm<Values>({
    mode: "uncontrolled",
    initialValues: { name: "", description: "", isActive: false },
    validate: schemaResolver(featureUpsertRequest, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a feature
  useEffect(() => {
    if (!opened) return;
    mutation.reset();
    const values = feature
      ? { name: feature.name, description: feature.description, isActive: feature.isActive }
      : { name: "", description: "", isActive: false };
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, feature]);

  const submit = form.onSubmit((values) => {
    mutation.mutate(
      { ...(feature ? { id: feature.id } : {}), ...values },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: "teal",
            message: feature ? `"${saved.name}" was saved.` : `"${saved.name}" was created.`,
          });
          onClose();
        },
        onError: (err) => form.setErrors(err.formErrors()),
      },
    );
  });

  // A server error that names a field is shown beside it; anything else above the form.
  const generalError =
    mutation.error && !["name", "description", "isActive"].some((f) => mutation.error?.fieldError(f))
      ? mutation.error
      : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={feature ? "Edit feature" : "New feature"}
      centered
      radius="md"
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {generalError ? <FormError>{generalError.message}</FormError> : null}
          <TextInput
            label="Name"
            placeholder="Speed-to-lead report"
            required
            maxLength={120}
            data-autofocus
            key={form.key("name")}
            {...form.getInputProps("name")}
          />
          <Textarea
            label="Description"
            description="What changed, in a sentence or two: it appears on the What's new page when active."
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            key={form.key("description")}
            {...form.getInputProps("description")}
          />
          <Switch
            label="Active"
            description="Active features are listed for everyone under What's new."
            key={form.key("isActive")}
            {...form.getInputProps("isActive", { type: "checkbox" })}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {feature ? "Save" : "Create"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
