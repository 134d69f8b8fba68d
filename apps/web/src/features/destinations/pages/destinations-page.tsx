import { Anchor, Card, Skeleton, Stack } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { useDestinations } from "../api/destinations";
import { DestinationCard } from "../components/destination-card";

/**
 * /settings/destinations (Admins): where the organization's leads and appointments are sent, one card per
 * destination (the field-service CRM, the retailer, the retailer's program, the second partner program), each
 * turned on or off, set up, tested and saved on its own (docs/decisions/0039).
 */
export function DestinationsPage() {
  const query = useDestinations();
  return (
    <>
      <PageHeader
        title="Destinations"
        description={
          <>
            Where booked leads are sent. Credentials are kept sealed and never shown again. What waits or
            fails is on the{" "}
            <Anchor component={Link} to="/deliveries" inherit underline="always">
              Deliveries
            </Anchor>{" "}
            page.
          </>
        }
      />
      <Stack gap="lg" maw={960}>
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data ? (
          query.data.items.map((view) => <DestinationCard key={view.destination} view={view} />)
        ) : (
          <Stack gap="lg" aria-busy="true" aria-label="Loading the destinations">
            {[0, 1, 2, 3].map((i) => (
              <Card key={i} withBorder radius="lg" p="lg">
                <Skeleton height={20} width={200} mb="xs" radius="sm" />
                <Skeleton height={14} width="70%" mb="lg" radius="sm" />
                <Skeleton height={36} radius="md" mb="sm" />
                <Skeleton height={36} radius="md" />
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}
