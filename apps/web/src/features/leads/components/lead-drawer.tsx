import type { LeadKind } from "@fieldlead/contracts";
import { Alert, Badge, Drawer, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { AppointmentSection } from "../../../components/booking/appointment-section";
import { LeadDeliveriesSection } from "../../../components/deliveries/lead-deliveries-section";
import { LoadError } from "../../../components/query-state";
import { formatDateTime } from "../../../lib/dates";
import { useLead } from "../api/get-lead";
import { LeadActions } from "./lead-actions";
import { LeadDetails } from "./lead-details";
import { LeadEditForm } from "./lead-edit-form";
import { sourceName, statusColor, useLeadNames } from "./lead-names";

function DrawerSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the lead">
      <Skeleton height={28} width="60%" />
      <Skeleton height={36} width="80%" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={56} />
      ))}
    </Stack>
  );
}

/**
 * The lead drawer: tap-to-call and email links, details, answers, consent, and the history with its notes box;
 * Edit first, status, reject and restore beside it, Delete apart (docs/decisions/0032).
 */
export function LeadDrawer({
  leadId,
  kind,
  canRestoreDeleted,
  onClose,
  onOpenLead,
}: {
  leadId: number | null;
  kind: LeadKind;
  canRestoreDeleted: boolean;
  onClose: () => void;
  onOpenLead: (id: number, kind: LeadKind) => void;
}) {
  const query = useLead(leadId, kind);
  // The history's stores and lead generators are named by id.
  const names = useLeadNames(query.data?.history);
  const narrow = useMediaQuery("(max-width: 48em)");
  const [editing, setEditing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another lead opens in view mode
  useEffect(() => setEditing(false), [leadId]);
  const lead = query.data;

  return (
    <Drawer
      opened={leadId !== null}
      onClose={onClose}
      position="right"
      size={narrow ? "100%" : 640}
      padding="lg"
      title={
        <Group gap="sm" wrap="wrap" component="span">
          <Text span fz={20} fw={700}>
            {lead ? `${lead.firstName} ${lead.lastName}` : `Lead ${leadId ? `#${leadId}` : ""}`}
          </Text>
          {lead ? (
            <Badge color={statusColor(lead.statusId)} variant="light">
              {lead.statusName}
            </Badge>
          ) : null}
        </Group>
      }
      closeButtonProps={{ "aria-label": "Close the lead" }}
    >
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : !lead ? (
        <DrawerSkeleton />
      ) : editing ? (
        <LeadEditForm lead={lead} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="lg">
          <Text fz="xs" c="dimmed">
            Lead #{lead.id} · {lead.kind === "internal" ? "Internal" : "External"} · {sourceName(lead.source)}
          </Text>
          {lead.deletedAt ? (
            <Alert color="red" variant="light" icon={<IconTrash size={18} />} title="Deleted">
              This lead was deleted on {formatDateTime(lead.deletedAt, lead.timeZone)}.
            </Alert>
          ) : null}
          <LeadActions
            lead={lead}
            canRestoreDeleted={canRestoreDeleted}
            onEdit={() => setEditing(true)}
            onDeleted={onClose}
          />
          {lead.kind === "internal" && !lead.deletedAt ? (
            <AppointmentSection leadId={lead.id} leadName={`${lead.firstName} ${lead.lastName}`} />
          ) : null}
          {/* Where the lead was sent (managers and schedulers only: the section asks nothing for others). */}
          {!lead.deletedAt ? (
            <LeadDeliveriesSection leadId={lead.id} isExternal={lead.kind === "external"} />
          ) : null}
          <LeadDetails lead={lead} names={names} onOpenLead={(id) => onOpenLead(id, lead.kind)} />
        </Stack>
      )}
    </Drawer>
  );
}
