import type { LeadUpsertResponse } from "@fieldlead/contracts";
import { Button, Card, EmptyState, Skeleton, Stack } from "@mantine/core";
import { IconClipboardOff } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { useCan } from "../../../lib/can";
import { useLeadSettings } from "../../../lib/lead-settings";
import { useLeadTypes } from "../api/get-lead-types";
import { rememberedStoreId, useCaptureStores } from "../api/get-stores";
import { CaptureForm } from "../components/capture-form";
import { CaptureSuccess } from "../components/capture-success";

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

/**
 * /capture: a lead generator (or a manager or scheduler, who may capture too) captures a shopper's lead at the
 * store, on a phone, in under a minute.
 */
export function CapturePage() {
  const can = useCan();
  const lookups = useLeadTypes();
  // Read again for each capture: the previous one remembered its store.
  const [rememberedId, setRememberedId] = useState(rememberedStoreId);
  const stores = useCaptureStores(rememberedId);
  const settings = useLeadSettings();
  const [saved, setSaved] = useState<LeadUpsertResponse | null>(null);
  const [round, setRound] = useState(0);
  const [lastType, setLastType] = useState<number | null>(null);
  // Service types are set up under Settings.
  const canSetUp = can("settings.manage");

  const error = lookups.error ?? stores.error ?? settings.error;
  const activeTypes = lookups.data?.serviceTypes.filter((t) => t.isActive) ?? [];

  let body: ReactNode;
  if (error) {
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
    body = (
      <CaptureSuccess
        result={saved}
        onAnother={() => {
          // The next shopper reads the organization's texts as they are now.
          void settings.refetch();
          setSaved(null);
          setRememberedId(rememberedStoreId());
          setRound((r) => r + 1);
          window.scrollTo({ top: 0 });
        }}
      />
    );
  } else {
    body = (
      <CaptureForm
        key={round}
        lookups={lookups.data}
        initialStoreId={stores.data.initialStoreId}
        disclosures={settings.data.disclosures}
        onStaleDisclosures={() => void settings.refetch()}
        serviceTypeId={lastType}
        onSaved={(res, values) => {
          setLastType(values.serviceTypeId);
          setSaved(res);
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
      />
      {body}
    </Stack>
  );
}
