import { type LeadDetail, normalizeEmail, normalizePhone, US_STATES } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { DigitsInput } from "../../../components/digits-input";
import { FormError } from "../../../components/query-state";
import {
  type AnswerDraft,
  answerFromDraft,
  draftFromAnswer,
  isAnswered,
  QuestionField,
  validateDraft,
} from "../../../components/question-field";
import { SearchSelect } from "../../../components/search-select";
import type { ApiError } from "../../../lib/api-error";
import { useLookupList } from "../../../lib/lookup-list";
import { useLeadTypes } from "../api/get-lead-types";
import { type LeadChange, useUpdateLead } from "../api/update-lead";

type Values = {
  storeId: number | null;
  serviceTypeId: number | null;
  leadGeneratorId: number | null;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  state: string | null;
  zip: string;
  languageId: number | null;
  notes: string;
  answers: Record<string, AnswerDraft>;
  hdsfiGroupId: number | null;
  hdJobTypeId: number | null;
  centahServiceId: number | null;
  centahAdCodeId: number | null;
  externalReference: string;
};

const FIELDS = new Set([
  "storeId",
  "serviceTypeId",
  "leadGeneratorId",
  "firstName",
  "lastName",
  "phone",
  "email",
  "address",
  "city",
  "state",
  "zip",
  "languageId",
  "notes",
  "hdsfiGroupId",
  "hdJobTypeId",
  "centahServiceId",
  "centahAdCodeId",
  "externalReference",
]);

