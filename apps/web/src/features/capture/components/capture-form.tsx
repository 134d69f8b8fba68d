import {
  type ConsentDestination,
  type DisclosureTexts,
  type LeadTypeLookup,
  type LeadUpsertResponse,
  US_STATES,
} from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import {
  Box,
  Button,
  Card,
  Checkbox,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconDeviceFloppy, IconDeviceMobileDown } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { DigitsInput } from "../../../components/digits-input";
import { FormError } from "../../../components/query-state";
import { QuestionField } from "../../../components/question-field";
import { SearchSelect } from "../../../components/search-select";
import { type ApiError, errorMessage } from "../../../lib/api-error";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { isOnline, useOnline } from "../../../lib/offline/online";
import type { OutboxEntry } from "../../../lib/offline/outbox";
import { type CaptureRequest, keepCapture, useCaptureLead } from "../api/capture-lead";
import { cachedStoreName, rememberStore } from "../api/get-stores";
import { AddressField } from "./address-field";
import {
  activeQuestions,
  type CaptureValues,
  captureRequest,
  consentHeading,
  emptyAnswers,
  hasConsent,
  initialCaptureValues,
  validateCapture,
} from "./capture-values";

// The duplicate warning loads with the first duplicate found, not with the form (docs/decisions/0029).
const DuplicateWarning = lazy(async () => ({
  default: (await import("./duplicate-warning")).DuplicateWarning,
}));

