import type { BusinessContact } from "@fieldlead/contracts";
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { randomId } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { DigitsInput } from "../../../components/digits-input";
import { FormError, LoadError } from "../../../components/query-state";
import { useSaveTypeContacts, useTypeContacts } from "../api/type-contacts";
import { RemoveButton } from "./link-section";

type Row = { key: string; name: string; email: string; phone: string; topics: BusinessContact["topics"] };
type Values = { contacts: Row[] };

const toRow = (c: BusinessContact): Row => ({
  key: randomId(),
  name: c.name,
  email: c.email,
  phone: c.phone ?? "",
  topics: [...c.topics],
});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ContactsForm({ typeId, contacts }: { typeId: number; contacts: BusinessContact[] }) {
  const save = useSaveTypeContacts(typeId);
  const form = useForm<Values>({
    initialValues: { contacts: contacts.map(toRow) },
    validate: {
      contacts: {
        name: (v) => (v.trim() ? null : "Enter the contact's name"),
        email: (v) => (EMAIL.test(v.trim()) ? null : "Enter a valid email address"),
      },
    },
  });
  const rows = form.values.contacts;

  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        contacts: v.contacts.map((c) => ({
          name: c.name.trim(),
          email: c.email.trim(),
          phone: c.phone || null,
          topics: c.topics,
        })),
      },
      {
        onSuccess: (saved) => {
          form.setValues({ contacts: saved.map(toRow) });
          form.resetDirty({ contacts: saved.map(toRow) });
          notifications.show({ color: "teal", message: "The business contacts were saved." });
        },
        onError: (err) => form.setErrors(err.formErrors()),
      },
    ),
  );
  const general =
    save.error && !Object.keys(save.error.errors).some((k) => k.startsWith("contacts")) ? save.error : null;
  const blank = (): Row => ({ key: randomId(), name: "", email: "", phone: "", topics: ["appointments"] });

  return (
    <form onSubmit={submit} noValidate aria-label="Business contacts of this type">
      <Stack gap="sm">
        {general ? <FormError>{general.message}</FormError> : null}
        {rows.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No business contacts for this type yet.
          </Text>
        ) : (
          rows.map((row, i) => (
            <Group key={row.key} align="flex-start" wrap="nowrap" gap="xs" data-testid="type-contact">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
                <TextInput
                  label="Name"
                  required
                  maxLength={100}
                  {...form.getInputProps(`contacts.${i}.name`)}
                />
                <TextInput
                  label="Email"
                  type="email"
                  required
                  maxLength={254}
                  {...form.getInputProps(`contacts.${i}.email`)}
                />
                <DigitsInput label="Phone" maxLength={15} {...form.getInputProps(`contacts.${i}.phone`)} />
              </SimpleGrid>
              <div style={{ paddingTop: 26 }}>
                <RemoveButton
                  name={row.name.trim() || `contact ${i + 1}`}
                  onClick={() => form.removeListItem("contacts", i)}
                />
              </div>
            </Group>
          ))
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem("contacts", blank())}
          >
            Add contact
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save contacts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who hears about this type's appointments (business contacts of the type; setup only). */
export function ContactsSection({ typeId }: { typeId: number }) {
  const query = useTypeContacts(typeId);
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="section-contacts"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md" id="section-contacts">
            Business contacts
          </Title>
          <Text fz="sm" c="dimmed">
            Who hears about this type's appointments, besides the organization's and territory's contacts.
          </Text>
        </div>
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data ? (
          <ContactsForm typeId={typeId} contacts={query.data} />
        ) : (
          <Skeleton height={60} aria-busy="true" />
        )}
      </Stack>
    </Card>
  );
}
