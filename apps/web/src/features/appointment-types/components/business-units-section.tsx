import { Badge, Button, Checkbox, Group, Select, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import {
  useDeleteBusinessUnit,
  useServiceTitanOptions,
  useTypeBusinessUnits,
  useUpsertBusinessUnit,
} from "../api/type-links";
import { LinkRow, LinkSection, RemoveButton } from "./link-section";

/** The CRM business units the type's jobs go to; one of them the default. */
export function BusinessUnitsSection({ typeId, canSetup }: { typeId: number; canSetup: boolean }) {
  const list = useTypeBusinessUnits(typeId);
  const crm = useServiceTitanOptions(canSetup);
  const upsert = useUpsertBusinessUnit();
  const remove = useDeleteBusinessUnit();
  const [choice, setChoice] = useState<string | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const linked = new Set((list.data ?? []).map((u) => u.crmReferenceId));
  const options = (crm.data?.businessUnits ?? []).filter((u) => !linked.has(u.id));

  const add = () => {
    if (!choice) return;
    upsert.mutate(
      { appointmentTypeId: typeId, crmReferenceId: Number(choice), isDefault },
      {
        onSuccess: () => {
          setChoice(null);
          setIsDefault(false);
        },
      },
    );
  };

  const adder = canSetup ? (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Add a business unit"
        placeholder={crm.isPending ? "Loading…" : options.length ? "Choose a business unit" : "No other unit"}
        data={options.map((o) => ({ value: String(o.id), label: `${o.name} (#${o.externalId})` }))}
        value={choice}
        onChange={setChoice}
        searchable
        comboboxProps={{ withinPortal: true }}
        style={{ flex: "1 1 220px" }}
      />
      <Checkbox
        label="Make it the default"
        checked={isDefault}
        onChange={(e) => setIsDefault(e.currentTarget.checked)}
        mb={8}
      />
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={add}
        disabled={!choice}
        loading={upsert.isPending}
      >
        Add unit
      </Button>
    </Group>
  ) : null;

  return (
    <LinkSection
      title="Business units"
      description="The CRM business units this type's jobs go to; the default one when there are several."
      query={list}
      empty="No business units linked yet."
      adder={adder}
      error={upsert.error ?? remove.error}
    >
      {(list.data ?? []).map((u) => (
        <LinkRow
          key={u.id}
          actions={
            canSetup ? (
              <>
                {u.isDefault ? null : (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Make ${u.name} the default`}
                    onClick={() =>
                      upsert.mutate({
                        id: u.id,
                        appointmentTypeId: typeId,
                        crmReferenceId: u.crmReferenceId,
                        isDefault: true,
                      })
                    }
                  >
                    Make default
                  </Button>
                )}
                <RemoveButton
                  name={u.name}
                  onClick={() => remove.mutate(u.id)}
                  loading={remove.isPending && remove.variables === u.id}
                />
              </>
            ) : null
          }
        >
          <Text fz="sm" fw={500} span>
            {u.name}
          </Text>{" "}
          <Text fz="xs" c="dimmed" span>
            CRM #{u.externalId}
          </Text>{" "}
          {u.isDefault ? (
            <Badge size="xs" variant="light">
              Default
            </Badge>
          ) : null}
        </LinkRow>
      ))}
    </LinkSection>
  );
}