const FIELDS = [
  "storeId",
  "serviceTypeId",
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
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

/**
 * The phone-first capture form: check for duplicates, then save, then show the saved lead. With no signal the
 * capture is kept on the phone (the outbox) and sent when the signal returns (docs/decisions/0030).
 */
export function CaptureForm({
  lookups,
  initialStoreId,
  hasOwnStores = false,
  disclosures,
  organizationName = "",
  serviceTypeId,
  onSaved,
  onKept,
  onStaleDisclosures,
}: {
  lookups: LeadTypeLookup;
  /** The store to start with (the last capture's, or the only one). */
  initialStoreId: number | null;
  /** The caller has stores of their own: the picker shows them first, under "My stores". */
  hasOwnStores?: boolean;
  /** The organization's disclosure texts as the shopper reads them (from the lead settings). */
  disclosures: DisclosureTexts;
  /** The organization's name, for the consent headings. */
  organizationName?: string;
  /** The service type to start with (the previous capture's). */
  serviceTypeId?: number | null;
  onSaved: (result: LeadUpsertResponse, values: CaptureValues) => void;
  /** The capture was kept on the phone, to be sent when the signal returns. */
  onKept?: (entry: OutboxEntry, values: CaptureValues) => void;
  /** The server refused a consent text that changed since the form opened: read the texts again. */
  onStaleDisclosures: () => void;
}) {
  const types = useMemo(
    () => lookups.serviceTypes.filter((t) => t.isActive).sort((a, b) => a.sortOrder - b.sortOrder),
    [lookups.serviceTypes],
  );
  const english = lookups.languageTypes.find((l) => l.name === "English") ?? lookups.languageTypes[0];
  const form = useForm<CaptureValues>({
    mode: "controlled",
    initialValues: initialCaptureValues({
      storeId: initialStoreId,
      serviceType: types.find((t) => t.id === serviceTypeId) ?? (types.length === 1 ? types[0] : null),
      languageId: english?.id ?? null,
    }),
  });
  const capture = useCaptureLead();
  const queryClient = useQueryClient();
  const online = useOnline();
  const [duplicates, setDuplicates] = useState<LeadUpsertResponse | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [keeping, setKeeping] = useState(false);
  const [keepFailure, setKeepFailure] = useState<string | null>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  const type = types.find((t) => t.id === form.values.serviceTypeId) ?? null;
  const questions = activeQuestions(type);

  // A changed phone or email needs a fresh duplicate check.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only these two values matter
  useEffect(() => setDuplicates(null), [form.values.phone, form.values.email]);
  useEffect(() => {
    if (duplicates) warningRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
  }, [duplicates]);
  // A save that could not be sent says so where the lead generator looks: beside the save button.
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
  }, [failure]);

  const showServerError = (err: ApiError) => {
    if (err.code === "stale_disclosure" || Object.keys(err.errors).some((k) => k.startsWith("consents"))) {
      // The texts are read again: a consent given to the older text shows unticked until the shopper
      // agrees to the current one.
      setFailure(null);
      form.setErrors({ consents: err.message });
      if (err.code === "stale_disclosure") onStaleDisclosures();
      return;
    }
    const fields = err.formErrors();
    form.setErrors(fields);
    const known = Object.keys(fields).some((k) => FIELDS.includes(k) || k.startsWith("answers."));
    setFailure(known ? null : err);
    if (known) focusFirstError();
  };

  // One capture, one Idempotency-Key: a save sent again with nothing changed (the answer was lost on a weak
  // signal) resends the same request under the same key, and the server answers with the first save's lead.
  const pending = useRef<{ of: string; body: CaptureRequest; key: string } | null>(null);
  const pendingOf = (values: CaptureValues) => JSON.stringify([values, type?.id, disclosures]);

  /**
   * Keeps the capture on the phone. A save already sent (its answer lost) is kept as it was sent, under its key,
   * so the server recognises it if it did arrive; a capture never sent is kept with the time the shopper was met.
   */
  const keep = async (values: CaptureValues) => {
    const of = pendingOf(values);
    if (pending.current?.of !== of) {
      const capturedAt = new Date().toISOString();
      pending.current = {
        of,
        body: captureRequest(values, type, disclosures, { capturedAt }),
        key: newIdempotencyKey(),
      };
    }
    const { body, key } = pending.current;
    setKeeping(true);
    setKeepFailure(null);
    try {
      const store = cachedStoreName(queryClient, values.storeId);
      const entry = await keepCapture(body, key, {
        title: `${values.firstName.trim()} ${values.lastName.trim()}`.trim(),
        detail: [type?.name, store].filter(Boolean).join(" · ") || undefined,
      });
      pending.current = null;
      setFailure(null);
      setDuplicates(null);
      if (values.storeId) rememberStore(values.storeId);
      onKept?.(entry, values);
    } catch (err) {
      setKeepFailure(`This phone could not keep the lead: ${errorMessage(err)}`);
    } finally {
      setKeeping(false);
    }
  };

  const save = (values: CaptureValues) => {
    setFailure(null);
    // The signal went meanwhile (a duplicate warning open): kept on the phone.
    if (!isOnline()) return void keep(values);
    const of = pendingOf(values);
    if (pending.current?.of !== of) {
      pending.current = { of, body: captureRequest(values, type, disclosures), key: newIdempotencyKey() };
    }
    const { body, key } = pending.current;
    capture.mutate(
      { body, idempotencyKey: key },
      {
        onSuccess: (res) => {
          pending.current = null;
          if (values.storeId) rememberStore(values.storeId);
          setDuplicates(null);
          onSaved(res, values);
        },
        onError: showServerError,
      },
    );
  };

  const submit = form.onSubmit(
    (values) => {
      const errors = validateCapture(values, type);
      if (Object.keys(errors).length) {
        form.setErrors(errors);
        focusFirstError();
        return;
      }
      // No signal: no duplicate check (the server links a duplicate when the lead arrives); kept on the phone.
      if (!isOnline()) return void keep(values);
      if (duplicates) return save(values);
      setFailure(null);
      capture.mutate(
        { body: { ...captureRequest(values, type, disclosures), checkOnly: true } },
        {
          onSuccess: (res) => {
            if (res.isDuplicate || res.possibleDuplicates.length > 0) setDuplicates(res);
            else save(values);
          },
          onError: showServerError,
        },
      );
    },
    () => focusFirstError(),
  );

  const matches = duplicates
    ? duplicates.possibleDuplicates.length
      ? duplicates.possibleDuplicates
      : duplicates.duplicateOf
        ? [duplicates.duplicateOf]
        : []
    : [];

  return (
    <form onSubmit={submit} noValidate aria-label="Capture a lead">
      <Stack gap="md">
        <Section title="Store and service">
          <SearchSelect
            endpoint={appApi.storeOptions}
            label="Store"
            placeholder="Choose the store"
            required
            size="md"
            nothingFoundMessage="No store by that name"
            groupBy={hasOwnStores ? (s) => (s.mine ? "My stores" : "Other stores") : undefined}
            {...form.getInputProps("storeId")}
            // The message sits above the field: the list opens below it, so it never covers its own message.
            error={Boolean(form.errors.storeId)}
            description={
              form.errors.storeId ? (
                <Text span fz="sm" c="var(--mantine-color-error)" data-testid="store-error">
                  {form.errors.storeId}
                </Text>
              ) : undefined
            }
            value={form.values.storeId}
          />
          <Select<number>
            label="Service type"
            placeholder="Choose a service"
            required
            size="md"
            data={types.map((t) => ({ value: t.id, label: t.name }))}
            description={type?.description || undefined}
            comboboxProps={{ withinPortal: true }}
            // Tapping the chosen service again keeps it (a required field is never emptied by a tap).
            allowDeselect={false}
            {...form.getInputProps("serviceTypeId")}
            onChange={(id) => {
              const next = types.find((t) => t.id === id) ?? null;
              form.setFieldValue("serviceTypeId", id);
              form.setFieldValue("answers", next ? emptyAnswers(next) : {});
            }}
          />
        </Section>

        {questions.length > 0 ? (
          <Section title={`About the ${type?.name ?? "project"}`}>
            {questions.map((q) => (
              <QuestionField
                key={q.id}
                question={q}
                size="md"
                value={form.values.answers[String(q.id)]}
                onChange={(v) => form.setFieldValue(`answers.${q.id}`, v)}
                error={form.errors[`answers.${q.id}`] as string | undefined}
              />
            ))}
          </Section>
        ) : null}

        <Section title="Shopper">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              required
              size="md"
              autoComplete="off"
              maxLength={100}
              {...form.getInputProps("firstName")}
            />
            <TextInput
              label="Last name"
              required
              size="md"
              autoComplete="off"
              maxLength={100}
              {...form.getInputProps("lastName")}
            />
          </SimpleGrid>
          <DigitsInput
            id="capture-phone"
            label="Mobile phone"
            description="10 digits. A phone number or an email is needed."
            size="md"
            maxLength={10}
            {...form.getInputProps("phone")}
          />
          <TextInput
            label="Email"
            type="email"
            inputMode="email"
            size="md"
            autoComplete="off"
            maxLength={254}
            {...form.getInputProps("email")}
          />
          <AddressField
            value={form.values.address}
            onChange={(v) => form.setFieldValue("address", v)}
            onPick={(d) => {
              form.setFieldValue("city", d.city);
              form.setFieldValue("state", US_STATES.some((s) => s.code === d.state) ? d.state : null);
              form.setFieldValue("zip", d.zip.slice(0, 5));
            }}
            error={form.errors.address as string | undefined}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <TextInput label="City" size="md" maxLength={100} {...form.getInputProps("city")} />
            <Select
              label="State"
              placeholder="State"
              size="md"
              searchable
              clearable
              data={US_STATES.map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("state")}
            />
            <DigitsInput label="ZIP code" size="md" maxLength={5} {...form.getInputProps("zip")} />
          </SimpleGrid>
          <Select<number>
            label="Language"
            size="md"
            allowDeselect={false}
            data={lookups.languageTypes.map((l) => ({ value: l.id, label: l.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("languageId")}
          />
          <Textarea
            label="Notes"
            size="md"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={4000}
            {...form.getInputProps("notes")}
          />
        </Section>

        <Section title="Who may contact you">
          <Text fz="sm" c="dimmed" mt={-8}>
            Let the shopper read each statement; tick it only when they agree.
          </Text>
          {lookups.consentDestinations.map((d) => {
            const text = disclosures[d.id as ConsentDestination] ?? "";
            const changed =
              Boolean(form.values.consents[d.id]) && !hasConsent(form.values, d.id, disclosures);
            return (
              <Checkbox
                key={d.id}
                size="md"
                label={
                  <Text span fw={600}>
                    {consentHeading(d.id, organizationName)}
                  </Text>
                }
                description={
                  <>
                    <span data-testid={`disclosure-${d.id}`}>{text}</span>
                    {changed ? (
                      <Text span display="block" c="orange" fz="sm" mt={4}>
                        This text changed since the shopper agreed: let them read it and tick it again.
                      </Text>
                    ) : null}
                  </>
                }
                checked={hasConsent(form.values, d.id, disclosures)}
                onChange={(e) => {
                  form.setFieldValue(`consents.${d.id}`, e.currentTarget.checked ? text : null);
                  form.clearFieldError("consents");
                }}
                styles={{ description: { fontSize: "var(--mantine-font-size-sm)", lineHeight: 1.45 } }}
              />
            );
          })}
          {form.errors.consents ? (
            <Text c="red" fz="sm" role="alert">
              {form.errors.consents}
            </Text>
          ) : null}
        </Section>

        {failure ? (
          <div ref={failureRef}>
            <FormError title="Could not save">
              <Stack gap="sm">
                <span>{failure.message}</span>
                {failure.status === 0 ? (
                  // The signal is too weak to answer: the lead waits on the phone instead of in the form.
                  <Button
                    variant="white"
                    color="red"
                    fullWidth
                    leftSection={<IconDeviceMobileDown size={18} aria-hidden />}
                    loading={keeping}
                    onClick={() => void keep(form.getValues())}
                    // The label wraps on a narrow phone rather than run out of the button.
                    styles={{
                      root: { height: "auto", minHeight: 40, paddingBlock: 8 },
                      label: { whiteSpace: "normal", textAlign: "left" },
                    }}
                  >
                    Keep it on this phone and send later
                  </Button>
                ) : null}
              </Stack>
            </FormError>
          </div>
        ) : null}
        {keepFailure ? <FormError title="Not kept">{keepFailure}</FormError> : null}

        {duplicates ? (
          <div ref={warningRef}>
            <Suspense fallback={null}>
              <DuplicateWarning
                matches={matches}
                windowDays={lookups.duplicateWindowDays}
                saving={capture.isPending}
                onSaveAnyway={() => save(form.getValues())}
                onEdit={() => {
                  setDuplicates(null);
                  document.getElementById("capture-phone")?.focus();
                }}
              />
            </Suspense>
          </div>
        ) : (
          // Stays at the bottom of the screen while the form scrolls: the save is always one tap away.
          <Box
            data-testid="save-bar"
            pos="sticky"
            bottom={0}
            py="sm"
            style={{
              zIndex: 3,
              background: "var(--mantine-color-gray-0)",
              paddingBottom: "calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))",
              borderTop: "1px solid var(--mantine-color-gray-3)",
            }}
          >
            <Button
              type="submit"
              size="lg"
              fullWidth
              loading={capture.isPending || keeping}
              leftSection={<IconDeviceFloppy size={20} />}
            >
              Save lead
            </Button>
            {online ? null : (
              <Text fz="sm" c="dimmed" ta="center" mt={6}>
                No signal: the lead is kept on this phone and sent when the signal returns.
              </Text>
            )}
          </Box>
        )}
      </Stack>
    </form>
  );
}

/** Moves focus (and the page) to the first field with an error, once React has shown the errors. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"] input');
    el?.focus();
    el?.scrollIntoView({ behavior: "smooth", block: "center" });
  });
}
