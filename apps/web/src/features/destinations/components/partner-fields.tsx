import { Divider, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { CodeListEditor } from "./code-list-editor";
import {
  type CodeRow,
  type FormValues,
  newCategoryRow,
  newCodeRow,
  PROGRAM_LISTS,
  type ProgramDestination,
} from "./destination-values";

type Form = UseFormReturnType<FormValues>;

function EndpointField({ form }: { form: Form }) {
  return (
    <TextInput
      label="Endpoint"
      description="The address given for receiving leads; every request is signed with the shared secret"
      placeholder="https://"
      required
      maxLength={500}
      {...form.getInputProps("settings.endpoint")}
    />
  );
}

/** The retailer: its endpoint, your vendor number, the stores' warehouse numbers and the IME sub-categories. */
export function RetailerFields({ form, storeNumbers }: { form: Form; storeNumbers: ReactNode }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <EndpointField form={form} />
        <TextInput
          label="Vendor number"
          description="Your vendor number at the retailer"
          required
          maxLength={60}
          {...form.getInputProps("settings.vendorNumber")}
        />
      </SimpleGrid>
      <Divider />
      {storeNumbers}
      <Divider />
      <CodeListEditor
        form={form}
        list="imeSubCategories"
        title="IME sub-categories"
        singular="category"
        withCode={false}
        newRow={newCategoryRow}
        emptyText="None entered: the retailer's published list is used."
      />
    </Stack>
  );
}

const optionLabel = (r: CodeRow) => `${r.name.trim() || "(no name)"} (${r.code.trim() || r.id})`;

/**
 * A partner program (the retailer's program, the second partner): its endpoint, its two code lists, and the code
 * of each list sent when the appointment type names none.
 */
export function ProgramFields({ form, destination }: { form: Form; destination: ProgramDestination }) {
  const values = form.values.settings as unknown as Record<string, unknown>;
  return (
    <Stack gap="md">
      <EndpointField form={form} />
      {PROGRAM_LISTS[destination].map((l) => {
        const rows = (values[l.list] as CodeRow[]) ?? [];
        const options = rows
          .filter((r) => r.id.trim() !== "")
          .map((r) => ({ value: r.id.trim(), label: optionLabel(r) }));
        // Two rows with one id would make two options with one value: the schema says so on the list.
        const unique = options.filter((o, i) => options.findIndex((p) => p.value === o.value) === i);
        const chosen = values[l.defaultKey] as string | null;
        return (
          <Stack key={l.list} gap="sm">
            <Divider />
            <CodeListEditor
              form={form}
              list={l.list}
              title={l.title}
              singular={l.singular}
              withCode
              newRow={newCodeRow}
              onRemove={(row) => {
                if (row.id.trim() === chosen) form.setFieldValue(`settings.${l.defaultKey}`, null);
              }}
              emptyText="None entered: the program's published list is used."
            />
            <Select
              label={`Default ${l.singular}`}
              description="Sent when the appointment type names none"
              placeholder={unique.length ? "None" : `Add a ${l.singular} first`}
              data={unique}
              clearable
              disabled={unique.length === 0 && !chosen}
              comboboxProps={{ withinPortal: true }}
              maw={{ sm: 360 }}
              {...form.getInputProps(`settings.${l.defaultKey}`)}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
