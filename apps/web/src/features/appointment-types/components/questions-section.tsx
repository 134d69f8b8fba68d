import type { AppointmentTypeQuestion } from "@fieldlead/contracts";
import { ActionIcon, Button, Checkbox, Group, Select, Switch, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import {
  useDeleteQuestion,
  useQuestionOptions,
  useTypeQuestions,
  useUpsertQuestion,
} from "../api/type-links";
import { LinkRow, LinkSection, RemoveButton } from "./link-section";

/** The questions asked when booking the type: which, in what order, and whether an answer is required. */
export function QuestionsSection({ typeId, canSetup }: { typeId: number; canSetup: boolean }) {
  const list = useTypeQuestions(typeId);
  const options = useQuestionOptions(canSetup);
  const upsert = useUpsertQuestion();
  const remove = useDeleteQuestion();
  const [choice, setChoice] = useState<string | null>(null);
  const [required, setRequired] = useState(false);
  const [moving, setMoving] = useState(false);
  const rows = list.data ?? [];
  const linked = new Set(rows.map((q) => q.questionId));

  // The choices grouped by service type, as the settings show them.
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const q of options.data ?? []) {
    if (linked.has(q.id)) continue;
    groups.set(q.serviceTypeName, [
      ...(groups.get(q.serviceTypeName) ?? []),
      { value: String(q.id), label: q.text },
    ]);
  }
  const data = [...groups].map(([group, items]) => ({ group, items }));

  const save = (q: AppointmentTypeQuestion, patch: Partial<{ isRequired: boolean; sortOrder: number }>) =>
    upsert.mutateAsync({
      id: q.id,
      appointmentTypeId: typeId,
      questionId: q.questionId,
      isRequired: patch.isRequired ?? q.isRequired,
      sortOrder: patch.sortOrder ?? q.sortOrder,
    });

  /** Moves a question up or down: the rows whose place changed are saved with their new place. */
  const move = async (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    setMoving(true);
    try {
      for (const [i, q] of next.entries()) if (q.sortOrder !== i) await save(q, { sortOrder: i });
    } catch {
      // The failure shows above the rows (the mutation's error).
    } finally {
      setMoving(false);
    }
  };

  const add = () => {
    if (!choice) return;
    upsert.mutate(
      {
        appointmentTypeId: typeId,
        questionId: Number(choice),
        isRequired: required,
        sortOrder: Math.max(-1, ...rows.map((q) => q.sortOrder)) + 1,
      },
      {
        onSuccess: () => {
          setChoice(null);
          setRequired(false);
        },
      },
    );
  };

  const adder = canSetup ? (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Add a question"
        placeholder={options.isPending ? "Loading…" : data.length ? "Choose a question" : "No other question"}
        data={data}
        value={choice}
        onChange={setChoice}
        searchable
        comboboxProps={{ withinPortal: true }}
        style={{ flex: "1 1 220px" }}
      />
      <Checkbox
        label="Required"
        checked={required}
        onChange={(e) => setRequired(e.currentTarget.checked)}
        mb={8}
      />
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={add}
        disabled={!choice}
        loading={upsert.isPending}
      >
        Add question
      </Button>
    </Group>
  ) : null;

  return (
    <LinkSection
      title="Questions"
      description="Asked when booking this type, in this order. The questions come from the service types."
      query={list}
      empty="No questions are asked for this type yet."
      adder={adder}
      error={upsert.error ?? remove.error}
    >
      {rows.map((q, i) => (
        <LinkRow
          key={q.id}
          actions={
            canSetup ? (
              <>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move "${q.questionText}" up`}
                  disabled={i === 0 || moving}
                  onClick={() => void move(i, i - 1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move "${q.questionText}" down`}
                  disabled={i === rows.length - 1 || moving}
                  onClick={() => void move(i, i + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <RemoveButton
                  name={`"${q.questionText}"`}
                  onClick={() => remove.mutate(q.id)}
                  loading={remove.isPending && remove.variables === q.id}
                />
              </>
            ) : null
          }
        >
          <Text fz="sm" fw={500}>
            {q.questionText}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {q.serviceTypeName}
            </Text>
            <Switch
              size="xs"
              label="Required"
              aria-label={`Required: ${q.questionText}`}
              checked={q.isRequired}
              disabled={!canSetup || moving}
              onChange={(e) => void save(q, { isRequired: e.currentTarget.checked }).catch(() => undefined)}
            />
          </Group>
        </LinkRow>
      ))}
    </LinkSection>
  );
}
