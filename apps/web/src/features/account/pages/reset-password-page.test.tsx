import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { jsonResponse, renderRoutes } from "../../../test/render";
import { ResetPasswordPage } from "./reset-password-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: "/reset-password/:linkId", Component: ResetPasswordPage },
  { path: "/leads", element: <p>Leads screen</p> },
  { path: "/dashboard", element: <p>Dashboard screen</p> },
  { path: "/forgot-password", element: <p>Forgot screen</p> },
];

describe("ResetPasswordPage", () => {
  it("explains an expired link and offers a new one", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ valid: false, reason: "expired", email: null, purpose: null }),
    );
    renderRoutes(routes, "/reset-password/abc123");

    expect(await screen.findByRole("heading", { name: "This link has expired" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(String(fetchMock.mock.calls[0][0])).toBe("/api/account/reset-password/abc123/validate");
  });

  it("welcomes an invited user, checks the passwords and signs in with the new one", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ valid: true, reason: "ok", email: "new@demo.local", purpose: "invite" }),
    );
    const { router } = renderRoutes(routes, "/reset-password/abc123");
    const user = userEvent.setup();

    expect(await screen.findByRole("heading", { name: "Set your password" })).toBeTruthy();
    await user.type(screen.getByLabelText(/^new password/i), "short");
    await user.type(screen.getByLabelText(/confirm/i), "other");
    await user.click(screen.getByRole("button", { name: /set password/i }));
    expect(await screen.findByText("Use at least 8 characters")).toBeTruthy();
    expect(screen.getByText("The two passwords do not match")).toBeTruthy();

    fetchMock.mockResolvedValueOnce(jsonResponse(demoUser));
    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), "a-long-passphrase");
    await user.clear(screen.getByLabelText(/confirm/i));
    await user.type(screen.getByLabelText(/confirm/i), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: /set password/i }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe("/api/account/reset-password");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ linkId: "abc123", password: "a-long-passphrase" });
    expect(session.get()?.token).toBe(demoUser.token);
    expect(session.email()).toBe("new@demo.local");
  });
});
