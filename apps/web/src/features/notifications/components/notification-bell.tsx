import { ActionIcon } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { useSession } from "../../../lib/session";
import { refreshLists, STREAM_DELAY_MS, useLiveUnread } from "../api/live-unread";
import { badgeText, bellLabel, INBOX_PATH, UNREAD_POLL_MS, unreadQueryOptions } from "../api/unread";

const loadPopover = () => import("./bell-popover");
const BellPopover = lazy(async () => ({ default: (await loadPopover()).BellPopover }));

/** The unread count on the bell: white on the theme's red (its filled shade reaches AA with white). */
function CountBadge({ unread }: { unread: number }) {
  return (
    <span
      aria-hidden
      data-testid="notification-count"
      style={{
        position: "absolute",
        top: 0,
        right: -2,
        minWidth: 18,
        height: 18,
        padding: "0 5px",
        borderRadius: 999,
        fontSize: 11,
        fontWeight: 700,
        lineHeight: "18px",
        textAlign: "center",
        color: "var(--mantine-color-white)",
        background: "var(--mantine-color-red-filled)",
        boxShadow: "0 0 0 2px var(--mantine-color-body)",
        pointerEvents: "none",
      }}
    >
      {badgeText(unread)}
    </span>
  );
}

type BellButtonProps = { label: string; unread: number } & Omit<
  ComponentPropsWithoutRef<"button">,
  "children"
>;

/** The wide screen's bell: a button that opens the latest notifications. */
const BellButton = forwardRef<HTMLButtonElement, BellButtonProps>(function BellButton(
  { label, unread, ...props },
  ref,
) {
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      pos="relative"
      data-testid="notification-bell"
      {...props}
    >
      <IconBell size={20} stroke={1.7} />
      {unread > 0 ? <CountBadge unread={unread} /> : null}
    </ActionIcon>
  );
});

/**
 * The header's bell, for everyone signed in (docs/decisions/0041-notifications-and-support.md): its name and badge
 * say how many notifications are unread ("Notifications, 3 unread"), kept up to date without a reload by the tab's
 * live connection (`live-unread.ts`), by polling every 30 s while that is down, and on the window's focus. On a wide
 * screen it opens the latest few (the popover loads with its first use, as the account menu does: decision 0029);
 * on a phone it goes to the inbox.
 */
export function NotificationBell({ streamDelayMs = STREAM_DELAY_MS }: { streamDelayMs?: number }) {
  const user = useSession();
  const client = useQueryClient();
  const live = useLiveUnread(streamDelayMs);
  const { data } = useQuery({
    ...unreadQueryOptions(),
    enabled: user !== null,
    refetchInterval: live ? false : UNREAD_POLL_MS,
  });
  const unread = data?.unread ?? 0;
  const wide = useMediaQuery("(min-width: 48em)", true);
  const [wanted, setWanted] = useState(false);
  const [opened, setOpened] = useState(false);

  // A new count means a notification came, or was read here or elsewhere: the lists on screen are read again.
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (data === undefined) return;
    if (previous.current !== undefined && previous.current !== data.unread) refreshLists(client);
    previous.current = data.unread;
  }, [client, data]);

  if (!user) return null;
  const label = bellLabel(data?.unread);

  if (!wide) {
    return (
      <ActionIcon
        component={Link}
        to={INBOX_PATH}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        title={label}
        pos="relative"
        data-testid="notification-bell"
      >
        <IconBell size={20} stroke={1.7} />
        {unread > 0 ? <CountBadge unread={unread} /> : null}
      </ActionIcon>
    );
  }

  const button = (
    <BellButton
      label={label}
      unread={unread}
      aria-haspopup="dialog"
      aria-expanded={opened}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => {
        setWanted(true);
        setOpened((o) => !o);
      }}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <BellPopover target={button} opened={opened} onChange={setOpened} unread={unread} />
    </Suspense>
  );
}
