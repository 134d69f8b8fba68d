import type { QrCodeItem } from "@fieldlead/contracts";
import { Box, Button, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { statusOf } from "./code-status";
import { groupLabel } from "./groups";
import { QrImage } from "./qr-image";

/** Keeps the phone's screen on while a code is shown across a counter (where the browser allows it). */
function useScreenAwake(on: boolean) {
  useEffect(() => {
    if (!on || typeof navigator === "undefined" || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let over = false;
    const ask = () =>
      navigator.wakeLock
        .request("screen")
        .then((l) => {
          if (over) void l.release();
          else lock = l;
        })
        .catch(() => {});
    // The browser lets the lock go when the page is hidden: ask again when it is back.
    const onVisible = () => {
      if (document.visibilityState === "visible") void ask();
    };
    void ask();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      over = true;
      document.removeEventListener("visibilitychange", onVisible);
      void lock?.release().catch(() => {});
    };
  }, [on]);
}

/** Black on white, whatever the theme: the most contrast, for a glance across a counter. */
const INK = "#000000";

/**
 * A lead generator's code on their whole screen, to show a shopper: the call to action in English and Spanish,
 * the code as large as the screen allows (dark modules on white, with its quiet zone), whose it is, and Done.
 * A code that is off or stopped is not drawn: the screen says so plainly instead.
 */
export function FullScreenCode({
  code,
  codes,
  onChoose,
  onDone,
  onTurnOn,
  turningOn = false,
}: {
  code: QrCodeItem;
  /** All of the person's codes (one per group): more than one, a switch picks the group. */
  codes: readonly QrCodeItem[];
  onChoose: (code: QrCodeItem) => void;
  onDone: () => void;
  /** Turns an inactive code back on (absent: the caller may not). */
  onTurnOn?: () => void;
  turningOn?: boolean;
}) {
  const status = statusOf(code);
  const url = code.url;
  useScreenAwake(status === "active");

  return (
    <Modal.Root opened onClose={onDone} fullScreen transitionProps={{ transition: "fade", duration: 120 }}>
      <Modal.Content bg="#ffffff" style={{ color: INK }}>
        <Modal.Body p={0}>
          <Stack
            mih="100dvh"
            maw={640}
            mx="auto"
            px="md"
            py={{ base: "md", sm: "xl" }}
            gap="md"
            align="center"
            justify="space-between"
          >
            {status === "active" ? (
              <>
                <Stack gap={4} align="center" ta="center">
                  <Modal.Title fz={{ base: 26, sm: 32 }} fw={800} lh={1.15} style={{ color: INK }}>
                    Scan to book your appointment
                  </Modal.Title>
                  <Text lang="es" fz={{ base: 20, sm: 24 }} fw={600} lh={1.2} style={{ color: INK }}>
                    Escanee para reservar su cita
                  </Text>
                </Stack>
                <Box
                  w="100%"
                  // As wide as the phone, and short enough to leave the names and Done in view.
                  style={{ maxWidth: "min(100%, max(240px, calc(100dvh - 380px)))" }}
                >
                  <QrImage url={url} label={`QR code for ${url}`} />
                </Box>
              </>
            ) : (
              <Stack gap="sm" align="center" ta="center" py="xl" role="alert">
                <Modal.Title fz={{ base: 26, sm: 32 }} fw={800} lh={1.15} style={{ color: INK }}>
                  {status === "stopped" ? "Your code is stopped" : "Your code is turned off"}
                </Modal.Title>
                <Text fz="lg" style={{ color: INK }}>
                  {status === "stopped"
                    ? "You are no longer an active member of this organization, so shoppers cannot book with this code. Ask your manager."
                    : "Shoppers who scan it are told it is not available."}
                </Text>
                {status === "inactive" && onTurnOn ? (
                  <Button size="lg" onClick={onTurnOn} loading={turningOn}>
                    Turn my code on
                  </Button>
                ) : null}
              </Stack>
            )}
            <Stack gap={2} align="center" ta="center">
              <Text fz={{ base: 22, sm: 26 }} fw={700} style={{ color: INK }}>
                {code.userName}
              </Text>
              <Text fz="lg" style={{ color: INK }}>
                {code.storeName}
              </Text>
              <Text fz="lg" style={{ color: INK }}>
                {groupLabel(code)}
              </Text>
            </Stack>
            {codes.length > 1 ? (
              <SegmentedControl
                aria-label="Group of the code"
                data={codes.map((c) => ({ value: String(c.id), label: groupLabel(c) }))}
                value={String(code.id)}
                onChange={(id) => {
                  const next = codes.find((c) => String(c.id) === id);
                  if (next) onChoose(next);
                }}
                fullWidth
              />
            ) : null}
            <Button size="xl" fullWidth maw={360} onClick={onDone} data-autofocus>
              Done
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
