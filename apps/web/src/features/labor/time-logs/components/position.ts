/** Where the phone is, as a punch sends it. */
export type PhonePosition = { latitude: number; longitude: number; accuracyMeters: number };

/** How long a punch waits for the phone's location before it goes without it. */
export const POSITION_TIMEOUT_MS = 3_000;

/**
 * The phone's location when the browser gives it within `timeoutMs`, else null: refused, unavailable, no answer
 * (a permission prompt left open) or no geolocation at all. Never throws, never waits longer: a punch is not held
 * up by it.
 */
export function currentPosition(timeoutMs = POSITION_TIMEOUT_MS): Promise<PhonePosition | null> {
  const geo = typeof navigator === "undefined" ? undefined : navigator.geolocation;
  if (!geo?.getCurrentPosition) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: PhonePosition | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    // The browser's own timeout starts only once the person answered the permission prompt: this one does not wait.
    const timer = setTimeout(() => finish(null), timeoutMs);
    try {
      geo.getCurrentPosition(
        (p) => {
          const { latitude, longitude, accuracy } = p.coords;
          const valid =
            Number.isFinite(latitude) &&
            Number.isFinite(longitude) &&
            Math.abs(latitude) <= 90 &&
            Math.abs(longitude) <= 180;
          finish(
            valid
              ? {
                  latitude,
                  longitude,
                  accuracyMeters: Math.min(100_000, Math.max(0, Math.round(accuracy || 0))),
                }
              : null,
          );
        },
        () => finish(null),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch {
      finish(null);
    }
  });
}
