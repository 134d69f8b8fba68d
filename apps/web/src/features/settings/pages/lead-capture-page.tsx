import { Card, Skeleton, Stack } from "@mantine/core";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { useLeadSettings } from "../../../lib/lead-settings";
import { LeadSettingsForm } from "../components/lead-settings-form";

/** /settings/lead-capture: the duplicate window and the consent texts shoppers agree to (Admins). */
export function LeadCapturePage() {
  const query = useLeadSettings();
  return (
    <>
      <PageHeader
        title="Lead capture"
        description="How new leads are checked for duplicates, and the consent texts shoppers agree to."
      />
      <Stack gap="md" maw={860}>
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => query.refetch()} />
        ) : query.data ? (
          <LeadSettingsForm settings={query.data} />
        ) : (
          <Stack gap="md" aria-busy="true" aria-label="Loading the lead capture settings">
            <Card withBorder radius="lg" p="lg">
              <Skeleton height={16} width={160} mb="md" radius="sm" />
              <Skeleton height={36} width={260} radius="md" />
            </Card>
            <Card withBorder radius="lg" p="lg">
              <Skeleton height={16} width={160} mb="md" radius="sm" />
              <Stack gap="lg">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} height={96} radius="md" />
                ))}
              </Stack>
            </Card>
          </Stack>
        )}
      </Stack>
    </>
  );
}
