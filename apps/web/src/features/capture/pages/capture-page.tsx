import type { LeadUpsertResponse } from "@fieldlead/contracts";
import { Alert, Button, Card, EmptyState, Skeleton, Stack, Text } from "@mantine/core";
import { IconClipboardOff, IconWifiOff } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { useCan } from "../../../lib/can";
import { formatDateTime } from "../../../lib/dates";
import { leadSettingsQueryOptions } from "../../../lib/lead-settings";
import { useKeptQuery } from "../../../lib/offline/kept-query";
import { useOnline } from "../../../lib/offline/online";
import { type OutboxEntry, outbox } from "../../../lib/offline/outbox";
import { leadTypesQueryOptions } from "../api/get-lead-types";
import { rememberedStoreId, useCaptureStores } from "../api/get-stores";
import { CaptureForm } from "../components/capture-form";
import { CaptureKept, CaptureSuccess } from "../components/capture-success";
import { OutboxButton } from "../components/outbox-button";

// The drawer of the leads on this phone loads when first opened: the form comes first.
const OutboxDrawer = lazy(async () => ({
  default: (await import("../components/outbox-panel")).OutboxDrawer,
}));

function FormSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the capture form">
      {[3, 4, 6].map((rows) => (
        <Card key={rows} withBorder radius="lg" p="lg">
          <Skeleton height={16} width={140} mb="md" radius="sm" />
          <Stack gap="md">
            {Array.from({ length: rows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
              <Skeleton key={i} height={42} radius="md" />
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

type Saved = { kind: "sent"; result: LeadUpsertResponse } | { kind: "kept"; entry: OutboxEntry };

/**
 * /capture: a lead generator (or a manager or scheduler, who may capture too) captures a shopper's lead at the
 * store, on a phone, in under a minute; with no signal too (docs/decisions/0030): the lists come from the copy
 * kept on the phone, and the lead waits on the phone until the signal returns.
 */
export function CapturePage() {
  const can = useCan();
  const online = useOnline();
  const lookups = useKeptQuery(leadTypesQueryOptions());
  // Read again for each capture: the previous one remembered its store.
  const [rememberedId, setRememberedId] = useState(rememberedStoreId);
  const stores = useCaptureStores(rememberedId);
  const settings = useKeptQuery(leadSettingsQueryOptions());
  const [saved, setSaved] = useState<Saved | null>(null);
  const [round, setRound] = useState(0);
  const [lastType, setLastType] = useState<number | null>(null);
  const [outboxOpen, setOutboxOpen] = useState(false);
  // Once opened, the drawer stays mounted (so it can slide out and in again).
  const [outboxOpened, setOutboxOpened] = useState(false);
  useEffect(() => {
    if (outboxOpen) setOutboxOpened(true);
  }, [outboxOpen]);
  // Service types are set up under Settings.
  const canSetUp = can("settings.manage");

  // Opening the screen is a moment to send what waits (the app may have been closed since).
  useEffect(() => void outbox.flush(), []);

  const error = (!lookups.data && lookups.error) || stores.error || (!settings.data && settings.error);
  const unavailable = lookups.unavailable || stores.unavailable || settings.unavailable;
  const activeTypes = lookups.data?.serviceTypes.filter((t) => t.isActive) ?? [];
  const keptAt = [lookups.keptAt, stores.keptAt, settings.keptAt].filter((t): t is number => t !== null);
  // The consent texts as the server has them now, for deciding about a kept capture (not a copy).
  const currentTexts = settings.data && !settings.isCopy ? settings.data.disclosures : null;

  let body: ReactNode;
  if (unavailable) {
    body = (
      <Card withBorder radius="lg" py={48}>
        <EmptyState
          variant="light"
          icon={<IconWifiOff size={26} stroke={1.6} />}
          title="No signal, and no lists on this phone yet"
          description="Open Capture once with a signal: the stores, service types and consent texts are then kept on this phone for the times there is none."
        />
      </Card>
    );
  } else if (error) {
    body = (
      <LoadError
        error={error}
        onRetry={() => {
          void lookups.refetch();
          void stores.refetch();
          void settings.refetch();
        }}
      />
    );
  } else if (!lookups.data || !stores.data || !settings.data) {
    body = <FormSkeleton />;
  } else if (activeTypes.length === 0 || stores.data.total === 0) {
    const noTypes = activeTypes.length === 0;
    body = (
      <Card withBorder radius="lg" py={48}>
        <EmptyState
          variant="light"
          icon={<IconClipboardOff size={26} stroke={1.6} />}
          title={noTypes ? "No service types to capture yet" : "No stores to capture at yet"}
          description={
            noTypes
              ? "An Admin adds the service types and their questions under Settings. Once one is active, the form appears here."
              : "A manager adds the organization's stores. Once one is active, the form appears here."
          }
        >
          {canSetUp && noTypes ? (
            <EmptyState.Actions>
              <Button component={Link} to="/settings/service-types">
                Set up service types
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      </Card>
    );
  } else if (saved) {
    const onAnother = () => {
      // The next shopper reads the organization's texts as they are now.
      void settings.refetch();
      setSaved(null);
      setRememberedId(rememberedStoreId());
      setRound((r) => r + 1);
      window.scrollTo({ top: 0 });
    };
    body =
      saved.kind === "sent" ? (
        <CaptureSuccess result={saved.result} onAnother={onAnother} />
      ) : (
        <CaptureKept entry={saved.entry} onAnother={onAnother} onShowOutbox={() => setOutboxOpen(true)} />
      );
  } else {
    body = (
      <CaptureForm
        key={round}
        lookups={lookups.data}
        initialStoreId={stores.data.initialStoreId}
        hasOwnStores={stores.data.hasOwn}
        disclosures={settings.data.disclosures}
        organizationName={settings.data.organizationName}
        onStaleDisclosures={() => void settings.refetch()}
        serviceTypeId={lastType}
        onSaved={(res, values) => {
          setLastType(values.serviceTypeId);
          setSaved({ kind: "sent", result: res });
          window.scrollTo({ top: 0 });
        }}
        onKept={(entry, values) => {
          setLastType(values.serviceTypeId);
          setSaved({ kind: "kept", entry });
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }

  return (
    <Stack gap={0} maw={600} mx="auto" w="100%">
      <PageHeader
        title="Capture a lead"
        description="The shopper's details, their answers and their consent."
        actions={<OutboxButton onOpen={() => setOutboxOpen(true)} />}
      />
      {online && keptAt.length === 0 ? null : (
        <Alert
          role="status"
          color="orange"
          variant="light"
          radius="md"
          mb="md"
          icon={<IconWifiOff size={20} aria-hidden />}
          title={online ? "Weak signal" : "Offline"}
          data-testid="offline-banner"
        >
          <Text fz="sm">
            {online
              ? "The server has not answered yet: the form uses the lists kept on this phone."
              : "Leads are kept on this phone and sent when the signal returns."}
          </Text>
          {keptAt.length ? (
            <Text fz="sm" mt={4}>
              Stores, service types and consent texts as saved on this phone{" "}
              {formatDateTime(Math.min(...keptAt))}.
            </Text>
          ) : null}
        </Alert>
      )}
      {body}
      {outboxOpened ? (
        <Suspense fallback={null}>
          <OutboxDrawer
            opened={outboxOpen}
            onClose={() => setOutboxOpen(false)}
            disclosures={currentTexts}
            organizationName={settings.data?.organizationName ?? ""}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
