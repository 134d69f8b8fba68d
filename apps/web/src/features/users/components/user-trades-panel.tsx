import { type UserTrade, userTradeUpsertRequest } from "@fieldlead/contracts";
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconEdit, IconPlus, IconTool, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { FormError, LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { fieldsOf, schemaErrors, splitServerErrors } from "../../../lib/form-errors";
import { useLookupList } from "../../../lib/lookup-list";
import { useDeleteUserTrade } from "../api/delete-user-trade";
import { useUserTrades } from "../api/get-user-trades";
import { useUpsertUserTrade } from "../api/upsert-user-trade";

type Values = { tradeId: string | null; yearsOfExperience: number | string; notes: string };
const EMPTY: Values = { tradeId: null, yearsOfExperience: "", notes: "" };
const fieldOf = fieldsOf(["tradeId", "yearsOfExperience", "notes"]);

const requestOf = (v: Values, id?: number) => ({
  ...(id ? { id } : {}),
  tradeId: v.tradeId ? Number(v.tradeId) : (undefined as unknown as number),
  yearsOfExperience: v.yearsOfExperience === "" ? null : Number(v.yearsOfExperience),
  notes: v.notes,
});

/** A person's trades: list, add, change and remove, each saved at once. */
export function UserTradesPanel({ userId, readOnly }: { userId: number; readOnly: boolean }) {
  const trades = useUserTrades(userId);
  const lookups = useLookupList();
  const upsert = useUpsertUserTrade(userId);
  const remove = useDeleteUserTrade(userId);
  const [editing, setEditing] = useState<UserTrade | null>(null);
  const [removing, setRemoving] = useState<UserTrade | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const form = useForm<Values>({
    mode: "controlled",
    initialValues: EMPTY,
    validate: (v) => schemaErrors(userTradeUpsertRequest, requestOf(v), fieldOf),
  });

  const taken = new Set((trades.data ?? []).filter((t) => t.id !== editing?.id).map((t) => t.tradeId));
  const tradeOptions = (lookups.data?.userTrades ?? [])
    .filter((t) => !taken.has(t.id))
    .map((t) => ({ value: String(t.id), label: t.name }));

  const startEdit = (t: UserTrade) => {
    setEditing(t);
    setGeneralError(null);
    form.setValues({
      tradeId: String(t.tradeId),
      yearsOfExperience: t.yearsOfExperience ?? "",
      notes: t.notes ?? "",
    });
    form.clearErrors();
  };

  const reset = () => {
    setEditing(null);
    setGeneralError(null);
    form.setValues(EMPTY);
    form.clearErrors();
  };

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    upsert.mutate(requestOf(values, editing?.id), {
      onSuccess: (saved) => {
        notifications.show({
          color: "teal",
          message: editing ? `${saved.tradeName} was changed.` : `${saved.tradeName} was added.`,
        });
        reset();
      },
      onError: (err) => {
        const { fieldErrors, other } = splitServerErrors(err, fieldOf);
        form.setErrors(fieldErrors);
        setGeneralError(other);
      },
    });
  });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `${removing.tradeName} was removed.` });
        if (editing?.id === removing.id) reset();
        setRemoving(null);
      },
      onError: (err) =>
        notifications.show({ color: "red", title: "Could not remove", message: errorMessage(err) }),
    });
  };

  return (
    <Stack gap="md">
      {trades.isError ? <LoadError error={trades.error} onRetry={() => trades.refetch()} /> : null}
      <Card withBorder radius="md" p={0}>
        {trades.isPending ? (
          <Stack p="md" gap="xs" aria-busy>
            <Skeleton height={14} width="60%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        ) : (trades.data ?? []).length === 0 ? (
          <Group p="md" gap="sm" wrap="nowrap">
            <IconTool size={20} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fz="sm" c="dimmed">
              No trades yet. Trades are what the person is skilled in (HVAC, windows, solar…).
            </Text>
          </Group>
        ) : (
          <Table verticalSpacing="xs" horizontalSpacing="sm">
            <Table.Caption>
              <VisuallyHidden>Trades</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Trade</Table.Th>
                <Table.Th w={90}>Years</Table.Th>
                <Table.Th>Notes</Table.Th>
                {readOnly ? null : (
                  <Table.Th w={80}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trades.data?.map((t) => (
                <Table.Tr
                  key={t.id}
                  bg={editing?.id === t.id ? "var(--mantine-primary-color-light)" : undefined}
                >
                  <Table.Td fw={500}>{t.tradeName}</Table.Td>
                  <Table.Td>{t.yearsOfExperience ?? "—"}</Table.Td>
                  <Table.Td>
                    <Text fz="sm" lineClamp={2} c={t.notes ? undefined : "dimmed"}>
                      {t.notes || "—"}
                    </Text>
                  </Table.Td>
                  {readOnly ? null : (
                    <Table.Td>
                      <Group gap={2} wrap="nowrap" justify="flex-end">
                        <Tooltip label="Change">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Change ${t.tradeName}`}
                            onClick={() => startEdit(t)}
                          >
                            <IconEdit size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Remove">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${t.tradeName}`}
                            onClick={() => setRemoving(t)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      {readOnly ? null : (
        <form onSubmit={submit} noValidate aria-label={editing ? "Change a trade" : "Add a trade"}>
          <Stack gap="sm">
            <Text fw={600} fz="sm">
              {editing ? `Change ${editing.tradeName}` : "Add a trade"}
            </Text>
            {generalError ? <FormError>{generalError}</FormError> : null}
            <Group align="flex-start" gap="sm" grow wrap="wrap">
              <Select
                label="Trade"
                placeholder="Choose a trade"
                data={tradeOptions}
                searchable
                miw={160}
                {...form.getInputProps("tradeId")}
              />
              <NumberInput
                label="Years of experience"
                min={0}
                max={80}
                allowDecimal={false}
                allowNegative={false}
                miw={140}
                {...form.getInputProps("yearsOfExperience")}
              />
            </Group>
            <TextInput label="Notes" maxLength={500} {...form.getInputProps("notes")} />
            <Group justify="flex-end" gap="sm">
              {editing ? (
                <Button variant="default" onClick={reset} disabled={upsert.isPending}>
                  Cancel change
                </Button>
              ) : null}
              <Button
                type="submit"
                variant={editing ? "filled" : "light"}
                leftSection={editing ? undefined : <IconPlus size={16} />}
                loading={upsert.isPending}
              >
                {editing ? "Save trade" : "Add trade"}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      <ConfirmModal
        opened={removing !== null}
        title="Remove trade"
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        Remove <b>{removing?.tradeName}</b> from this person's trades?
      </ConfirmModal>
    </Stack>
  );
}
