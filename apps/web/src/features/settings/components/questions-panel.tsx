import type { ServiceType, ServiceTypeQuestion } from "@fieldlead/contracts";
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconArrowDown,
  IconArrowUp,
  IconEdit,
  IconMessageQuestion,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { useDeleteQuestion } from "../api/delete-question";
import { useQuestionTypes } from "../api/get-question-types";
import { useQuestions } from "../api/get-questions";
import { useUpsertQuestion } from "../api/upsert-question";
import { DeleteModal } from "./delete-modal";
import { QuestionFormModal } from "./question-form-modal";
import { ResponsesEditor } from "./responses-editor";

/** The ordered questions of one service type, with the answers of its choice questions. */
export function QuestionsPanel({ serviceType }: { serviceType: ServiceType }) {
  const query = useQuestions(serviceType.id);
  const types = useQuestionTypes();
  const upsert = useUpsertQuestion();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<{ question: ServiceTypeQuestion | null } | null>(null);
  const [deleting, setDeleting] = useState<ServiceTypeQuestion | null>(null);
  const questions = query.data ?? [];
  const dataName = (id: number) => types.data?.dataTypes.find((d) => d.id === id)?.name ?? `#${id}`;
  const field = (id: number) => types.data?.fieldTypes.find((f) => f.id === id);

  const save = (q: ServiceTypeQuestion, change: Partial<ServiceTypeQuestion>) =>
    upsert.mutateAsync({
      id: q.id,
      serviceTypeId: q.serviceTypeId,
      text: q.text,
      dataTypeId: q.dataTypeId,
      fieldTypeId: q.fieldTypeId,
      isRequired: q.isRequired,
      isActive: q.isActive,
      sortOrder: q.sortOrder,
      ...change,
    });

  const move = async (index: number, delta: number) => {
    const order = [...questions];
    const [item] = order.splice(index, 1);
    order.splice(index + delta, 0, item);
    try {
      for (const [i, q] of order.entries()) if (q.sortOrder !== i) await save(q, { sortOrder: i });
    } catch (err) {
      notifications.show({ color: "red", title: "Could not reorder", message: errorMessage(err) });
    }
  };

  const confirmDelete = () =>
    deleting &&
    remove.mutate(
      { id: deleting.id, serviceTypeId: serviceType.id },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: "The question was deleted." });
          setDeleting(null);
        },
      },
    );

  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Group justify="space-between" mb="md" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg">
            Questions of {serviceType.name}
          </Title>
          <Text fz="sm" c="dimmed">
            Asked in this order on the capture form.
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ question: null })}
          disabled={!types.data}
        >
          Add question
        </Button>
      </Group>

      {query.isError ? <LoadError error={query.error} onRetry={() => query.refetch()} /> : null}
      {types.isError ? <LoadError error={types.error} onRetry={() => types.refetch()} /> : null}
      {query.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={64} radius="md" />
          ))}
        </Stack>
      ) : null}
      {query.isSuccess && questions.length === 0 ? (
        <EmptyState
          py={40}
          variant="light"
          icon={<IconMessageQuestion size={26} stroke={1.6} />}
          title="No questions yet"
          description={`Add what lead generators should ask about ${serviceType.name}.`}
        >
          <EmptyState.Actions>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ question: null })}>
              Add question
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : null}

      <Stack
        gap="sm"
        component="ol"
        style={{ listStyle: "none", margin: 0, padding: 0 }}
        aria-label="Questions"
      >
        {questions.map((q, i) => {
          const f = field(q.fieldTypeId);
          return (
            <Box
              key={q.id}
              component="li"
              p="sm"
              style={{
                border: "1px solid var(--mantine-color-default-border)",
                borderRadius: "var(--mantine-radius-md)",
              }}
              data-testid="question-row"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  <Badge variant="default" radius="sm" size="lg" miw={32} aria-label={`Question ${i + 1}`}>
                    {i + 1}
                  </Badge>
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600} fz="sm" c={q.isActive ? undefined : "dimmed"}>
                      {q.text}
                      {q.isRequired ? (
                        <Text span c="red" ml={4} aria-label="required">
                          *
                        </Text>
                      ) : null}
                    </Text>
                    <Group gap={6}>
                      <Badge size="sm" variant="light" color="indigo">
                        {dataName(q.dataTypeId)}
                      </Badge>
                      <Badge size="sm" variant="light" color="cyan">
                        {f?.name ?? `#${q.fieldTypeId}`}
                      </Badge>
                      {q.isRequired ? (
                        <Badge size="sm" variant="light" color="red">
                          Required
                        </Badge>
                      ) : null}
                      {q.isActive ? null : (
                        <Badge size="sm" variant="light" color="gray">
                          Inactive
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Group>
                <Group gap={0} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move "${q.text}" up`}
                    disabled={i === 0 || upsert.isPending}
                    onClick={() => move(i, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move "${q.text}" down`}
                    disabled={i === questions.length - 1 || upsert.isPending}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit "${q.text}"`}
                      onClick={() => setEditing({ question: q })}
                    >
                      <IconEdit size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete "${q.text}"`}
                      onClick={() => {
                        remove.reset();
                        setDeleting(q);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              {f?.hasChoices ? (
                <Box
                  mt="sm"
                  ml={{ base: 0, xs: 44 }}
                  pl="sm"
                  style={{ borderLeft: "2px solid var(--mantine-color-default-border)" }}
                >
                  <ResponsesEditor
                    questionId={q.id}
                    questionText={q.text}
                    serviceTypeId={serviceType.id}
                    responses={q.responses}
                  />
                </Box>
              ) : null}
            </Box>
          );
        })}
      </Stack>

      {types.data ? (
        <QuestionFormModal
          opened={editing !== null}
          serviceTypeId={serviceType.id}
          question={editing?.question ?? null}
          types={types.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteModal
        opened={deleting !== null}
        title="Delete question"
        error={remove.error?.message ?? null}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        alternative={
          deleting?.isActive ? (
            <Button
              onClick={() =>
                deleting &&
                save(deleting, { isActive: false }).then(
                  () => {
                    notifications.show({ color: "teal", message: "The question is no longer asked." });
                    setDeleting(null);
                  },
                  (err) => notifications.show({ color: "red", message: errorMessage(err) }),
                )
              }
            >
              Deactivate instead
            </Button>
          ) : null
        }
      >
        Delete <b>{deleting?.text}</b>? This cannot be undone.
      </DeleteModal>
    </Card>
  );
}
