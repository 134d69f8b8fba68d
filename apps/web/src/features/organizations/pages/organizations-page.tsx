import type { OrganizationDetail } from "@fieldlead/contracts";
import { Button, Card, EmptyState, Group, Skeleton, Stack, Switch } from "@mantine/core";
import { IconBuildingSkyscraper, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { SearchInput } from "../../../components/search-input";
import { useCan } from "../../../lib/can";
import { flagParam, textParam, useListParams } from "../../../lib/list-params";
import { useOrganizations } from "../api/get-organizations";
import { OrganizationDrawer, type OrganizationDrawerTarget } from "../components/organization-drawer";
import { OrganizationTree } from "../components/organization-tree";

const PARAMS = { search: textParam(), deleted: flagParam(false) };

/** Owner groups and organizations: their settings, flags and territories. */
export function OrganizationsPage() {
  // The platform operator makes owner groups and organizations and sees the deleted ones; an Admin edits theirs.
  const superAdmin = useCan()("platform.operate");
  const [params, setParams] = useListParams(PARAMS);
  const query = useOrganizations({
    search: params.search || undefined,
    includeDeleted: superAdmin && params.deleted === true ? true : undefined,
  });
  const [drawer, setDrawer] = useState<OrganizationDrawerTarget>(null);
  const roots = query.data ?? [];

  // Owner groups are live top-level organizations.
  const parentOptions = useMemo(
    () =>
      roots
        .filter((r) => r.organizationParentId === null && !r.isDeleted)
        .map((r) => ({ value: String(r.id), label: r.name })),
    [roots],
  );

  const edit = (organization: OrganizationDetail, isOwnerGroup: boolean) =>
    setDrawer({ organization, isOwnerGroup });

  return (
    <>
      <PageHeader
        title="Organizations"
        description="Owner groups and the organizations they own: time zones, weeks, options and territories."
        actions={
          superAdmin ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ organization: null })}>
              New organization
            </Button>
          ) : null
        }
      />
      <Group gap="md" mb="md" align="flex-end" wrap="wrap">
        <SearchInput
          label="Search"
          placeholder="Organization name"
          value={params.search}
          onSearch={(search) => setParams({ search })}
          w={{ base: "100%", sm: 320 }}
        />
        {superAdmin ? (
          <Switch
            label="Show deleted"
            checked={params.deleted === true}
            onChange={(e) => setParams({ deleted: e.currentTarget.checked })}
            mb={8}
          />
        ) : null}
      </Group>

      {query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="md" aria-busy>
          {[0, 1].map((i) => (
            <Card key={i} withBorder radius="lg">
              <Skeleton height={16} width="40%" mb={8} />
              <Skeleton height={12} width="60%" />
            </Card>
          ))}
        </Stack>
      ) : roots.length === 0 ? (
        <Card withBorder radius="lg" py={48}>
          <EmptyState
            variant="light"
            icon={<IconBuildingSkyscraper size={26} stroke={1.6} />}
            title={params.search ? "No organization matches" : "No organizations"}
            description={
              params.search ? "Try another spelling." : "Organizations you administer appear here."
            }
          />
        </Card>
      ) : (
        <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <OrganizationTree
            roots={roots}
            onEdit={edit}
            onAddChild={
              superAdmin ? (parent) => setDrawer({ organization: null, parentId: parent.id }) : undefined
            }
          />
        </div>
      )}

      <OrganizationDrawer
        target={drawer}
        onClose={() => setDrawer(null)}
        superAdmin={superAdmin}
        parentOptions={parentOptions}
      />
    </>
  );
}
