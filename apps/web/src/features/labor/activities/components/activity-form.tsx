import {
  ACTIVITY_COUNT_MAX,
  ACTIVITY_MINUTES_MAX,
  type ActivityCreateRequest,
  type ActivityItem,
  type ActivityType,
  type ActivityUpdateRequest,
  COUNT_OR_MINUTES_MESSAGE,
} from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRef, useState } from "react";
import { FormFooter } from "../../../../components/form-footer";
import { FormError } from "../../../../components/query-state";
import { SearchSelect } from "../../../../components/search-select";
import type { ApiError } from "../../../../lib/api-error";
import { formatDay } from "../../../../lib/dates";
import { fieldsOf, splitServerErrors } from "../../../../lib/form-errors";
import { newIdempotencyKey } from "../../../../lib/idempotency-key";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";
import { useLogActivity, useUpdateActivity } from "../api/activities";

export type ActivityFormValues = {
  /** Another person's id (managers); null logs one's own. */
  userId: number | null;
  activityTypeId: string | null;
  /** A NumberInput's value: a number, or "" when empty. */
  count: number | string;
  minutes: number | string;
  reasonId: string | null;
  notes: string;
  storeId: number | null;
  /** `yyyy-MM-dd`, or "" for the shift's day (today). */
  workDate: string;
};

const FIELDS = [
  "userId",
  "activityTypeId",
  "count",
  "minutes",
  "reasonId",
  "notes",
  "storeId",
  "workDate",
] as const;
const fieldOf = fieldsOf(FIELDS);

const blank = (v: number | string) => v === "" || v === null || v === undefined;
const wholeIn = (v: number | string, min: number, max: number) =>
  Number.isInteger(Number(v)) && Number(v) >= min && Number(v) <= max;

export const activityValuesOf = (
  activity: ActivityItem | null,
  defaults: Partial<ActivityFormValues> = {},
): ActivityFormValues => ({
  userId: activity?.userId ?? defaults.userId ?? null,
  activityTypeId: activity ? String(activity.activityTypeId) : (defaults.activityTypeId ?? null),
  count: activity ? activity.count || "" : (defaults.count ?? ""),
  minutes: activity?.minutes ?? defaults.minutes ?? "",
  reasonId: activity?.reasonId ? String(activity.reasonId) : (defaults.reasonId ?? null),
  notes: activity?.notes ?? defaults.notes ?? "",
  storeId: activity ? activity.storeId : (defaults.storeId ?? null),
  workDate: activity?.workDate ?? defaults.workDate ?? "",
});

/** The form's checks in the form's words (the server checks the same, and the lists). */
export function validateActivity(
  v: ActivityFormValues,
  today = formatDay(new Date()),
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.activityTypeId) errors.activityTypeId = "Choose an activity type";
  if (!blank(v.count) && !wholeIn(v.count, 0, ACTIVITY_COUNT_MAX))
    errors.count = `Use a whole number from 0 to ${ACTIVITY_COUNT_MAX.toLocaleString("en-US")}`;
  if (!blank(v.minutes) && !wholeIn(v.minutes, 1, ACTIVITY_MINUTES_MAX))
    errors.minutes = `Use a whole number of minutes from 1 to ${ACTIVITY_MINUTES_MAX}`;
  if (!errors.count && !errors.minutes && !(Number(v.count) > 0) && blank(v.minutes))
    errors.count = COUNT_OR_MINUTES_MESSAGE;
  if (v.workDate && !/^\d{4}-\d{2}-\d{2}$/.test(v.workDate))
    errors.workDate = "Use the date format yyyy-MM-dd";
  else if (v.workDate && v.workDate > today) errors.workDate = "Choose today or an earlier day";
  return errors;
}

const common = (v: ActivityFormValues) => ({
  activityTypeId: Number(v.activityTypeId),
  count: blank(v.count) ? 0 : Number(v.count),
  minutes: blank(v.minutes) ? null : Number(v.minutes),
  reasonId: v.reasonId ? Number(v.reasonId) : null,
  notes: v.notes.trim() || null,
});

export const activityCreateRequestOf = (v: ActivityFormValues): ActivityCreateRequest => ({
  ...(v.userId ? { userId: v.userId } : {}),
  ...common(v),
  ...(v.storeId ? { storeId: v.storeId } : {}),
  ...(v.workDate ? { workDate: v.workDate } : {}),
});

export const activityUpdateRequestOf = (v: ActivityFormValues): ActivityUpdateRequest => ({
  ...common(v),
  storeId: v.storeId,
  ...(v.workDate ? { workDate: v.workDate } : {}),
});

