import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { jsonResponse, renderRoutes } from "../../../test/render";
import { LoginPage } from "./login-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: "/login", Component: LoginPage },
  { path: "/dashboard", element: <p>Dashboard screen</p> },
  { path: "/capture", element: <p>Capture screen</p> },
  { path: "/leads", element: <p>Leads screen</p> },
  { path: "/dashboard", element: <p>Dashboard screen</p> },
  { path: "/platform/features", element: <p>Features screen</p> },
];

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/email/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("LoginPage", () => {
  it("shows the server's message for a wrong password in an alert", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { type: "x", title: "Unauthorized", status: 401, message: "The email or password is incorrect." },
        401,
        "application/problem+json",
      ),
    );
    renderRoutes(routes, "/login");

    await signIn("admin@demo.local", "wrong-password");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The email or password is incorrect.");
    expect(alert.textContent).toContain("Could not sign in");
    expect(session.get()).toBeNull();
    expect((screen.getByLabelText(/^password/i) as HTMLInputElement).value).toBe("");
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/account/login");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "admin@demo.local", password: "wrong-password" });
  });

  it("shows the lock message of a 429", async () => {
    const message =
      "Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.";
    fetchMock.mockResolvedValue(jsonResponse({ status: 429, title: "Too Many Requests", message }, 429));
    renderRoutes(routes, "/login");

    await signIn("admin@demo.local", "x");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(message);
    expect(alert.textContent).toContain("Account temporarily locked");
  });

  it("checks the fields before calling the server", async () => {
    renderRoutes(routes, "/login");
    await signIn("not-an-email", "x");
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the session and the email, then lands by role", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...demoUser, roleId: 14 }));
    const { router } = renderRoutes(routes, "/login");

    await signIn("LG@demo.local", "demo1234");

    await waitFor(() => expect(router.state.location.pathname).toBe("/capture"));
    expect(session.get()?.token).toBe("tok-123");
    expect(session.email()).toBe("lg@demo.local");
  });

  it("lands a manager on the Dashboard", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...demoUser, roleId: 3 }));
    const { router } = renderRoutes(routes, "/login");

    await signIn("manager@demo.local", "demo1234");

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("returns to the page the user was sent from", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...demoUser, roleId: 1 }));
    const { router } = renderRoutes(routes, "/login?next=%2Fplatform%2Ffeatures");

    await signIn("superadmin@demo.local", "demo1234");

    await waitFor(() => expect(router.state.location.pathname).toBe("/platform/features"));
  });

  it("sends a signed-in visitor straight to the start page", async () => {
    session.set({ ...demoUser, subscriptionId: 16 });
    const { router } = renderRoutes(routes, "/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/leads"));
  });
});
