import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  type SentNotificationItem,
} from "@fieldlead/contracts";
import { notificationsApi } from "@fieldlead/contracts/routes";
import {
  Autocomplete,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { FormError, LoadError } from "../../../components/query-state";
import type { ApiError } from "../../../lib/api-error";
import { splitServerErrors } from "../../../lib/form-errors";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { keyOf } from "../../../lib/queries";
import { useAudienceCount, useNotificationLookups, useSendNotification } from "../api/send";
import { AudiencePicker } from "./audience-picker";
import { AudienceReach, sampleText } from "./audience-reach";
import { formatCount, people } from "./format";
import {
  audienceOf,
  audiencePicked,
  EMPTY_SEND_VALUES,
  LINK_SUGGESTIONS,
  type SendFormValues,
  sendFieldOf,
  sendRequestOf,
  validateSend,
} from "./send-values";

/** How long the audience must stay unchanged before it is counted. */
export const COUNT_DEBOUNCE_MS = 300;

const linkNames = new Map(LINK_SUGGESTIONS.map((l) => [l.path, l.name]));

/**
 * Writing and sending a notification (`notifications.send`): a title, a message, an optional in-app link, who gets
 * it and whether by email too. The reach is counted as the audience changes (after 300 ms of quiet); "Send" asks
 * first ("Send to 1,234 people?") and sends with an Idempotency-Key (a retry after a lost answer is one
 * notification; any change to the form makes a new key). `onSent` gets the notification on its way.
 */
export function SendForm({ onSent }: { onSent: (sent: SentNotificationItem) => void }) {
  const client = useQueryClient();
  const lookups = useNotificationLookups();
  const send = useSendNotification();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const sent = useRef<{ body: string; key: string } | null>(null);
  const form = useForm<SendFormValues>({
    mode: "controlled",
    initialValues: EMPTY_SEND_VALUES,
    validate: validateSend,
    onValuesChange: (values) => {
      setGeneralError(null);
      // The audience's own error ("pick who gets it") has no input of its own to clear it.
      if (audiencePicked(audienceOf(values))) form.clearFieldError("audience");
    },
  });
  const v = form.values;

  // The audience as it is now, and as counted: the count waits for 300 ms without a change.
  const audience = useMemo(() => audienceOf(v), [v]);
  const audienceKey = JSON.stringify(audience);
  const [countedKey] = useDebouncedValue(audienceKey, COUNT_DEBOUNCE_MS);
  const counted = useMemo(() => JSON.parse(countedKey) as typeof audience, [countedKey]);
  const picked = audiencePicked(audience);
  const reach = useAudienceCount(audiencePicked(counted) ? counted : null);
  const settled = countedKey === audienceKey;
  const current = settled && !reach.isPlaceholderData ? reach.data : undefined;
  const counting = picked && (!settled || reach.isFetching);

  const onError = (err: ApiError) => {
    setConfirming(false);
    const { fieldErrors, other } = splitServerErrors(err, sendFieldOf);
    form.setErrors(fieldErrors);
    setGeneralError(other);
  };

  const doSend = () => {
    const body = sendRequestOf(form.getValues());
    const text = JSON.stringify(body);
    if (sent.current?.body !== text) sent.current = { body: text, key: newIdempotencyKey() };
    send.mutate(
      { body, key: sent.current.key },
      {
        onSuccess: (item) => {
          sent.current = null;
          setConfirming(false);
          client.setQueryData(keyOf(notificationsApi.sentById, { params: { id: item.id } }), item);
          notifications.show({
            color: "teal",
            message: `“${item.title}” is on its way to ${people(item.recipientCount)}.`,
          });
          form.reset();
          onSent(item);
        },
        onError,
      },
    );
  };

  const linkOptions = LINK_SUGGESTIONS.map((l) => l.path);
  const bodyLength = v.body.length;
  const titleLength = v.title.length;

  return (
    <>
      <form
        noValidate
        aria-label="New notification"
        onSubmit={form.onSubmit(() => {
          setGeneralError(null);
          setConfirming(true);
        })}
      >
        <Fieldset variant="unstyled" disabled={send.isPending}>
          <Stack gap="md">
            {generalError ? <FormError>{generalError}</FormError> : null}
            <TextInput
              label="Title"
              required
              placeholder="Store visit on Friday"
              description={`${formatCount(titleLength)} of ${NOTIFICATION_TITLE_MAX} characters`}
              {...form.getInputProps("title")}
            />
            <Textarea
              label="Message"
              required
              autosize
              minRows={4}
              maxRows={12}
              description={`${formatCount(bodyLength)} of ${formatCount(NOTIFICATION_BODY_MAX)} characters`}
              {...form.getInputProps("body")}
            />
            <Autocomplete
              label="Link in the app"
              description="Optional: the screen it opens, such as /labor/schedules. Pick one or type a path."
              placeholder="No link"
              data={linkOptions}
              limit={20}
              clearable
              renderOption={({ option }) => (
                <div>
                  <Text fz="sm">{option.value}</Text>
                  <Text fz="xs" c="dimmed">
                    {linkNames.get(option.value)}
                  </Text>
                </div>
              )}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("link")}
            />
            {lookups.error ? (
              <LoadError error={lookups.error} onRetry={() => void lookups.refetch()} />
            ) : null}
            <AudiencePicker form={form} lookups={lookups.data} loading={lookups.isPending} />
            <AudienceReach
              picked={picked}
              reach={current ?? (counting ? reach.data : undefined)}
              counting={counting}
              error={reach.error}
              onRetry={() => void reach.refetch()}
              sendEmail={v.sendEmail}
            />
            <Checkbox
              label="Also by email"
              description="To everyone reached who has not turned notification emails off."
              {...form.getInputProps("sendEmail", { type: "checkbox" })}
            />
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending}>
                Send
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
      <ConfirmSend
        opened={confirming}
        reach={current}
        counting={!reach.error && (counting || (picked && !current))}
        countFailed={settled && !!reach.error && !counting}
        title={v.title.trim()}
        sendEmail={v.sendEmail}
        pending={send.isPending}
        onConfirm={doSend}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function ConfirmSend({
  opened,
  reach,
  counting,
  countFailed,
  title,
  sendEmail,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  reach: { count: number; emailOff: number; sample: string[] } | undefined;
  counting: boolean;
  /** The count could not be read: sending is still possible (the server resolves the audience). */
  countFailed: boolean;
  title: string;
  sendEmail: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const heading = reach ? `Send to ${people(reach.count)}?` : "Send this notification?";
  const nobody = reach?.count === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={heading} centered radius="md">
      <Stack gap="lg">
        {countFailed ? (
          <Text fz="sm">
            “{title}” goes to the people picked, in the app{sendEmail ? " and by email" : " only"}. Their
            number could not be counted just now. It cannot be taken back.
          </Text>
        ) : counting || !reach ? (
          <Text fz="sm">Counting the people it reaches…</Text>
        ) : nobody ? (
          <Text fz="sm" c="red">
            It reaches nobody now: pick others.
          </Text>
        ) : (
          <Text fz="sm">
            “{title}” goes to {sampleText(reach.sample, reach.count)}, in the app
            {sendEmail ? " and by email (to those who did not turn email off)" : " only"}. It cannot be taken
            back.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            onClick={onConfirm}
            loading={pending}
            disabled={!countFailed && (counting || !reach || nobody)}
            leftSection={<IconSend size={16} aria-hidden />}
            data-autofocus
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
