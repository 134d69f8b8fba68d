import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { demoUser } from "../test/fixtures";
import { LOGIN_EMAIL_KEY, SESSION_KEY, session, useLoginEmail, useSession } from "./session";

describe("session store", () => {
  it("keeps exactly the logged-in user under the key 'login'", () => {
    session.set(demoUser, "Admin@Demo.local ");
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null")).toEqual(demoUser);
    expect(localStorage.getItem(LOGIN_EMAIL_KEY)).toBe("admin@demo.local");
    expect(session.get()).toEqual(demoUser);
  });

  it("answers no session for nothing stored, broken JSON or an object of another shape", () => {
    expect(session.get()).toBeNull();
    localStorage.setItem(SESSION_KEY, "{not json");
    expect(session.get()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 1 }));
    expect(session.get()).toBeNull();
  });

  it("returns the same object while nothing changed (a stable snapshot for React)", () => {
    session.set(demoUser);
    expect(session.get()).toBe(session.get());
  });

  it("clears the user and the sign-in email", () => {
    session.set(demoUser, "admin@demo.local");
    session.clear();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(LOGIN_EMAIL_KEY)).toBeNull();
    expect(session.get()).toBeNull();
  });

  it("remembers whether the user signed out on purpose until the next sign-in", () => {
    session.set(demoUser);
    session.clear("signedOut");
    expect(session.wasSignedOut()).toBe(true);
    session.set(demoUser);
    expect(session.wasSignedOut()).toBe(false);
    session.clear();
    expect(session.wasSignedOut()).toBe(false);
  });

  it("remembers whether the user signed out on purpose until the next sign-in", () => {
    session.set(demoUser);
    session.clear("signedOut");
    expect(session.wasSignedOut()).toBe(true);
    session.set(demoUser);
    expect(session.wasSignedOut()).toBe(false);
    session.clear();
    expect(session.wasSignedOut()).toBe(false);
  });

  it("updates the stored user in place and keeps the email", () => {
    session.set(demoUser, "admin@demo.local");
    session.update((u) => ({ ...u, wingenWebConfig: { sideMenuOpen: false } }));
    expect(session.get()?.wingenWebConfig).toEqual({ sideMenuOpen: false });
    expect(session.email()).toBe("admin@demo.local");
  });

  it("tells subscribers and re-renders hooks on every change", () => {
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    const { result } = renderHook(() => ({ user: useSession(), email: useLoginEmail() }));
    expect(result.current.user).toBeNull();

    act(() => session.set(demoUser, "admin@demo.local"));
    expect(result.current.user?.token).toBe("tok-123");
    expect(result.current.email).toBe("admin@demo.local");

    act(() => session.clear());
    expect(result.current.user).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
