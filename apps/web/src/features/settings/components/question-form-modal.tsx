import type { ServiceTypeQuestion } from "@fieldlead/contracts";
import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { FormError } from "../../../components/query-state";
import type { QuestionTypes } from "../api/get-question-types";
import { useUpsertQuestion } from "../api/upsert-question";

type Values = {
  text: string;
  dataTypeId: number | null;
  fieldTypeId: number | null;
  isRequired: boolean;
  isActive: boolean;
};

/** The field types that can carry a data type (a dropdown holds single choices, a text box text...). */
export const compatibleFieldTypes = (types: QuestionTypes, dataTypeId: number | null) =>
  dataTypeId === null ? [] : types.fieldTypes.filter((f) => f.dataTypeIds.includes(dataTypeId));

/** Adds a question to a service type, or edits one. */
export function QuestionFormModal({
  opened,
  serviceTypeId,
  question,
  types,
  onClose,
}: {
  opened: boolean;
  serviceTypeId: number;
  question: ServiceTypeQuestion | null;
  types: QuestionTypes;
  onClose: () => void;
}) {
  const mutation = useUpsertQuestion();
  const form = useForm<Values>({
    initialValues: { text: "", dataTypeId: null, fieldTypeId: null, isRequired: false, isActive: true },
    validate: {
      text: (v) => (v.trim() ? null : "Enter the question"),
      dataTypeId: (v) => (v ? null : "Choose what the answer is"),
      fieldTypeId: (v, values) =>
        !v
          ? "Choose how it is asked"
          : compatibleFieldTypes(types, values.dataTypeId).some((f) => f.id === v)
            ? null
            : "This field type cannot hold that data type",
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    mutation.reset();
    const values: Values = question
      ? {
          text: question.text,
          dataTypeId: question.dataTypeId,
          fieldTypeId: question.fieldTypeId,
          isRequired: question.isRequired,
          isActive: question.isActive,
        }
      : { text: "", dataTypeId: null, fieldTypeId: null, isRequired: false, isActive: true };
    form.setValues(values);
    form.clearErrors();
  }, [opened, question]);

  const fields = compatibleFieldTypes(types, form.values.dataTypeId);
  const submit = form.onSubmit((v) =>
    mutation.mutate(
      {
        ...(question ? { id: question.id, sortOrder: question.sortOrder } : {}),
        serviceTypeId,
        text: v.text.trim(),
        dataTypeId: v.dataTypeId as number,
        fieldTypeId: v.fieldTypeId as number,
        isRequired: v.isRequired,
        isActive: v.isActive,
      },
      {
        onSuccess: (saved) => {
          const choices = types.fieldTypes.find((f) => f.id === saved.fieldTypeId)?.hasChoices;
          notifications.show({
            color: "teal",
            message: question
              ? "The question was saved."
              : choices && saved.responses.length === 0
                ? "The question was added. Now add the answers to choose from."
                : "The question was added.",
          });
          onClose();
        },
        onError: (err) => form.setErrors(err.formErrors()),
      },
    ),
  );
  const general =
    mutation.error &&
    !["text", "dataTypeId", "fieldTypeId", "isRequired", "isActive"].some((f) =>
      mutation.error?.fieldError(f),
    )
      ? mutation.error
      : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? "Edit question" : "New question"}
      centered
      radius="md"
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {general ? <FormError>{general.message}</FormError> : null}
          <Textarea
            label="Question"
            placeholder="How old is the roof?"
            required
            autosize
            minRows={2}
            maxRows={4}
            maxLength={500}
            data-autofocus
            {...form.getInputProps("text")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select<number>
              label="Data type"
              description="What the answer is"
              placeholder="Choose a data type"
              required
              data={types.dataTypes.map((d) => ({ value: d.id, label: d.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("dataTypeId")}
              onChange={(id) => {
                form.setFieldValue("dataTypeId", id);
                const fits = compatibleFieldTypes(types, id);
                if (!fits.some((f) => f.id === form.values.fieldTypeId))
                  form.setFieldValue("fieldTypeId", fits[0]?.id ?? null);
              }}
            />
            <Select<number>
              label="Field type"
              description="How it is asked"
              required
              disabled={fields.length === 0}
              placeholder={fields.length ? "Choose one" : "Choose the data type first"}
              data={fields.map((f) => ({ value: f.id, label: f.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("fieldTypeId")}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Switch label="Required" {...form.getInputProps("isRequired", { type: "checkbox" })} />
            <Switch label="Active" {...form.getInputProps("isActive", { type: "checkbox" })} />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {question ? "Save" : "Add question"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
