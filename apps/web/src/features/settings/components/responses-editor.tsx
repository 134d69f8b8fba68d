import type { QuestionResponse } from "@fieldlead/contracts";
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconEdit,
  IconPlus,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-error";
import { useDeleteResponse } from "../api/delete-response";
import { useUpsertResponse } from "../api/upsert-response";

/** The answers a choice question offers: add, rename, reorder and delete them. */
export function ResponsesEditor({
  questionId,
  questionText,
  serviceTypeId,
  responses,
}: {
  questionId: number;
  questionText: string;
  serviceTypeId: number;
  responses: QuestionResponse[];
}) {
  const upsert = useUpsertResponse();
  const remove = useDeleteResponse();
  const [adding, setAdding] = useState("");
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; text: string; error?: string } | null>(null);
  const fail = (title: string) => (err: unknown) =>
    notifications.show({ color: "red", title, message: errorMessage(err) });

  const add = () => {
    const text = adding.trim();
    if (!text) return setAddError("Enter the answer");
    upsert.mutate(
      { questionId, serviceTypeId, text },
      {
        onSuccess: () => {
          setAdding("");
          setAddError(null);
        },
        onError: (err) => setAddError(err.fieldError("text") ?? err.message),
      },
    );
  };
  const rename = () => {
    if (!editing) return;
    const text = editing.text.trim();
    if (!text) return setEditing({ ...editing, error: "Enter the answer" });
    const r = responses.find((x) => x.id === editing.id);
    upsert.mutate(
      { id: editing.id, questionId, serviceTypeId, text, sortOrder: r?.sortOrder },
      {
        onSuccess: () => setEditing(null),
        onError: (err) => setEditing({ ...editing, error: err.fieldError("text") ?? err.message }),
      },
    );
  };
  const move = async (index: number, delta: number) => {
    const order = [...responses];
    const [item] = order.splice(index, 1);
    order.splice(index + delta, 0, item);
    try {
      for (const [i, r] of order.entries())
        if (r.sortOrder !== i)
          await upsert.mutateAsync({ id: r.id, questionId, serviceTypeId, text: r.text, sortOrder: i });
    } catch (err) {
      fail("Could not reorder")(err);
    }
  };

  return (
    <Stack gap={6} aria-label={`Answers of ${questionText}`} component="section">
      {responses.length === 0 ? (
        <Text fz="sm" c="orange">
          No answers yet: add the choices shoppers pick from.
        </Text>
      ) : null}
      {responses.map((r, i) =>
        editing?.id === r.id ? (
          <Group key={r.id} gap={6} wrap="nowrap" align="flex-start">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label="Answer"
              value={editing.text}
              error={editing.error}
              maxLength={200}
              autoFocus
              onChange={(e) => setEditing({ id: r.id, text: e.currentTarget.value })}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  rename();
                }
                if (e.key === "Escape") setEditing(null);
              }}
            />
            <ActionIcon
              variant="light"
              aria-label="Save the answer"
              onClick={rename}
              loading={upsert.isPending}
            >
              <IconCheck size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label="Cancel" onClick={() => setEditing(null)}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ) : (
          <Group key={r.id} gap={4} wrap="nowrap" justify="space-between">
            <Text fz="sm" style={{ flex: 1, minWidth: 0 }} truncate>
              {r.text}
            </Text>
            <Group gap={0} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                size="sm"
                color="gray"
                aria-label={`Move ${r.text} up`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                color="gray"
                aria-label={`Move ${r.text} down`}
                disabled={i === responses.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <Tooltip label="Rename">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Rename ${r.text}`}
                  onClick={() => setEditing({ id: r.id, text: r.text })}
                >
                  <IconEdit size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  color="red"
                  aria-label={`Delete ${r.text}`}
                  onClick={() => remove.mutate({ id: r.id, serviceTypeId }, { onError: fail("Not deleted") })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ),
      )}
      <Group gap={6} wrap="nowrap" align="flex-start">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label={`New answer for ${questionText}`}
          placeholder="Add an answer"
          value={adding}
          error={addError}
          maxLength={200}
          onChange={(e) => {
            setAdding(e.currentTarget.value);
            setAddError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          loading={upsert.isPending && !editing}
        >
          Add
        </Button>
      </Group>
    </Stack>
  );
}