/** Edits a lead's fields and answers; each change lands in its history. */
export function LeadEditForm({ lead, onDone }: { lead: LeadDetail; onDone: () => void }) {
  const types = useLeadTypes().data;
  const lookups = useLookupList().data;
  const update = useUpdateLead();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const answered = useMemo(() => new Map(lead.answers.map((a) => [a.questionId, a.value])), [lead.answers]);

  const form = useForm<Values>({
    mode: "controlled",
    initialValues: {
      storeId: lead.storeId,
      serviceTypeId: lead.serviceTypeId,
      leadGeneratorId: lead.leadGeneratorId,
      firstName: lead.firstName,
      lastName: lead.lastName,
      phone: lead.phone ?? "",
      email: lead.email ?? "",
      address: lead.address ?? "",
      city: lead.city ?? "",
      state: lead.state,
      zip: lead.zip ?? "",
      languageId: lead.languageId,
      notes: lead.notes ?? "",
      answers: {},
      hdsfiGroupId: lead.hdsfiGroupId,
      hdJobTypeId: lead.hdJobTypeId,
      centahServiceId: lead.centahServiceId,
      centahAdCodeId: lead.centahAdCodeId,
      externalReference: lead.externalReference ?? "",
    },
  });

  const type = types?.serviceTypes.find((t) => t.id === form.values.serviceTypeId);
  const sameType = form.values.serviceTypeId === lead.serviceTypeId;
  // Active questions, and inactive ones this lead answered (its answers stay as they were).
  const questions = (type?.questions ?? [])
    .filter((q) => q.isActive || (sameType && answered.has(q.id)))
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const draft = (id: number) => {
    const key = String(id);
    if (key in form.values.answers) return form.values.answers[key];
    const q = questions.find((x) => x.id === id);
    return q ? draftFromAnswer(q, sameType ? answered.get(id) : undefined) : null;
  };

  const submit = form.onSubmit((v) => {
    const errors: Record<string, string> = {};
    if (!v.firstName.trim()) errors.firstName = "Enter the first name";
    if (!v.lastName.trim()) errors.lastName = "Enter the last name";
    if (!v.phone.trim() && !v.email.trim()) errors.phone = "Keep a phone number or an email address";
    else if (v.phone.trim() && !normalizePhone(v.phone)) errors.phone = "Enter a 10-digit US phone number";
    if (v.email.trim() && !normalizeEmail(v.email)) errors.email = "Enter a valid email address";
    if (lead.kind === "internal" && !v.storeId) errors.storeId = "Choose the store";
    if (lead.kind === "internal" && !v.serviceTypeId) errors.serviceTypeId = "Choose the service type";
    for (const q of questions) {
      const message = q.isActive ? validateDraft(q, draft(q.id)) : null;
      if (message) errors[`answers.${q.id}`] = message;
    }
    if (Object.keys(errors).length) return form.setErrors(errors);

    const blank = (s: string) => (s.trim() ? s.trim() : null);
    const program =
      lead.source === "retailerProgram"
        ? {
            hdsfiGroupId: v.hdsfiGroupId,
            hdJobTypeId: v.hdJobTypeId,
            externalReference: blank(v.externalReference),
          }
        : lead.source === "secondPartner"
          ? {
              centahServiceId: v.centahServiceId,
              centahAdCodeId: v.centahAdCodeId,
              externalReference: blank(v.externalReference),
            }
          : {};
    const change: LeadChange = {
      id: lead.id,
      kind: lead.kind,
      storeId: v.storeId,
      serviceTypeId: v.serviceTypeId,
      ...(v.leadGeneratorId !== lead.leadGeneratorId ? { leadGeneratorId: v.leadGeneratorId } : {}),
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      phone: blank(v.phone),
      email: blank(v.email),
      address: blank(v.address),
      city: blank(v.city),
      state: v.state,
      zip: blank(v.zip),
      languageId: v.languageId,
      notes: blank(v.notes),
      answers: questions
        .filter((q) => isAnswered(draft(q.id)))
        .map((q) => ({ questionId: q.id, value: answerFromDraft(q, draft(q.id)) })),
      ...program,
    };
    setFailure(null);
    update.mutate(change, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: "The lead was saved." });
        onDone();
      },
      onError: (err) => {
        const fields = err.formErrors();
        form.setErrors(fields);
        if (!Object.keys(fields).some((k) => FIELDS.has(k) || k.startsWith("answers."))) setFailure(err);
      },
    });
  });

  const activeTypes = (types?.serviceTypes ?? []).filter((t) => t.isActive || t.id === lead.serviceTypeId);

  return (
    <form onSubmit={submit} noValidate aria-label="Edit lead">
      <Stack gap="md">
        {failure ? <FormError>{failure.message}</FormError> : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps("firstName")}
          />
          <TextInput label="Last name" required maxLength={100} {...form.getInputProps("lastName")} />
          <DigitsInput label="Phone" maxLength={10} {...form.getInputProps("phone")} />
          <TextInput label="Email" type="email" maxLength={254} {...form.getInputProps("email")} />
        </SimpleGrid>
        <TextInput label="Street address" maxLength={200} {...form.getInputProps("address")} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput label="City" maxLength={100} {...form.getInputProps("city")} />
          <Select
            label="State"
            searchable
            clearable
            data={US_STATES.map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("state")}
          />
          <DigitsInput label="ZIP code" maxLength={5} {...form.getInputProps("zip")} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <SearchSelect
            endpoint={appApi.storeOptions}
            label="Store"
            required={lead.kind === "internal"}
            clearable={lead.kind === "external"}
            nothingFoundMessage="No store by that name"
            {...form.getInputProps("storeId")}
            value={form.values.storeId}
          />
          <SearchSelect
            endpoint={appApi.leadGeneratorOptions}
            label="Lead generator"
            clearable={lead.kind === "external"}
            nothingFoundMessage="No one by that name"
            {...form.getInputProps("leadGeneratorId")}
            value={form.values.leadGeneratorId}
          />
          <Select<number>
            label="Language"
            data={(types?.languageTypes ?? []).map((l) => ({ value: l.id, label: l.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("languageId")}
          />
          <Select<number>
            label="Service type"
            required={lead.kind === "internal"}
            data={activeTypes.map((t) => ({ value: t.id, label: t.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("serviceTypeId")}
            onChange={(id) => {
              form.setFieldValue("serviceTypeId", id);
              form.setFieldValue("answers", {});
            }}
          />
        </SimpleGrid>
        {lead.source === "retailerProgram" ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select<number>
              label="Program group"
              clearable
              data={(lookups?.hdsfiGroup ?? []).map((o) => ({ value: o.id, label: o.name }))}
              {...form.getInputProps("hdsfiGroupId")}
            />
            <Select<number>
              label="Job type"
              clearable
              data={(lookups?.hdJobType ?? []).map((o) => ({ value: o.id, label: o.name }))}
              {...form.getInputProps("hdJobTypeId")}
            />
          </SimpleGrid>
        ) : null}
        {lead.source === "secondPartner" ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select<number>
              label="Service"
              clearable
              data={(lookups?.centahServiceId ?? []).map((o) => ({ value: o.id, label: o.name }))}
              {...form.getInputProps("centahServiceId")}
            />
            <Select<number>
              label="Ad code"
              clearable
              data={(lookups?.centahAdCode ?? []).map((o) => ({ value: o.id, label: o.name }))}
              {...form.getInputProps("centahAdCodeId")}
            />
          </SimpleGrid>
        ) : null}
        {lead.source === "retailerProgram" || lead.source === "secondPartner" ? (
          <TextInput label="Program reference" maxLength={100} {...form.getInputProps("externalReference")} />
        ) : null}
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4000}
          {...form.getInputProps("notes")}
        />

        {questions.length ? (
          <Stack gap="md">
            <Title order={3} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: "0.04em" }}>
              Answers
            </Title>
            {questions.map((q) => (
              <QuestionField
                key={q.id}
                question={q.isActive ? q : { ...q, isRequired: false, text: `${q.text} (no longer asked)` }}
                value={draft(q.id)}
                onChange={(v) => form.setFieldValue(`answers.${q.id}`, v)}
                error={form.errors[`answers.${q.id}`] as string | undefined}
              />
            ))}
          </Stack>
        ) : null}

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
