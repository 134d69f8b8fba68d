import { Badge, Button, Group, Select, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import {
  useDeleteTechnician,
  useTechnicianOptions,
  useTypeTechnicians,
  useUpsertTechnician,
} from "../api/type-links";
import { LinkRow, LinkSection, RemoveButton } from "./link-section";

/** The CRM technicians who run the type's appointments. */
export function TechniciansSection({ typeId, canSetup }: { typeId: number; canSetup: boolean }) {
  const list = useTypeTechnicians(typeId);
  const options = useTechnicianOptions(typeId, canSetup);
  const upsert = useUpsertTechnician();
  const remove = useDeleteTechnician();
  const [choice, setChoice] = useState<string | null>(null);
  const nextOrder = Math.max(-1, ...(list.data ?? []).map((t) => t.sortOrder)) + 1;

  const add = () => {
    if (!choice) return;
    upsert.mutate(
      { appointmentTypeId: typeId, crmReferenceId: Number(choice), sortOrder: nextOrder },
      { onSuccess: () => setChoice(null) },
    );
  };

  const adder = canSetup ? (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Add a technician"
        placeholder={
          options.isPending
            ? "Loading…"
            : options.data?.length
              ? "Choose a technician"
              : "No other technician"
        }
        data={(options.data ?? []).map((o) => ({
          value: String(o.id),
          label: `${o.name} (#${o.externalId})`,
        }))}
        value={choice}
        onChange={setChoice}
        searchable
        comboboxProps={{ withinPortal: true }}
        style={{ flex: "1 1 220px" }}
      />
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={add}
        disabled={!choice}
        loading={upsert.isPending}
      >
        Add technician
      </Button>
    </Group>
  ) : null;

  return (
    <LinkSection
      title="Technicians"
      description="The CRM technicians who run this type's appointments."
      query={list}
      empty="No technicians linked yet."
      adder={adder}
      error={upsert.error ?? remove.error}
    >
      {(list.data ?? []).map((t) => (
        <LinkRow
          key={t.id}
          actions={
            canSetup ? (
              <RemoveButton
                name={t.name}
                onClick={() => remove.mutate(t.id)}
                loading={remove.isPending && remove.variables === t.id}
              />
            ) : null
          }
        >
          <Text fz="sm" fw={500} span>
            {t.name}
          </Text>{" "}
          <Text fz="xs" c="dimmed" span>
            CRM #{t.externalId}
          </Text>{" "}
          {t.isActive ? null : (
            <Badge size="xs" color="gray" variant="light">
              Inactive in the CRM
            </Badge>
          )}
        </LinkRow>
      ))}
    </LinkSection>
  );
}
