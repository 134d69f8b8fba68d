import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { jsonResponse, renderRoutes } from "../../../test/render";
import { InvitationPage } from "./invitation-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.clear();
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: "/invitations/:token", Component: InvitationPage },
  { path: "/leads", element: <p>Leads screen</p> },
  { path: "/dashboard", element: <p>Dashboard screen</p> },
];
const link = (extra: Record<string, unknown> = {}) => ({
  valid: true,
  organizationName: "BrightPath Solar",
  roleName: "Lead Generator",
  invitedBy: "Sol Rivera",
  email: "pat@example.com",
  firstName: "Pat",
  lastName: "Typed",
  hasAccount: false,
  expiresAt: "2026-11-26T15:00:00.000Z",
  ...extra,
});
const sent = (i: number) => {
  const [url, init] = fetchMock.mock.calls[i];
  return { url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
};

describe("InvitationPage", () => {
  it("starts an account with the typed name and a checked password, then signs in", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(link()));
    const { router } = renderRoutes(routes, "/invitations/tok123");
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Join BrightPath Solar" })).toBeTruthy();
    expect(screen.getByText(/Sol Rivera invited/)).toBeTruthy();
    expect((screen.getByLabelText(/^first name/i) as HTMLInputElement).value).toBe("Pat");
    await user.type(screen.getByLabelText(/^new password/i), "short");
    await user.click(screen.getByRole("button", { name: "Accept and join" }));
    expect(await screen.findByText("Use at least 8 characters")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(jsonResponse(demoUser));
    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), "a-long-passphrase");
    await user.type(screen.getByLabelText(/confirm/i), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: "Accept and join" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(sent(1)).toEqual({
      url: "/api/account/invitation-links/tok123/accept",
      method: "PUT",
      body: { password: "a-long-passphrase", firstName: "Pat", lastName: "Typed" },
    });
    expect(session.get()?.token).toBe(demoUser.token);
  });

  it("asks an existing account only for its password, and shows a wrong one", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(link({ hasAccount: true })));
    renderRoutes(routes, "/invitations/tok123");
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "Join BrightPath Solar" });
    expect(screen.queryByLabelText(/^first name/i)).toBeNull();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { status: 401, title: "Unauthorized", message: "The email or password is incorrect." },
        401,
      ),
    );
    await user.type(screen.getByLabelText(/^password/i), "wrong-one");
    await user.click(screen.getByRole("button", { name: "Accept and join" }));
    expect(await screen.findByText("The email or password is incorrect.")).toBeTruthy();
    expect(sent(1).body).toEqual({ password: "wrong-one" });
  });

  it("declines, and explains a link that is no longer open", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(link()));
    renderRoutes(routes, "/invitations/tok123");
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "Join BrightPath Solar" });
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true }));
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByRole("heading", { name: "Invitation declined" })).toBeTruthy();
    expect(sent(1).url).toBe("/api/account/invitation-links/tok123/decline");

    fetchMock.mockResolvedValueOnce(jsonResponse(link({ valid: false })));
    renderRoutes(routes, "/invitations/old");
    expect(await screen.findByRole("heading", { name: "This invitation is no longer open" })).toBeTruthy();
  });
});
