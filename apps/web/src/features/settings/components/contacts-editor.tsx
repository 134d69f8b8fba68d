import { BUSINESS_CONTACT_TOPICS, type BusinessContact, normalizeEmail } from "@fieldlead/contracts";
import {
  ActionIcon,
  Button,
  Card,
  Chip,
  EmptyState,
  Group,
  Input,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { randomId } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAddressBook, IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { DigitsInput } from "../../../components/digits-input";
import { FormError } from "../../../components/query-state";
import { useSaveBusinessContacts } from "../api/save-business-contacts";
import type { ContactScope } from "../api/settings-keys";

type Row = { key: string; name: string; email: string; phone: string; topics: string[] };
type Values = { contacts: Row[] };

const toRow = (c: BusinessContact): Row => ({
  key: randomId(),
  name: c.name,
  email: c.email,
  phone: c.phone ?? "",
  topics: [...c.topics],
});
const blank = (): Row => ({ key: randomId(), name: "", email: "", phone: "", topics: ["newLeads"] });

/** The contacts of one scope, edited as a list and saved together (the server replaces the list). */
export function ContactsEditor({
  scope,
  scopeName,
  contacts,
}: {
  scope: ContactScope;
  scopeName: string;
  contacts: BusinessContact[];
}) {
  const save = useSaveBusinessContacts();
  const form = useForm<Values>({
    initialValues: { contacts: contacts.map(toRow) },
    validate: {
      contacts: {
        name: (v) => (v.trim() ? null : "Enter the contact's name"),
        email: (v) => (normalizeEmail(v) ? null : "Enter a valid email address"),
      },
    },
  });
  const rows = form.values.contacts;

  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        scope,
        body: {
          contacts: v.contacts.map((c) => ({
            name: c.name.trim(),
            email: c.email.trim(),
            phone: c.phone || null,
            topics: c.topics as BusinessContact["topics"],
          })),
        },
      },
      {
        onSuccess: (saved) => {
          form.setValues({ contacts: saved.map(toRow) });
          form.resetDirty({ contacts: saved.map(toRow) });
          notifications.show({ color: "teal", message: `The contacts of ${scopeName} were saved.` });
        },
        onError: (err) => form.setErrors(err.formErrors()),
      },
    ),
  );
  const general =
    save.error && !Object.keys(save.error.errors).some((k) => k.startsWith("contacts")) ? save.error : null;

  return (
    <form onSubmit={submit} noValidate aria-label={`Business contacts of ${scopeName}`}>
      <Stack gap="md">
        {general ? <FormError>{general.message}</FormError> : null}
        {rows.length === 0 ? (
          <Card withBorder radius="lg" py={40}>
            <EmptyState
              variant="light"
              icon={<IconAddressBook size={26} stroke={1.6} />}
              title={`No business contacts for ${scopeName}`}
              description="Add the people who should hear about new leads, appointments and summaries."
            >
              <EmptyState.Actions>
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={() => form.insertListItem("contacts", blank())}
                >
                  Add contact
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Card>
        ) : (
          rows.map((row, i) => (
            <Card key={row.key} withBorder radius="lg" p="md" data-testid="contact-row">
              <Group justify="space-between" mb="xs">
                <Text fw={600} fz="sm">
                  {row.name.trim() || `Contact ${i + 1}`}
                </Text>
                <Group gap={0}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move contact ${i + 1} up`}
                    disabled={i === 0}
                    onClick={() => form.reorderListItem("contacts", { from: i, to: i - 1 })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move contact ${i + 1} down`}
                    disabled={i === rows.length - 1}
                    onClick={() => form.reorderListItem("contacts", { from: i, to: i + 1 })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove contact ${i + 1}`}
                      onClick={() => form.removeListItem("contacts", i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
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
              <Input.Wrapper
                label="Hears about"
                mt="sm"
                error={form.errors[`contacts.${i}.topics`] as string | undefined}
                labelElement="div"
              >
                <Chip.Group
                  multiple
                  value={row.topics}
                  onChange={(v) => form.setFieldValue(`contacts.${i}.topics`, v)}
                >
                  <Group gap={6} mt={6}>
                    {BUSINESS_CONTACT_TOPICS.map((t) => (
                      <Chip key={t.id} value={t.id} size="sm" variant="light">
                        {t.name}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Input.Wrapper>
            </Card>
          ))
        )}
        <Group justify="space-between">
          {rows.length ? (
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem("contacts", blank())}
            >
              Add contact
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save contacts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
