import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../test/render";
import { menuFor } from "../menu";
import { BUILT_PATHS } from "../router";
import { SideMenu } from "./side-menu";

const manager = { roleId: 3, subscriptionId: 1 };

function renderMenu(path = "/leads", built: ReadonlySet<string> = BUILT_PATHS) {
  return renderRoutes([{ path: "*", element: <SideMenu items={menuFor(manager)} built={built} /> }], path);
}

describe("SideMenu", () => {
  it("says which areas are still to come before they are clicked, in the links' names too", async () => {
    renderMenu("/leads", new Set([...BUILT_PATHS].filter((p) => p !== "/dashboard" && p !== "/charts")));
    expect(await screen.findByRole("link", { name: "Dashboard (coming soon)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Charts (coming soon)" })).toBeTruthy();
    // Built screens have no badge.
    expect(screen.getByRole("link", { name: "Leads" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Users" })).toBeTruthy();
    // A section with a built entry has no badge.
    expect(screen.getByRole("button", { name: "Support" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Labor" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reports" })).toBeTruthy();
    // The badge is seen, not read twice.
    expect(screen.getAllByText("Soon")[0]?.closest("[aria-hidden=true]")).toBeTruthy();
  });

  it("marks a section with nothing built", async () => {
    renderMenu("/leads", new Set([...BUILT_PATHS].filter((p) => !p.startsWith("/support"))));
    expect(await screen.findByRole("button", { name: "Support (coming soon)" })).toBeTruthy();
  });

  it("drops the badge once an area is built", async () => {
    renderMenu("/leads");
    expect(await screen.findByRole("link", { name: "Dashboard" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Charts" })).toBeTruthy();
  });

  it("opens and closes a section from a button that says whether it is open", async () => {
    renderMenu();
    const reports = await screen.findByRole("button", { name: "Reports" });
    expect(reports.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(reports);
    expect(reports.getAttribute("aria-expanded")).toBe("true");
    expect(await screen.findByRole("link", { name: "Smart Circle users" })).toBeTruthy();
  });

  it("opens the section of the current screen", async () => {
    renderMenu("/reports/smart-circle-users");
    const reports = await screen.findByRole("button", { name: "Reports" });
    expect(reports.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Smart Circle users" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });
});
