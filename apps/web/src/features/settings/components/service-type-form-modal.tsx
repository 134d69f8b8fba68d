import type { ServiceType } from "@fieldlead/contracts";
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { FormError } from "../../../components/query-state";
import { useUpsertServiceType } from "../api/upsert-service-type";

type Values = { name: string; description: string; isActive: boolean };

/** Creates a service type, or edits the one given. */
export function ServiceTypeFormModal({
  opened,
  serviceType,
  onClose,
  onSaved,
}: {
  opened: boolean;
  serviceType: ServiceType | null;
  onClose: () => void;
  onSaved?: (saved: ServiceType) => void;
}) {
  const mutation = useUpsertServiceType();
  const form = useForm<Values>({
    initialValues: { name: "", description: "", isActive: true },
    validate: {
      name: (v) => (v.trim() ? null : "Enter the service type's name"),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    mutation.reset();
    form.setValues(
      serviceType
        ? { name: serviceType.name, description: serviceType.description, isActive: serviceType.isActive }
        : { name: "", description: "", isActive: true },
    );
    form.clearErrors();
  }, [opened, serviceType]);

  const submit = form.onSubmit((v) =>
    mutation.mutate(
      {
        ...(serviceType ? { id: serviceType.id } : {}),
        name: v.name.trim(),
        description: v.description.trim(),
        isActive: v.isActive,
      },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: "teal",
            message: serviceType ? `"${saved.name}" was saved.` : `"${saved.name}" was created.`,
          });
          onSaved?.(saved);
          onClose();
        },
        onError: (err) => form.setErrors(err.formErrors()),
      },
    ),
  );
  const general =
    mutation.error && !["name", "description", "isActive"].some((f) => mutation.error?.fieldError(f))
      ? mutation.error
      : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={serviceType ? "Edit service type" : "New service type"}
      centered
      radius="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {general ? <FormError>{general.message}</FormError> : null}
          <TextInput
            label="Name"
            placeholder="Roofing"
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps("name")}
          />
          <Textarea
            label="Description"
            description="One line for the people capturing leads."
            autosize
            minRows={2}
            maxRows={5}
            maxLength={1000}
            {...form.getInputProps("description")}
          />
          <Switch
            label="Active"
            description="Only active service types are offered on the capture form."
            {...form.getInputProps("isActive", { type: "checkbox" })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {serviceType ? "Save" : "Create"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
