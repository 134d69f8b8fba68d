import type { LoggedInUser } from "@fieldlead/contracts";
import { useSyncExternalStore } from "react";

/**
 * The spec's storage key (docs/spec/product-spec.md, §7 The calls it makes): the logged-in user object
 * exactly as the API returned it.
 */
export const SESSION_KEY = "login";
/** The email typed at sign-in; the LoggedInUser carries none, and the user menu shows it. */
export const LOGIN_EMAIL_KEY = "loginEmail";

type Listener = () => void;
const listeners = new Set<Listener>();

// Cached so useSyncExternalStore sees a stable snapshot between changes.
let cachedRaw: string | null | undefined;
let cachedUser: LoggedInUser | null = null;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isLoggedInUser(v: unknown): v is LoggedInUser {
  if (!v || typeof v !== "object") return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u.token === "string" &&
    typeof u.currentOrganizationId === "number" &&
    typeof u.userId === "number" &&
    typeof u.roleId === "number" &&
    typeof u.subscriptionId === "number" &&
    Array.isArray(u.organizations)
  );
}

function read(): LoggedInUser | null {
  const raw = storage()?.getItem(SESSION_KEY) ?? null;
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      cachedUser = isLoggedInUser(parsed) ? parsed : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

// Set when the user signed out on purpose: the sign-in screen then needs no "come back to" path.
let signedOut = false;

function emit() {
  for (const l of listeners) l();
}

export const session = {
  get: read,
  set(user: LoggedInUser, email?: string) {
    signedOut = false;
    const s = storage();
    s?.setItem(SESSION_KEY, JSON.stringify(user));
    if (email !== undefined) s?.setItem(LOGIN_EMAIL_KEY, email.trim().toLowerCase());
    emit();
  },
  /** Applies a change to the stored user (e.g. a new web config) without a round trip. */
  update(change: (user: LoggedInUser) => LoggedInUser) {
    const current = read();
    if (current) session.set(change(current));
  },
  /** Ends the session on this device; `signedOut` says the user asked for it (rather than it expiring). */
  clear(reason?: "signedOut") {
    signedOut = reason === "signedOut";
    const s = storage();
    s?.removeItem(SESSION_KEY);
    s?.removeItem(LOGIN_EMAIL_KEY);
    emit();
  },
  wasSignedOut(): boolean {
    return signedOut;
  },
  email(): string | null {
    return storage()?.getItem(LOGIN_EMAIL_KEY) ?? null;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    // Another tab signing in or out changes this one too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === SESSION_KEY || e.key === LOGIN_EMAIL_KEY) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};

export function useSession(): LoggedInUser | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}

export function useLoginEmail(): string | null {
  return useSyncExternalStore(session.subscribe, session.email, () => null);
}
