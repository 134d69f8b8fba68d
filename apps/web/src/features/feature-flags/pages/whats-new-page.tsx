import { Badge, Card, EmptyState, Group, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconSparkles } from "@tabler/icons-react";
import { useEffect } from "react";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { formatDay } from "../../../lib/dates";
import { useFeatureUpdates } from "../api/get-feature-updates";
import { markWhatsNewSeen } from "../components/whats-new-seen";

export function WhatsNewPage() {
  const query = useFeatureUpdates();
  const active = [...(query.data?.activeFeatures ?? [])].sort((a, b) =>
    b.updatedAt.localeCompare(a.updatedAt),
  );

  useEffect(() => {
    if (query.data) markWhatsNewSeen(query.data.activeFeatures);
  }, [query.data]);

  return (
    <Stack gap={0} maw={820}>
      <PageHeader title="What's new" description="Recent improvements to FieldLead." />
      {query.isError ? <LoadError error={query.error} onRetry={() => query.refetch()} /> : null}
      {query.isPending ? (
        <Stack gap="md" aria-busy>
          {[0, 1, 2].map((i) => (
            <Card key={i} withBorder radius="lg" p="lg">
              <Skeleton height={18} width="40%" mb="sm" />
              <Skeleton height={12} mb={6} />
              <Skeleton height={12} width="70%" />
            </Card>
          ))}
        </Stack>
      ) : null}
      {query.isSuccess && active.length === 0 ? (
        <Card withBorder radius="lg" py={56}>
          <EmptyState
            variant="light"
            icon={<IconSparkles size={26} stroke={1.6} />}
            title="Nothing new right now"
            description="Announcements of new features will appear here."
          />
        </Card>
      ) : null}
      <Stack gap="md">
        {active.map((f) => (
          <Card key={f.id} withBorder radius="lg" p="lg" component="article">
            <Group gap="md" align="flex-start" wrap="nowrap">
              <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
                <IconSparkles size={18} />
              </ThemeIcon>
              <Stack gap={6} style={{ minWidth: 0 }}>
                <Group gap="sm" wrap="wrap">
                  <Title order={2} fz="lg">
                    {f.name}
                  </Title>
                  <Badge variant="light" color="gray" size="sm">
                    {formatDay(f.updatedAt)}
                  </Badge>
                </Group>
                <Text fz="sm" c={f.description ? undefined : "dimmed"} style={{ whiteSpace: "pre-line" }}>
                  {f.description || "No details."}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
