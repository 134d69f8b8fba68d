import type { SmartCircleUser } from "@fieldlead/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { type MockRequest, mockApi } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { SmartCircleUsersPage } from "./smart-circle-users-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const zed: SmartCircleUser = {
  userId: 1,
  name: "Zed Zimmer",
  email: "zimmer@circle.test",
  phone: null,
  organizationId: 9,
  organizationName: "Circle Roofing",
  smartCircleCompany: "Smart Circle West",
  roleId: 14,
  roleName: "Lead Generator",
  territories: [{ id: 3, name: "Phoenix" }],
  isActive: true,
  lastActivityAt: null,
};

describe("SmartCircleUsersPage", () => {
  it("exports the filtered report as CSV or Excel, every row, under the server's name", async () => {
    session.set({ ...demoUser, roleId: 2 });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
    );
    const route = "POST /api/organizations/reports/smart-circle-users";
    const api = mockApi(fetchMock, {
      [route]: ({ body }: MockRequest) => {
        const format = (body as { format?: string }).format;
        if (format === "json") return { items: [zed], total: 1, page: 1, pageSize: 25 };
        return new Response("file", {
          headers: {
            "content-disposition": `attachment; filename="smart-circle-users-2026-05-01.${String(format).toUpperCase()}"`,
          },
        });
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/", Component: SmartCircleUsersPage }], "/?search=zed&page=1");
    await screen.findByText("Zed Zimmer");

    await user.click(screen.getByRole("button", { name: "Export Excel (.xlsx)" }));
    await waitFor(() => expect(saved).toEqual(["smart-circle-users-2026-05-01.xlsx"]));
    const xlsx = api.bodies(route).at(-1);
    expect(xlsx).toMatchObject({ format: "xlsx", search: "zed", sortBy: "name" });
    expect(xlsx).not.toHaveProperty("page");

    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe("smart-circle-users-2026-05-01.csv");
    expect(api.bodies(route).at(-1)).toMatchObject({ format: "csv", search: "zed" });
  });
});
