import { type AppointmentWindow, addDays } from "@fieldlead/contracts";
import {
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCalendarPlus, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { useCan } from "../../../lib/can";
import { formatDay } from "../../../lib/dates";
import { useSession } from "../../../lib/session";
import { useWindows, WEEK_PAGE_SIZE } from "../api/windows";
import { GeneratePanel } from "../components/generate-panel";
import { PlacePickers, usePlaceParams } from "../components/pickers";
import { firstDayOfWeekOf, longDay, shortDay, weekDates } from "../components/week";
import { WindowCalendar } from "../components/window-calendar";
import { WindowDrawer } from "../components/window-drawer";

type View = "week" | "day";

/**
 * The calendar of windows: a week (7 columns from the organization's first day of week) or a day, each window
 * in its store's zone with what is booked and left; a window opens its bookings, and those who set up close or
 * reopen it there. On a phone the day view comes first and nothing scrolls sideways.
 */
export function CalendarPage() {
  const user = useSession();
  const canSetUp = useCan()("appointments.setup");
  const firstDayOfWeek = firstDayOfWeekOf(user);
  const phone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const wide = useMediaQuery("(min-width: 75em)");
  const [chosenView, setView] = useState<View | null>(null);
  const view: View = chosenView ?? (phone ? "day" : "week");
  const today = formatDay(new Date());
  const [anchor, setAnchor] = useState(today);
  const [open, setOpen] = useState<AppointmentWindow | null>(null);
  const [generating, setGenerating] = useState(false);
  const place = usePlaceParams();

  const days = view === "week" ? weekDates(anchor, firstDayOfWeek) : [anchor];
  const from = days[0];
  const to = days[days.length - 1];
  const windows = useWindows(
    place.typeId === null
      ? null
      : {
          appointmentTypeId: place.typeId,
          ...(place.storeId === null ? {} : { storeId: place.storeId }),
          from,
          to,
          includeClosed: true,
          pageSize: WEEK_PAGE_SIZE,
        },
  );
  const step = view === "week" ? 7 : 1;
  const heading = view === "week" ? `${shortDay(from)} – ${shortDay(to)} ${to.slice(0, 4)}` : longDay(anchor);

  return (
    <>
      <PageHeader
        title="Calendar"
        description="Windows by week or day: what is booked and what is left."
        actions={
          canSetUp && place.typeId !== null ? (
            <Button
              variant="default"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              onClick={() => setGenerating(true)}
            >
              Generate windows
            </Button>
          ) : null
        }
      />
      <PlacePickers place={place} storePlaceholder="Every store" />
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            px="xs"
            aria-label={view === "week" ? "Previous week" : "Previous day"}
            onClick={() => setAnchor(addDays(anchor, -step))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </Button>
          <Button variant="default" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <Button
            variant="default"
            px="xs"
            aria-label={view === "week" ? "Next week" : "Next day"}
            onClick={() => setAnchor(addDays(anchor, step))}
          >
            <IconChevronRight size={18} aria-hidden />
          </Button>
        </Group>
        <Title order={2} fz="md" aria-live="polite" style={{ flex: "1 1 160px" }}>
          {heading}
        </Title>
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => setView(v as View)}
          data={[
            { value: "week", label: "Week" },
            { value: "day", label: "Day" },
          ]}
        />
      </Group>
      {place.typeId === null ? (
        <Text c="dimmed">
          {place.typesLoading ? "Loading…" : "Choose an appointment type to see its windows."}
        </Text>
      ) : windows.isError ? (
        <LoadError error={windows.error} onRetry={() => windows.refetch()} />
      ) : windows.isPending ? (
        <Loader aria-label="Loading the windows" />
      ) : windows.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap={4} align="center">
            <Text fw={600}>No windows this {view}: generate them from the template.</Text>
            {canSetUp ? (
              <Anchor component={Link} to={`/appointments/windows?type=${place.typeId}`} fz="sm">
                Open the weekly template
              </Anchor>
            ) : (
              <Text fz="sm" c="dimmed">
                An Admin or Manager generates them.
              </Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <WindowCalendar
          days={days}
          windows={windows.data.items}
          layout={wide ? "columns" : "list"}
          detailed={view === "day"}
          today={today}
          onOpen={setOpen}
        />
      )}
      <WindowDrawer window={open} canSetUp={canSetUp} onClose={() => setOpen(null)} onChanged={setOpen} />
      {/* Generating from here starts at the first day shown (not before today); the calendar reads the new windows. */}
      <Modal opened={generating} onClose={() => setGenerating(false)} title="Generate windows" size="md">
        {place.typeId !== null ? (
          <GeneratePanel
            appointmentTypeId={place.typeId}
            storeId={place.storeId}
            today={from < today ? today : from}
          />
        ) : null}
      </Modal>
    </>
  );
}
