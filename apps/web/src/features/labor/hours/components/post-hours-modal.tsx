import {
  addDays,
  formatDate,
  formatHoursMinutes,
  type HoursPostingItem,
  type HoursPostRequest,
  type HoursPostResponse,
} from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconLock, IconLockCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { ExportButtons } from "../../../../components/export-buttons";
import { FormError } from "../../../../components/query-state";
import { SearchMultiSelect } from "../../../../components/search-multi-select";
import { errorMessage } from "../../../../lib/api-error";
import { browserTimeZone } from "../../../../lib/dates";
import { hoursWithDecimal, periodText, plural } from "../../components/format";
import { exportPayroll, usePostHours, usePostPreview } from "../api/hours";

/** Who the list's filters pick: what "everyone in the filters" posts. */
export type PostFilters = Pick<
  HoursPostRequest,
  "userIds" | "storeIds" | "territoryIds" | "hoursTypeIds" | "text"
>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The list's period with its end moved back to yesterday: only days that are over are posted. */
export function postablePeriod(period: { startDate: string; endDate: string }, today: string) {
  const yesterday = addDays(today, -1);
  const endDate = period.endDate < today ? period.endDate : yesterday;
  return { startDate: period.startDate <= endDate ? period.startDate : endDate, endDate };
}

/**
 * Posting a pay period: the dates, the people (everyone the list's filters pick, or people chosen here), what the
 * posting would hold (a dry run: people, hours, and what stops it), a confirmation that says what it locks, then the
 * result with the payroll file.
 */
export function PostHoursModal({
  opened,
  period,
  filters,
  onClose,
}: {
  opened: boolean;
  /** The list's period: the dialog starts with it (its end no later than yesterday). */
  period: { startDate: string; endDate: string } | null;
  filters: PostFilters;
  onClose: () => void;
}) {
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Post hours for payroll"
      fullScreen={phone}
      radius="md"
      size="lg"
    >
      {opened && period ? <PostHoursForm period={period} filters={filters} onClose={onClose} /> : null}
    </Modal>
  );
}

