import { Card, Group, SegmentedControl, Select, Skeleton, Stack } from "@mantine/core";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { useSession } from "../../../lib/session";
import { useBusinessContacts } from "../api/get-business-contacts";
import { useTerritories } from "../api/get-territories";
import type { ContactScope } from "../api/settings-keys";
import { ContactsEditor } from "../components/contacts-editor";

/** /settings/business-contacts: who hears about leads and appointments, per organization and territory. */
export function BusinessContactsPage() {
  const user = useSession();
  const orgId = user?.currentOrganizationId ?? 0;
  const orgName = user?.organizations.find((o) => o.id === orgId)?.name ?? "the organization";
  const territories = useTerritories();
  const [level, setLevel] = useState<ContactScope["level"]>("organization");
  const [territoryId, setTerritoryId] = useState<number | null>(null);
  const activeTerritory = territoryId ?? territories.data?.[0]?.id ?? null;
  const scope: ContactScope | null =
    level === "organization" ? { level, id: orgId } : activeTerritory ? { level, id: activeTerritory } : null;
  const query = useBusinessContacts(scope);
  const scopeName =
    level === "organization"
      ? orgName
      : (territories.data?.find((t) => t.id === activeTerritory)?.name ?? "the territory");

  return (
    <>
      <PageHeader
        title="Business contacts"
        description="Who hears about new leads, appointments and summaries: for the whole organization, or one territory."
      />
      <Stack gap="md" maw={960}>
        <Card withBorder radius="lg" p="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Level"
              value={level}
              onChange={(v) => setLevel(v as ContactScope["level"])}
              data={[
                { value: "organization", label: "Organization" },
                { value: "territory", label: "Territory" },
              ]}
            />
            {level === "territory" ? (
              <Select<number>
                aria-label="Territory"
                placeholder={territories.isPending ? "Loading…" : "Choose a territory"}
                data={(territories.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
                value={activeTerritory}
                onChange={setTerritoryId}
                allowDeselect={false}
                w={240}
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
          </Group>
        </Card>
        {territories.isError && level === "territory" ? (
          <LoadError error={territories.error} onRetry={() => territories.refetch()} />
        ) : null}
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => query.refetch()} />
        ) : query.data && scope ? (
          <ContactsEditor
            key={`${scope.level}-${scope.id}`}
            scope={scope}
            scopeName={scopeName}
            contacts={query.data}
          />
        ) : (
          <Stack gap="md" aria-busy="true">
            <Skeleton height={150} radius="lg" />
            <Skeleton height={150} radius="lg" />
          </Stack>
        )}
      </Stack>
    </>
  );
}
