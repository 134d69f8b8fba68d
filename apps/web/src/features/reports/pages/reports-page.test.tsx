import { REPORTS } from "@fieldlead/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../../test/render";
import { ReportsPage } from "./reports-page";

describe("ReportsPage", () => {
  it("lists every report of the catalogue under its section, each a link to its screen", () => {
    renderRoutes([{ path: "/reports/funnel", Component: ReportsPage }], "/reports/funnel");

    expect(screen.getByRole("heading", { level: 1, name: "Funnel reports" })).toBeTruthy();
    const sections = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(["Lead generators", "Funnel", "Places", "Owner group", "Speed and outcomes"]);

    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(13);
    expect(REPORTS).toHaveLength(13);
    for (const report of REPORTS) {
      const link = screen.getByRole("link", { name: report.title });
      expect(link.getAttribute("href")).toBe(`/reports/funnel/${report.slug}`);
      expect(within(link.closest("li") as HTMLElement).getByText(report.description)).toBeTruthy();
    }
  });

  it("offers the owner-group reports too, marked as needing organization-wide access", () => {
    renderRoutes([{ path: "/reports/funnel", Component: ReportsPage }], "/reports/funnel");
    const owner = screen.getByRole("region", { name: "Owner group" });
    expect(within(owner).getAllByRole("link")).toHaveLength(3);
    expect(within(owner).getAllByText("Organization-wide access")).toHaveLength(3);
  });
});