export function PostHoursForm({
  period,
  filters,
  onClose,
}: {
  period: { startDate: string; endDate: string };
  filters: PostFilters;
  onClose: () => void;
}) {
  const [dates, setDates] = useState(() => postablePeriod(period, formatDate(new Date(), browserTimeZone())));
  const [who, setWho] = useState<"filters" | "chosen">(filters.userIds?.length ? "chosen" : "filters");
  const [chosen, setChosen] = useState<number[]>(filters.userIds ?? []);
  const [note, setNote] = useState("");
  const [understood, setUnderstood] = useState(false);
  const [posted, setPosted] = useState<HoursPostResponse | null>(null);
  const post = usePostHours();

  const datesError =
    !DATE.test(dates.startDate) || !DATE.test(dates.endDate)
      ? "Enter the first and last day"
      : dates.startDate > dates.endDate
        ? "The first day is after the last day"
        : null;
  const body: HoursPostRequest | null =
    datesError || (who === "chosen" && chosen.length === 0)
      ? null
      : {
          startDate: dates.startDate,
          endDate: dates.endDate,
          ...(who === "chosen" ? { userIds: chosen } : filters),
          ...(note.trim() ? { note: note.trim() } : {}),
        };
  // The summary follows the choices once they settle (the note changes nothing of it).
  const [asked] = useDebouncedValue(body ? { ...body, note: undefined } : null, 300);
  const preview = usePostPreview(asked);
  const plan = preview.data;
  const blocked = !!plan && (plan.blockers.alreadyPosted.length > 0 || plan.blockers.attention.length > 0);
  const ready =
    !!body &&
    !!plan &&
    !preview.isFetching &&
    JSON.stringify(asked) === JSON.stringify({ ...body, note: undefined }) &&
    plan.peopleCount > 0 &&
    !blocked;

  if (posted?.posting) return <PostedResult result={posted} posting={posted.posting} onClose={onClose} />;

  const submit = () => {
    if (!body || !ready || !understood) return;
    post.mutate(body, { onSuccess: (answer) => setPosted(answer) });
  };

  return (
    <Stack gap="md">
      {post.error ? <FormError title="Not posted">{errorMessage(post.error)}</FormError> : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label="First day"
          required
          value={dates.startDate}
          onChange={(e) => setDates({ ...dates, startDate: e.currentTarget.value })}
          error={datesError && !DATE.test(dates.startDate) ? datesError : undefined}
        />
        <TextInput
          type="date"
          label="Last day"
          required
          value={dates.endDate}
          onChange={(e) => setDates({ ...dates, endDate: e.currentTarget.value })}
          error={datesError && DATE.test(dates.startDate) ? datesError : undefined}
        />
      </SimpleGrid>
      <Radio.Group
        label="People"
        value={who}
        onChange={(v) => {
          setWho(v as "filters" | "chosen");
          setUnderstood(false);
        }}
      >
        <Stack gap={6} mt={6}>
          <Radio
            value="filters"
            label="Everyone the list's filters pick who has unposted hours or time logs in the period"
          />
          <Radio value="chosen" label="The people I choose" />
        </Stack>
      </Radio.Group>
      {who === "chosen" ? (
        <SearchMultiSelect
          endpoint={appApi.leadGeneratorOptions}
          label="Chosen people"
          placeholder="Choose people"
          clearable
          nothingFoundMessage="No one by that name"
          value={chosen}
          onChange={(ids) => {
            setChosen(ids);
            setUnderstood(false);
          }}
        />
      ) : null}
      <Textarea
        label="Note"
        placeholder="Pay period, batch number…"
        autosize
        minRows={1}
        maxRows={3}
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />

      <Summary preview={preview} asked={!!body} />

      {ready && plan ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title="What posting locks"
        >
          <Text fz="sm">
            {periodText(dates)} becomes final for {plural(plan.peopleCount, "person", "people")}: their hours
            and time logs in it can no longer be added, changed or deleted, and nobody can post these days for
            them again. It cannot be undone.
          </Text>
          <Checkbox
            mt="sm"
            label={`Lock ${periodText(dates)} for ${plural(plan.peopleCount, "person", "people")}`}
            checked={understood}
            onChange={(e) => setUnderstood(e.currentTarget.checked)}
          />
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={post.isPending}>
          Cancel
        </Button>
        <Button
          leftSection={<IconLockCheck size={16} aria-hidden />}
          disabled={!ready || !understood}
          loading={post.isPending}
          onClick={submit}
        >
          {ready && plan ? `Post hours for ${plural(plan.peopleCount, "person", "people")}` : "Post hours"}
        </Button>
      </Group>
    </Stack>
  );
}

/** What the posting would hold, or what stops it. */
function Summary({ preview, asked }: { preview: ReturnType<typeof usePostPreview>; asked: boolean }) {
  if (!asked)
    return (
      <Text fz="sm" c="dimmed">
        Choose the days and the people to see what would be posted.
      </Text>
    );
  if (preview.isPending || (preview.isFetching && !preview.data))
    return (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          Adding up the hours…
        </Text>
      </Group>
    );
  if (preview.error) return <FormError>{errorMessage(preview.error)}</FormError>;
  const plan = preview.data;
  if (!plan) return null;
  if (plan.peopleCount === 0)
    return (
      <Alert color="gray" variant="light" aria-live="polite">
        No one has hours or time logs in {periodText(plan.period)} among these people: nothing to post.
      </Alert>
    );
  const { alreadyPosted, attention } = plan.blockers;
  return (
    <Stack gap="sm" aria-live="polite">
      <Text fz="sm" fw={600}>
        {plural(plan.peopleCount, "person", "people")}, {hoursWithDecimal(plan.totalMinutes)} in{" "}
        {periodText(plan.period)}
      </Text>
      {alreadyPosted.length ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Already posted"
        >
          <Text fz="sm">A person's day is posted once. Choose other days, or leave these people out:</Text>
          <List size="sm" mt={4}>
            {alreadyPosted.slice(0, 10).map((p) => (
              <List.Item key={p.userId}>
                {p.userName}: {periodText(p)} (posting {p.postingId})
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {attention.length ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Time logs to fix first"
        >
          <Text fz="sm">
            These time logs count no hours yet (open, missing a punch, or a proposal waiting). Payroll never
            carries a hole: fix them under{" "}
            <Anchor component={Link} to="/labor/missing-punches" fz="sm">
              Missing punches
            </Anchor>
            , then post.
          </Text>
          <List size="sm" mt={4}>
            {attention.slice(0, 10).map((a) => (
              <List.Item key={a.userId}>
                {a.userName}: {plural(a.logs, "time log", "time logs")}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <ScrollArea.Autosize mah={220} type="auto">
        <Table fz="sm" striped withTableBorder>
          <Table.Caption>What would be posted, per person</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Person</Table.Th>
              <Table.Th ta="right">Hours</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.people.map((p) => (
              <Table.Tr key={p.userId}>
                <Table.Td>{p.userName}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {formatHoursMinutes(p.minutes)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {plan.people.length < plan.peopleCount ? (
        <Text fz="xs" c="dimmed">
          The first {plan.people.length} of {plan.peopleCount.toLocaleString("en-US")} people are listed.
        </Text>
      ) : null}
    </Stack>
  );
}

function PostedResult({
  result,
  posting,
  onClose,
}: {
  result: HoursPostResponse;
  posting: HoursPostingItem;
  onClose: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconLockCheck size={18} aria-hidden />} title="Hours posted">
        <Text fz="sm" role="status">
          Posting {posting.id}: {periodText(posting)} is locked for{" "}
          {plural(result.peopleCount, "person", "people")}, {hoursWithDecimal(result.totalMinutes)}.
        </Text>
      </Alert>
      <Text fz="sm">Download the payroll file of this posting:</Text>
      <Group gap="sm">
        <ExportButtons onExport={(format) => exportPayroll(posting.id, format)} />
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
