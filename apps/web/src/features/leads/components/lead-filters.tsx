import { CAPTURE_OUTCOMES, DATE_RANGE_OPTIONS, LEAD_STATUSES, REJECTION_REASONS } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  MultiSelect,
  type MultiSelectProps,
  Select,
  SimpleGrid,
  Switch,
  TextInput,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { DateRangeField } from "../../../components/date-range-field";
import { SearchMultiSelect } from "../../../components/search-multi-select";
import { useLookupList } from "../../../lib/lookup-list";
import { useLeadTypes } from "../api/get-lead-types";
import type { LeadTabId } from "../api/search-leads";
import { activeFilterCount, type LeadFilterValues } from "./search-state";

const OUTCOME_NAMES: Record<(typeof CAPTURE_OUTCOMES)[number], string> = {
  lead: "Became a lead",
  duplicate: "Duplicate",
  rejected: "Rejected",
  invalid: "Invalid",
};

const multi: Partial<MultiSelectProps<number>> = {
  searchable: true,
  clearable: true,
  hidePickedOptions: true,
  maxDropdownHeight: 260,
  comboboxProps: { withinPortal: true },
};

/** The filters of a lead list: text, date range (named or custom), territory, store, lead generator... */
export function LeadFilters({
  tab,
  filters,
  onChange,
  onClear,
  canSeeDeleted,
  hideLeadGenerator,
}: {
  tab: LeadTabId;
  filters: LeadFilterValues;
  onChange: (change: Partial<LeadFilterValues>) => void;
  onClear: () => void;
  canSeeDeleted: boolean;
  hideLeadGenerator: boolean;
}) {
  const lookups = useLookupList().data;
  const types = useLeadTypes().data;
  // Wide screens show every filter; a phone starts with the search and the date range only.
  const [open, setOpen] = useState(() => window.matchMedia?.("(min-width: 48em)").matches ?? true);
  const [text, setText] = useState(filters.text);
  const pushText = useDebouncedCallback((v: string) => onChange({ text: v }), 350);
  // Clearing the filters (or Back) changes the text from outside.
  useEffect(() => setText(filters.text), [filters.text]);

  const capture = tab === "capture";
  const count = activeFilterCount(filters);
  const territories = lookups?.organizationTerritories ?? [];
  // The chosen territories narrow the stores and lead generators offered (the server searches them).
  const inTerritories = { territoryIds: filters.territoryIds };
  const sources = (types?.sources ?? []).filter((s) => capture || s.kind === "external");

  return (
    <Card withBorder radius="lg" p="md" mb="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
        {capture ? null : (
          <TextInput
            label="Search"
            placeholder="Name, phone or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              pushText(e.currentTarget.value);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                pushText.cancel();
                onChange({ text });
              }
            }}
            maxLength={100}
          />
        )}
        <Select
          label="Date range"
          placeholder="Any time"
          clearable
          data={[
            ...DATE_RANGE_OPTIONS.map((o) => ({ value: String(o.id), label: o.name })),
            { value: "custom", label: "Custom range…" },
          ]}
          value={filters.range}
          onChange={(v) =>
            onChange({ range: v, ...(v !== "custom" ? { startDate: null, endDate: null } : {}) })
          }
          comboboxProps={{ withinPortal: true }}
        />
        {filters.range === "custom" ? (
          <DateRangeField
            label="From – to"
            placeholder="Pick the first and last day"
            value={[filters.startDate, filters.endDate]}
            onChange={([start, end]) => onChange({ startDate: start, endDate: end })}
          />
        ) : null}
      </SimpleGrid>

      <Collapse expanded={open} transitionDuration={150}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm" mt="sm">
          <MultiSelect<number>
            {...multi}
            label="Territory"
            placeholder={filters.territoryIds.length ? undefined : "All territories"}
            data={territories.map((t) => ({ value: t.id, label: t.name }))}
            value={filters.territoryIds}
            onChange={(v) => onChange({ territoryIds: v })}
          />
          <SearchMultiSelect
            endpoint={appApi.storeOptions}
            filters={inTerritories}
            label="Store"
            placeholder="All stores"
            clearable
            nothingFoundMessage="No store by that name"
            value={filters.storeIds}
            onChange={(v) => onChange({ storeIds: v })}
          />
          {hideLeadGenerator ? null : (
            <SearchMultiSelect
              endpoint={appApi.leadGeneratorOptions}
              filters={inTerritories}
              label="Lead generator"
              placeholder="Everyone"
              clearable
              nothingFoundMessage="No one by that name"
              value={filters.leadGeneratorIds}
              onChange={(v) => onChange({ leadGeneratorIds: v })}
            />
          )}
          {capture || tab === "rejected" ? null : (
            <MultiSelect<number>
              {...multi}
              label="Status"
              placeholder={filters.statusIds.length ? undefined : "Any status"}
              data={LEAD_STATUSES.filter((s) => s.id !== 11).map((s) => ({ value: s.id, label: s.name }))}
              value={filters.statusIds}
              onChange={(v) => onChange({ statusIds: v })}
            />
          )}
          {capture ? null : (
            <MultiSelect<number>
              {...multi}
              label="Service type"
              placeholder={filters.serviceTypeIds.length ? undefined : "All service types"}
              data={(types?.serviceTypes ?? []).map((t) => ({
                value: t.id,
                label: t.isActive ? t.name : `${t.name} (inactive)`,
              }))}
              value={filters.serviceTypeIds}
              onChange={(v) => onChange({ serviceTypeIds: v })}
            />
          )}
          {tab === "external" || capture ? (
            <MultiSelect
              {...(multi as Partial<MultiSelectProps>)}
              label="Source"
              placeholder={filters.sources.length ? undefined : "All sources"}
              data={sources.map((s) => ({ value: s.id, label: s.name }))}
              value={filters.sources}
              onChange={(v) => onChange({ sources: v })}
            />
          ) : null}
          {tab === "rejected" ? (
            <MultiSelect
              {...(multi as Partial<MultiSelectProps>)}
              label="Reason"
              placeholder={filters.rejectionReasons.length ? undefined : "Any reason"}
              data={REJECTION_REASONS.map((r) => ({ value: r.id, label: r.name }))}
              value={filters.rejectionReasons}
              onChange={(v) => onChange({ rejectionReasons: v })}
            />
          ) : null}
          {capture ? (
            <MultiSelect
              {...(multi as Partial<MultiSelectProps>)}
              label="Outcome"
              placeholder={filters.outcomes.length ? undefined : "Any outcome"}
              data={CAPTURE_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_NAMES[o] }))}
              value={filters.outcomes}
              onChange={(v) => onChange({ outcomes: v })}
            />
          ) : null}
        </SimpleGrid>
      </Collapse>

      <Group justify="space-between" mt="sm" gap="sm">
        <Group gap="sm">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
          >
            {open ? "Fewer filters" : "More filters"}
          </Button>
          {canSeeDeleted && !capture ? (
            <Switch
              size="sm"
              label="Deleted leads"
              checked={filters.deleted}
              onChange={(e) => onChange({ deleted: e.currentTarget.checked })}
            />
          ) : null}
        </Group>
        {count > 0 ? (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconFilterOff size={16} />}
            rightSection={
              <Badge size="sm" circle variant="light">
                {count}
              </Badge>
            }
            onClick={onClear}
          >
            Clear filters
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
