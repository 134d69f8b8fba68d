import type { TimeLogCreateRequest, TimeLogItem } from "@fieldlead/contracts";
import { Alert, Badge, Button, Card, Group, List, Select, Stack, Text } from "@mantine/core";
import { useInterval } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconClockPlay, IconClockStop } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { ConfirmModal } from "../../../../components/confirm-modal";
import { FormError } from "../../../../components/query-state";
import { ApiError, errorMessage } from "../../../../lib/api-error";
import { newIdempotencyKey } from "../../../../lib/idempotency-key";
import { zoneAbbreviation } from "../../../../lib/zone-abbreviation";
import { type LaborToday, type TimeLogWrite, useCreateTimeLog } from "../api/time-logs";
import { clockText, logZone, timeOf } from "./format";
import { currentPosition } from "./position";

type PunchAction = "punchIn" | "punchOut";

/** The time since the punch in, ticking each second. */
function RunningTimer({ since }: { since: string }) {
  const start = Date.parse(since);
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1_000, { autoInvoke: true });
  const seconds = Number.isNaN(start) ? 0 : (now - start) / 1000;
  return (
    <Text
      component="time"
      dateTime={since}
      fz={40}
      fw={700}
      lh={1.1}
      style={{ fontVariantNumeric: "tabular-nums" }}
      aria-label={`On the clock for ${clockText(seconds)}`}
    >
      {clockText(seconds)}
    </Text>
  );
}

/**
 * One punch at a time, each with its own Idempotency-Key: tapping again after a lost answer (a network error, a
 * 5xx) sends the same punch with the same key and body, so the server counts it once. A refusal (4xx) ends it: the
 * next tap is a new punch. The phone's location is asked for with a short timeout and never holds the punch.
 */
function usePunch(userId: number) {
  const create = useCreateTimeLog();
  const pending = useRef<{ of: string; body: TimeLogCreateRequest; key: string } | null>(null);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const busy = locating || create.isPending;

  const punch = async (action: PunchAction, storeId: number | null) => {
    if (busy) return;
    setError(null);
    const of = JSON.stringify({ action, storeId });
    if (pending.current?.of !== of) {
      setLocating(true);
      const position = await currentPosition();
      setLocating(false);
      const where = position ?? {};
      // A punch out names a store only when there is no open log to close (the punch in was forgotten).
      const store = storeId ? { storeId } : {};
      const body: TimeLogCreateRequest =
        action === "punchIn" ? { action, ...store, ...where } : { action: "punchOut", ...store, ...where };
      pending.current = { of, body, key: newIdempotencyKey() };
    }
    const attempt = pending.current;
    create.mutate(
      { userId, body: attempt.body, idempotencyKey: attempt.key },
      {
        onSuccess: (saved: TimeLogWrite) => {
          pending.current = null;
          setWarnings(saved.warnings);
          const at = action === "punchIn" ? saved.timeLog.localPunchIn : saved.timeLog.localPunchOut;
          notifications.show({
            color: "teal",
            message:
              action === "punchIn"
                ? `Punched in at ${saved.timeLog.storeName} at ${timeOf(at)} ${logZone(saved.timeLog)}.`
                : `Punched out at ${timeOf(at)} ${logZone(saved.timeLog)}.`,
          });
        },
        onError: (err) => {
          // Refused: a new tap is a new punch. Lost (network, server): the same punch is tried again.
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) pending.current = null;
          setError(errorMessage(err));
        },
      },
    );
  };

  return { punch, busy, locating, error, warnings };
}

