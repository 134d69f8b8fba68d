import { leadsApi, settingsApi } from "@fieldlead/contracts/routes";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { leadSettingsQueryOptions } from "../../../lib/lead-settings";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { mockApi } from "../../../test/mock-api";
import { leadTypesQueryOptions } from "./get-lead-types";
import { captureStoresQueryOptions } from "./get-stores";
import { prefetchCapture } from "./prefetch";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set(demoUser);
});
afterEach(() => vi.unstubAllGlobals());

describe("prefetchCapture", () => {
  it("asks for the form's lists under the keys the capture screen reads them by", async () => {
    const api = mockApi(fetchMock, {
      [`${leadsApi.leadTypes.method} ${leadsApi.leadTypes.path}`]: () => ({ serviceTypes: [] }),
      "POST /api/app/lookup-list/stores/search": () => ({ items: [], total: 0 }),
      [`${settingsApi.leadSettings.method} ${settingsApi.leadSettings.path}`]: () => ({
        duplicateWindowDays: 30,
      }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchCapture(queryClient);
    // All three asked at once, before any of them has answered.
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      [
        `${leadsApi.leadTypes.method} ${leadsApi.leadTypes.path}`,
        "POST /api/app/lookup-list/stores/search",
        `${settingsApi.leadSettings.method} ${settingsApi.leadSettings.path}`,
      ].sort(),
    );
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(leadTypesQueryOptions().queryKey)).toEqual({ serviceTypes: [] });
      expect(queryClient.getQueryData(captureStoresQueryOptions().queryKey)).toEqual({ items: [], total: 0 });
      expect(queryClient.getQueryData(leadSettingsQueryOptions().queryKey)).toEqual({
        duplicateWindowDays: 30,
      });
    });
  });
});
