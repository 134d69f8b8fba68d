import { REPORTS, type ReportDef } from "@fieldlead/contracts";
import { Anchor, Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";

// Every report is offered to everyone who may read reports, the owner-group ones too: the server decides who may
// run those (organization-wide access), and the report itself says so when it refuses. Hiding them here would
// repeat the server's rule in a second place that can drift from it.

/** The catalogue's sections in the order they first appear (contracts' REPORTS). */
export function reportSections(reports: readonly ReportDef[] = REPORTS) {
  const sections = new Map<ReportDef["section"], ReportDef[]>();
  for (const report of reports) {
    const list = sections.get(report.section) ?? [];
    list.push(report);
    sections.set(report.section, list);
  }
  return [...sections];
}

const sectionId = (section: string) => `reports-${section.toLowerCase().replace(/\W+/g, "-")}`;

/** The Reports area's front page: every funnel, speed and outcome report by section, each a link to it. */
export function ReportsPage() {
  return (
    <>
      <PageHeader
        title="Funnel reports"
        description="From approaches to revenue, by lead generator, store, territory, appointment type and period. Each report filters by period and exports to CSV or Excel."
      />
      <Stack gap="xl">
        {reportSections().map(([section, reports]) => (
          <Box component="section" key={section} aria-labelledby={sectionId(section)}>
            <Title order={2} fz="lg" mb="sm" id={sectionId(section)}>
              {section}
            </Title>
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="md"
              p={0}
              m={0}
              style={{ listStyle: "none" }}
            >
              {reports.map((r) => (
                <Card component="li" key={r.slug} withBorder radius="lg" p="md">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Title order={3} fz="md">
                      <Anchor component={Link} to={`/reports/funnel/${r.slug}`} inherit>
                        {r.title}
                      </Anchor>
                    </Title>
                    <IconChevronRight size={18} aria-hidden style={{ flex: "none" }} />
                  </Group>
                  <Text fz="sm" c="dimmed" mt={4}>
                    {r.description}
                  </Text>
                  {r.ownerGroup ? (
                    <Badge variant="light" color="gray" mt="sm" style={{ alignSelf: "flex-start" }}>
                      Organization-wide access
                    </Badge>
                  ) : null}
                </Card>
              ))}
            </SimpleGrid>
          </Box>
        ))}
      </Stack>
    </>
  );
}