/** Today's planned shifts, first the one to punch into. */
function Shifts({ shifts }: { shifts: LaborToday["shifts"] }) {
  if (shifts.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No shift planned for you today.
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        Today's shift{shifts.length === 1 ? "" : "s"}
      </Text>
      <List spacing={2} size="sm" listStyleType="none" ml={0} pl={0}>
        {shifts.map((s) => (
          <List.Item key={s.id}>
            {s.storeName} · {s.startTime} – {s.endTime}{" "}
            {zoneAbbreviation(s.timeZone, `${s.workDate}T12:00:00Z`)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** While punched in: where, since when, the running time, and Punch out. */
function OpenShift({ open }: { open: TimeLogItem }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color="teal" variant="light" size="lg">
          On the clock
        </Badge>
        {open.state === "missing" ? (
          <Badge color="red" variant="light" size="lg">
            Flagged: no punch out
          </Badge>
        ) : null}
      </Group>
      <Text fz="sm">
        At <b>{open.storeName}</b> since {timeOf(open.localPunchIn)} {logZone(open)}
      </Text>
      {open.punchInAt ? <RunningTimer since={open.punchInAt} /> : null}
    </Stack>
  );
}

/**
 * The punch screen's heart: one big button, Punch in (the store preselected from today's schedule, changeable) or
 * Punch out with the time running; the server's warnings (far from the store, not the planned store) shown after.
 */
export function PunchPanel({ today, userId }: { today: LaborToday; userId: number }) {
  const { punch, busy, locating, error, warnings } = usePunch(userId);
  const [chosen, setChosen] = useState<string | null>(null);
  const open = today.open;
  const onlyStore = today.stores.length === 1 ? today.stores[0].id : null;
  const preselected = today.suggestedStoreId ?? onlyStore;
  const storeValue = chosen ?? (preselected ? String(preselected) : null);
  const storeId = storeValue ? Number(storeValue) : null;
  const [storeError, setStoreError] = useState<string | null>(null);

  const [outOnly, setOutOnly] = useState(false);

  const tap = () => {
    if (open) return void punch("punchOut", null);
    if (!storeId) return setStoreError("Choose the store you are at");
    setStoreError(null);
    void punch("punchIn", storeId);
  };
  const punchOutOnly = () => {
    setOutOnly(false);
    if (!storeId) return setStoreError("Choose the store you are at");
    setStoreError(null);
    void punch("punchOut", storeId);
  };

  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        {open ? (
          <OpenShift open={open} />
        ) : (
          <Select
            label="Store"
            description={
              today.suggestedStoreId && storeValue === String(today.suggestedStoreId)
                ? "From today's schedule."
                : undefined
            }
            placeholder={today.stores.length ? "Choose the store you are at" : "No store to punch into"}
            data={today.stores.map((s) => ({ value: String(s.id), label: s.name }))}
            value={storeValue}
            onChange={(v) => {
              setChosen(v);
              if (v) setStoreError(null);
            }}
            allowDeselect={false}
            searchable={today.stores.length > 8}
            size="md"
            error={storeError}
            disabled={busy}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Button
          size="xl"
          h={72}
          fullWidth
          color={open ? "red" : "teal"}
          leftSection={
            open ? <IconClockStop size={28} aria-hidden /> : <IconClockPlay size={28} aria-hidden />
          }
          loading={busy}
          loaderProps={{ "aria-label": locating ? "Finding your location" : "Saving the punch" }}
          onClick={tap}
          disabled={!open && today.stores.length === 0}
        >
          {open ? "Punch out" : "Punch in"}
        </Button>
        {!open && today.stores.length > 0 ? (
          <Button variant="subtle" size="sm" onClick={() => setOutOnly(true)} disabled={busy}>
            Forgot to punch in? Punch out only
          </Button>
        ) : null}
        {!open && today.stores.length === 0 ? (
          <Text fz="sm" c="dimmed">
            You have no store to punch into. Ask your manager to assign you a store.
          </Text>
        ) : null}
        {error ? <FormError title="The punch was not saved">{error}</FormError> : null}
        {warnings.length ? (
          <Alert
            color="orange"
            variant="light"
            role="status"
            title="Saved, with a warning"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <Stack gap={2}>
              {warnings.map((w) => (
                <Text key={w} fz="sm">
                  {w}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        <Shifts shifts={today.shifts} />
      </Stack>
      <ConfirmModal
        opened={outOnly}
        title="Punch out without a punch in?"
        confirmLabel="Punch out"
        danger={false}
        onConfirm={punchOutOnly}
        onClose={() => setOutOnly(false)}
      >
        Your shift is saved with its punch in missing, and your manager sees it. Propose when you started
        under Missing punches.
      </ConfirmModal>
    </Card>
  );
}
