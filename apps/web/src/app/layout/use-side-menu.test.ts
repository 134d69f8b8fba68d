import { describe, expect, it } from "vitest";
import { session } from "../../lib/session";
import { demoUser } from "../../test/fixtures";
import { initialSideMenuOpen, SIDE_MENU_KEY } from "./use-side-menu";

describe("initialSideMenuOpen", () => {
  it("is open for a user who never chose", () => {
    expect(initialSideMenuOpen()).toBe(true);
  });

  it("restores the state saved in the user's web config", () => {
    session.set({ ...demoUser, wingenWebConfig: { sideMenuOpen: false } });
    expect(initialSideMenuOpen()).toBe(false);
  });

  it("prefers this device's last choice, which is there at once", () => {
    session.set({ ...demoUser, wingenWebConfig: { sideMenuOpen: false } });
    localStorage.setItem(SIDE_MENU_KEY, "true");
    expect(initialSideMenuOpen()).toBe(true);
  });
});