/**
 * Logs an activity (or changes one): the person (managers), the type, a count and/or minutes, a reason, notes, and
 * where and when (the open shift's store and day when left empty). A save whose answer was lost is sent again with
 * the same Idempotency-Key, so it is saved once; any change to the form makes a new key.
 */
export function ActivityForm({
  activity,
  types,
  forOthers,
  initial,
  onSaved,
  onCancel,
}: {
  /** The activity to change; null logs a new one. */
  activity: ActivityItem | null;
  /** The organization's types in its order. */
  types: readonly ActivityType[];
  /** The caller may log for other people (`labor.edit`): the person field shows. */
  forOthers: boolean;
  initial?: Partial<ActivityFormValues>;
  onSaved: (saved: ActivityItem) => void;
  onCancel: () => void;
}) {
  const lookups = useLookupList();
  const create = useLogActivity();
  const update = useUpdateActivity();
  const pending = create.isPending || update.isPending;
  const [generalError, setGeneralError] = useState<string | null>(null);
  const sent = useRef<{ body: string; key: string } | null>(null);
  const form = useForm<ActivityFormValues>({
    mode: "controlled",
    initialValues: activityValuesOf(activity, initial),
    validate: (v) => validateActivity(v),
  });

  const onError = (err: ApiError) => {
    const { fieldErrors, other } = splitServerErrors(err, fieldOf);
    form.setErrors(fieldErrors);
    setGeneralError(other);
  };

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    if (activity) {
      update.mutate(
        { id: activity.id, body: activityUpdateRequestOf(values) },
        {
          onSuccess: (saved) => {
            notifications.show({
              color: "teal",
              message: `${saved.activityTypeName} of ${saved.userName} was saved.`,
            });
            onSaved(saved);
          },
          onError,
        },
      );
      return;
    }
    const body = activityCreateRequestOf(values);
    const text = JSON.stringify(body);
    if (sent.current?.body !== text) sent.current = { body: text, key: newIdempotencyKey() };
    create.mutate(
      { body, key: sent.current.key },
      {
        onSuccess: (saved) => {
          sent.current = null;
          notifications.show({
            color: "teal",
            message: `${saved.activityTypeName} logged for ${saved.userName} on ${saved.workDate}.`,
          });
          onSaved(saved);
        },
        onError,
      },
    );
  });

  const typeOptions = types.map((t) => ({ value: String(t.id), label: t.name }));
  const name = activity ? `Edit the activity of ${activity.userName}` : "Log an activity";
  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      <Fieldset variant="unstyled" disabled={pending}>
        <Stack gap="md" pb="md">
          {generalError ? <FormError>{generalError}</FormError> : null}
          {forOthers && !activity ? (
            <SearchSelect
              endpoint={appApi.leadGeneratorOptions}
              label="Person"
              placeholder="Yourself"
              description="Leave empty to log your own activity."
              clearable
              nothingFoundMessage="No lead generator by that name"
              value={form.values.userId}
              onChange={(id) => form.setFieldValue("userId", id)}
              error={form.errors.userId}
            />
          ) : null}
          <Select
            label="Activity"
            placeholder="Choose the activity"
            data={typeOptions}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("activityTypeId")}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label="Count"
              description="Approaches, or how many"
              min={0}
              max={ACTIVITY_COUNT_MAX}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              {...form.getInputProps("count")}
            />
            <NumberInput
              label="Minutes"
              description="How long it took"
              min={1}
              max={ACTIVITY_MINUTES_MAX}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              {...form.getInputProps("minutes")}
            />
          </SimpleGrid>
          <Select
            label="Reason"
            placeholder="No reason"
            data={toOptions(lookups.data?.userReasons)}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("reasonId")}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={1000}
            {...form.getInputProps("notes")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <SearchSelect
              endpoint={appApi.storeOptions}
              label="Store"
              placeholder="The shift's store"
              clearable
              nothingFoundMessage="No store by that name"
              value={form.values.storeId}
              onChange={(id) => form.setFieldValue("storeId", id)}
              error={form.errors.storeId}
            />
            <TextInput
              type="date"
              label="Day"
              placeholder="yyyy-MM-dd"
              description={activity ? undefined : "Empty: the shift's day (today)"}
              max={formatDay(new Date())}
              {...form.getInputProps("workDate")}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <FormFooter onCancel={onCancel} pending={pending} submitLabel={activity ? "Save" : "Log activity"} />
    </form>
  );
}
