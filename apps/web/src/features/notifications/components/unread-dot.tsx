/** The dot an unread notification carries: decoration only (the words "unread" are beside it for readers). */
export function UnreadDot({ visible }: { visible: boolean }) {
  return (
    <span
      aria-hidden
      data-unread-dot={visible || undefined}
      style={{
        display: "inline-block",
        flex: "0 0 auto",
        width: 8,
        height: 8,
        borderRadius: 999,
        background: visible ? "var(--mantine-primary-color-filled)" : "transparent",
      }}
    />
  );
}
