import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderRoutes } from "../test/render";
import { RootRoute } from "./root-route";
import type { RouteHandle } from "./router";

const routes = [
  {
    Component: RootRoute,
    children: [
      { path: "/leads", handle: { title: "Leads" } satisfies RouteHandle, element: <p>Leads screen</p> },
      {
        path: "/reports/:slug",
        handle: { title: "Report" } satisfies RouteHandle,
        children: [
          {
            index: true,
            // As a lazy page brings it: the title made from the address (app/router.tsx's RouteHandle).
            lazy: async () => ({
              element: <p>Report screen</p>,
              handle: { title: ({ slug }) => `The ${slug} report` } satisfies RouteHandle,
            }),
          },
        ],
      },
      { path: "/untitled", element: <p>Untitled screen</p> },
    ],
  },
];

beforeEach(() => {
  document.title = "";
});

describe("RootRoute", () => {
  it("names the browser tab after the screen", async () => {
    renderRoutes(routes, "/leads");
    await screen.findByText("Leads screen");
    expect(document.title).toBe("Leads · FieldLead");
  });

  it("prefers the deepest route's title, made from the address's params, and follows a move to another address of it", async () => {
    const { router } = renderRoutes(routes, "/reports/speed");
    await screen.findByText("Report screen");
    await waitFor(() => expect(document.title).toBe("The speed report · FieldLead"));

    await act(() => router.navigate("/reports/summary"));
    await waitFor(() => expect(document.title).toBe("The summary report · FieldLead"));
    await act(() => router.navigate("/leads"));
    await waitFor(() => expect(document.title).toBe("Leads · FieldLead"));
  });

  it("says only FieldLead on a screen with no title", async () => {
    renderRoutes(routes, "/untitled");
    await screen.findByText("Untitled screen");
    expect(document.title).toBe("FieldLead");
  });
});
