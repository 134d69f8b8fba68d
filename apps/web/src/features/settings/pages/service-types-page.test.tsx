import type { ServiceType } from "@fieldlead/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { jsonResponse, renderRoutes } from "../../../test/render";
import { ServiceTypesPage } from "./service-types-page";

const fetchMock = vi.fn<typeof fetch>();
const hvac: ServiceType = {
  id: 1,
  name: "HVAC",
  description: "",
  isActive: true,
  sortOrder: 1,
  questionCount: 0,
};
const roofing: ServiceType = {
  id: 7,
  name: "Roofing",
  description: "",
  isActive: true,
  sortOrder: 2,
  questionCount: 0,
};
let listFetches = 0;
let releaseSecondList: () => void = () => {};

beforeEach(() => {
  listFetches = 0;
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === `/api/settings/${demoUser.currentOrganizationId}/service-type`) {
      listFetches += 1;
      if (listFetches === 1) return jsonResponse([hvac]);
      // The list asked again after the save answers late, as on a busy server.
      await new Promise<void>((resolve) => {
        releaseSecondList = resolve;
      });
      return jsonResponse([hvac, roofing]);
    }
    if (url === "/api/settings/service-type/upsert") return jsonResponse(roofing);
    if (/\/api\/settings\/service-type\/\d+\/question$/.test(url)) return jsonResponse([]);
    if (url === "/api/app/data-type" || url === "/api/app/field-type") return jsonResponse([]);
    return jsonResponse({ status: 404, message: `No mock for ${url}` }, 404);
  });
});
afterEach(() => {
  releaseSecondList();
  vi.unstubAllGlobals();
});

describe("ServiceTypesPage", () => {
  it("opens a new service type's questions at once, before the list is fetched again", async () => {
    session.set({ ...demoUser, roleId: 2 });
    const user = userEvent.setup();
    const routes = ["/settings/service-types", "/settings/service-types/:serviceTypeId"].map((path) => ({
      path,
      Component: ServiceTypesPage,
    }));
    const { router } = renderRoutes(routes, "/settings/service-types");

    // With nothing chosen, the first type opens.
    await screen.findByText("Questions of HVAC");
    expect(router.state.location.pathname).toBe("/settings/service-types/1");

    await user.click(screen.getByRole("button", { name: "New service type" }));
    await user.type(await screen.findByLabelText(/^Name/), "Roofing");
    await user.click(screen.getByRole("button", { name: "Create" }));

    await screen.findByText("Questions of Roofing");
    expect(router.state.location.pathname).toBe("/settings/service-types/7");
    await waitFor(() => expect(listFetches).toBe(2));
    // When the late list arrives, the new type stays open.
    releaseSecondList();
    await waitFor(() => expect(screen.getAllByText("Roofing").length).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe("/settings/service-types/7");
    expect(screen.getByText("Questions of Roofing")).toBeTruthy();
  });
});
