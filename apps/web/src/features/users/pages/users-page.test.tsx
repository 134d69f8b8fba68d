import type { UserDetail, UserListItem } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { UsersPage } from "./users-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set(demoUser);
});
afterEach(() => vi.unstubAllGlobals());

const person = (i: number): UserListItem => ({
  id: 100 + i,
  uid: `uid${i}`,
  firstName: `First${i}`,
  lastName: `Last${i}`,
  name: `First${i} Last${i}`,
  email: `person${i}@demo.local`,
  phone: null,
  roleId: 14,
  roleName: "Lead Generator",
  subscriptionId: 1,
  isActive: true,
  hasPassword: i % 2 === 0,
  territories: [{ id: 1, name: "North Jersey" }],
  lastLoginAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const lookups = lookupListOf({
  organizationTerritories: [{ id: 1, name: "North Jersey", organizationId: 7, isActive: true }],
  allOrganizationTerritories: [{ id: 1, name: "North Jersey", organizationId: 7, isActive: true }],
  languageTypes: [{ id: 1, name: "English" }],
  userHoursTypes: [{ id: 1, name: "Hourly" }],
});
const roles = [
  { id: 3, name: "Manager" },
  { id: 14, name: "Lead Generator" },
];

/** 60 people, answered a page at a time as the server would. */
function serve(extra: Parameters<typeof mockApi>[1] = {}) {
  const everyone = Array.from({ length: 60 }, (_, i) => person(i));
  return mockApi(fetchMock, {
    "POST /api/users/search": ({ body }) => {
      const { page = 1, pageSize = 25 } = body as { page?: number; pageSize?: number };
      return { items: everyone.slice((page - 1) * pageSize, page * pageSize), total: 60, page, pageSize };
    },
    "GET /api/app/lookup-list": () => lookups,
    "GET /api/app/lookup-list/roles": () => roles,
    "POST /api/users/invitations/search": () => ({ items: [], total: 0, page: 1, pageSize: 50 }),
    ...extra,
  });
}

const invitation = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  email: `invited${id}@example.com`,
  firstName: "Ivy",
  lastName: `Invited${id}`,
  name: `Ivy Invited${id}`,
  phone: null,
  roleId: 14,
  roleName: "Lead Generator",
  subscriptionId: 1,
  territories: [{ id: 1, name: "North Jersey" }],
  stores: [],
  invitedBy: "Alex Admin",
  invitedAt: "2026-11-20T15:00:00.000Z",
  sentAt: "2026-11-20T15:00:00.000Z",
  expiresAt: "2026-11-23T15:00:00.000Z",
  status: "invited",
  ...extra,
});

/** Picks an option of a Mantine Select: its list is the one the input controls. */
async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute("aria-controls") ?? "");
    if (!el) throw new Error("The options did not open");
    return el;
  });
  await user.click(within(list).getByRole("option", { name: option, hidden: true }));
}

const renderPage = (path = "/users") => renderRoutes([{ path: "/users", Component: UsersPage }], path);

// Mantine renders a lot of DOM per row; happy-dom on a busy machine needs more than the default 5 s.
describe("UsersPage", { timeout: 30_000 }, () => {
  it("shows a page of people from the server with the total, and asks for the next page", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage("/users?pageSize=10");

    const table = await screen.findByRole("table", { name: "Users" });
    expect(await within(table).findByText("First0 Last0")).toBeTruthy();
    expect(within(table).getAllByRole("row")).toHaveLength(11); // the header and 10 people
    expect(screen.getByText("1–10 of 60")).toBeTruthy();
    expect(api.bodies("POST /api/users/search")[0]).toMatchObject({
      page: 1,
      pageSize: 10,
      sortBy: "name",
      sortDirection: "asc",
      isActive: true,
    });

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await within(table).findByText("First10 Last10")).toBeTruthy();
    expect(screen.getByText("11–20 of 60")).toBeTruthy();
    expect(api.bodies("POST /api/users/search").at(-1)).toMatchObject({ page: 2 });
  });

  it("sorts on the server when a header is clicked, and goes back to the first page", async () => {
    const api = serve();
    const user = userEvent.setup();
    const { router } = renderPage("/users?pageSize=10");
    await screen.findByText("First0 Last0");

    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("11–20 of 60");
    await user.click(screen.getByRole("button", { name: /^Last sign-in/ }));

    await waitFor(() =>
      expect(api.bodies("POST /api/users/search").at(-1)).toMatchObject({
        page: 1,
        sortBy: "lastLoginAt",
        sortDirection: "asc",
      }),
    );
    expect(router.state.location.search).toContain("sortBy=lastLoginAt");
    expect(screen.getByRole("columnheader", { name: /Last sign-in/ }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
  });

  it("says so when no one matches the filters", async () => {
    mockApi(fetchMock, {
      "POST /api/users/search": () => ({ items: [], total: 0, page: 1, pageSize: 25 }),
      "GET /api/app/lookup-list": () => lookups,
      "GET /api/app/lookup-list/roles": () => roles,
    });
    renderRoutes([{ path: "/users", Component: UsersPage }], "/users?search=nobody");
    expect(await screen.findByText("No one matches these filters")).toBeTruthy();
  });

  it("shows the server's 409 beside the email field of the new-user form", async () => {
    const api = serve({
      "POST /api/users/upsert": () =>
        problem(409, "A user with this email already belongs to this organization.", {
          "body.email": ["A user with this email already belongs to this organization."],
        }),
    });
    const user = userEvent.setup();
    renderPage("/users?pageSize=10");

    await user.click(await screen.findByRole("button", { name: "New user" }));
    const form = await screen.findByRole("form", { name: "New user" });
    await user.type(within(form).getByLabelText(/First name/), "Dana");
    await user.type(within(form).getByLabelText(/Last name/), "Doe");
    await user.type(within(form).getByRole("textbox", { name: /^Email/ }), "taken@demo.local");
    await choose(user, within(form).getByLabelText(/^Role/), "Lead Generator");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));

    const email = within(form).getByRole("textbox", { name: /^Email/ });
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = email.getAttribute("aria-describedby") ?? "";
    const messages = describedBy
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");
    expect(messages).toContain("A user with this email already belongs to this organization.");
    // Shown beside the field, not repeated above the form.
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(api.bodies("POST /api/users/upsert")[0]).toMatchObject({
      firstName: "Dana",
      lastName: "Doe",
      email: "taken@demo.local",
      roleId: 14,
      sendInvitation: false,
    });
  });

  it("lists pending invitations with what was typed, and resends and cancels them", async () => {
    const api = serve({
      "POST /api/users/invitations/search": () => ({
        items: [invitation(7), invitation(8)],
        total: 2,
        page: 1,
        pageSize: 50,
      }),
      "PUT /api/users/invitations/7/resend": () => ({
        message: "We emailed invited7@example.com again.",
        expiresInHours: 72,
      }),
      "DELETE /api/users/invitations/8": () => ({ ok: true }),
    });
    const user = userEvent.setup();
    renderPage();
    // The invitations load after the roles (they decide whether the caller manages people).
    await screen.findByText("invited7@example.com", undefined, { timeout: 5000 });
    const section = screen.getByRole("region", { name: "Pending invitations (2)" });
    expect(within(section).getByText("invited7@example.com")).toBeTruthy();
    expect(
      within(section).getAllByText(/As Ivy Invited7 · North Jersey · invited by Alex Admin/),
    ).toHaveLength(1);
    await user.click(
      within(section).getByRole("button", { name: "Resend the invitation to invited7@example.com" }),
    );
    await waitFor(() => expect(api.bodies("PUT /api/users/invitations/7/resend")).toHaveLength(1));
    await user.click(
      within(section).getByRole("button", { name: "Cancel the invitation to invited8@example.com" }),
    );
    await user.click(await screen.findByRole("button", { name: "Cancel invitation" }));
    await waitFor(() => expect(api.bodies("DELETE /api/users/invitations/8")).toHaveLength(1));
  });

  it("checks the fields before calling the server", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "New user" }));
    const form = await screen.findByRole("form", { name: "New user" });
    await user.type(within(form).getByRole("textbox", { name: /^Email/ }), "not-an-email");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));

    expect(await within(form).findByText("Enter a first name")).toBeTruthy();
    expect(within(form).getByText("Enter a valid email address")).toBeTruthy();
    expect(within(form).getByText("Choose a role")).toBeTruthy();
    expect(api.bodies("POST /api/users/upsert")).toHaveLength(0);
  });

  it("hides the create and edit buttons from a caller who may give no role", async () => {
    session.set({ ...demoUser, roleId: 8 });
    mockApi(fetchMock, {
      "POST /api/users/search": () => ({ items: [person(1)], total: 1, page: 1, pageSize: 25 }),
      "GET /api/app/lookup-list": () => lookups,
      "GET /api/app/lookup-list/roles": () => [],
    });
    renderPage();
    await screen.findByText("First1 Last1");
    expect(screen.queryByRole("button", { name: "New user" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
    expect(screen.getByRole("button", { name: "View First1 Last1" })).toBeTruthy();
  });

  // Decision 0026: schedulers and analysts read the organization's people (users.read, not users.edit). The
  // capability decides, whatever the roles call answers.
  it.each([
    { roleId: 7, reader: "a scheduler" },
    { roleId: 8, reader: "an analyst" },
  ])("shows the people read-only to $reader", async ({ roleId }) => {
    session.set({ ...demoUser, roleId });
    serve();
    renderPage();
    await screen.findByText("First1 Last1");
    expect(screen.getByText("The people of your organization.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New user" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
    expect(screen.getByRole("button", { name: "View First1 Last1" })).toBeTruthy();
  });

  it("creates a retailer-program user through hd/upsert, without a role, territories or stores", async () => {
    const api = serve({
      "POST /api/users/hd/upsert": ({ body }) => ({
        user: null,
        invitation: invitation(190, {
          ...(body as object),
          roleId: 2,
          roleName: "Admin",
          subscriptionId: 16,
        }),
        result: "invited",
        message: "We emailed robin@retail.example an invitation to join as Admin.",
        invitationSent: true,
      }),
    });
    const user = userEvent.setup();
    renderPage("/users?pageSize=10");

    await user.click(await screen.findByRole("button", { name: "More kinds of user" }));
    await user.click(
      await screen.findByRole("menuitem", { name: /New retailer-program user/, hidden: true }),
    );
    const form = await screen.findByRole("form", { name: "New retailer-program user" });
    expect(
      within(form).getByText(/Sees only the retailer program's leads, QR codes and reports/),
    ).toBeTruthy();
    expect(within(form).queryByLabelText(/^Role/)).toBeNull();
    expect(within(form).queryByLabelText(/^Territories/)).toBeNull();
    expect(within(form).queryByLabelText(/^Stores/)).toBeNull();

    await user.type(within(form).getByLabelText(/First name/), "Robin");
    await user.type(within(form).getByLabelText(/Last name/), "Retail");
    await user.type(within(form).getByRole("textbox", { name: /^Email/ }), "Robin@Retail.example");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));

    await waitFor(() => expect(api.bodies("POST /api/users/hd/upsert")).toHaveLength(1));
    expect(api.bodies("POST /api/users/hd/upsert")[0]).toEqual({
      firstName: "Robin",
      lastName: "Retail",
      email: "Robin@Retail.example",
      phone: null,
      isActive: true,
      sendInvitation: false,
    });
    expect(api.bodies("POST /api/users/upsert")).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole("form", { name: "New retailer-program user" })).toBeNull());
  });

  it("edits a subscription-16 user through hd/upsert and shows the server's error beside the field", async () => {
    const detail = {
      ...person(3),
      roleId: 2,
      roleName: "Admin",
      subscriptionId: 16,
      languageIds: [],
      territoryIds: [],
      storeIds: [],
      stores: [],
      timeZone: null,
      hoursTypeId: null,
      hasCaptureIcon: false,
      sharedIdentity: false,
      lastInvitedAt: null,
      lastActivityAt: null,
      updatedAt: "2026-01-01T00:00:00.000Z",
    } as UserDetail;
    const api = serve({
      "GET /api/users/103": () => detail,
      "POST /api/users/hd/upsert": () =>
        problem(409, "Another account already uses this email.", {
          "body.email": ["Another account already uses this email."],
        }),
    });
    const user = userEvent.setup();
    renderPage("/users?pageSize=10");

    await user.click(await screen.findByRole("button", { name: "Edit First3 Last3" }));
    const form = await screen.findByRole("form", { name: "Edit First3 Last3" });
    expect(within(form).queryByLabelText(/^Role/)).toBeNull();
    const email = within(form).getByRole("textbox", { name: /^Email/ });
    await user.clear(email);
    await user.type(email, "taken@demo.local");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getByText("Another account already uses this email.")).toBeTruthy();
    expect(api.bodies("POST /api/users/hd/upsert")[0]).toEqual({
      id: 103,
      firstName: "First3",
      lastName: "Last3",
      email: "taken@demo.local",
      phone: null,
      isActive: true,
      sendInvitation: false,
    });
    expect(api.bodies("POST /api/users/upsert")).toHaveLength(0);
  });

  it("offers the retailer-program user to Admins only", async () => {
    session.set({ ...demoUser, roleId: 3 });
    serve();
    renderPage();
    expect(await screen.findByRole("button", { name: "New user" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "More kinds of user" })).toBeNull();
  });

  it("sends an invitation again and says so", async () => {
    const detail = { ...person(1), languageIds: [] } as unknown as UserDetail;
    const api = serve({
      "PUT /api/users/101/invite": () => ({
        message: "We emailed person1@demo.local an invitation to set a password.",
        email: "person1@demo.local",
        expiresInHours: 72,
        alreadyActive: false,
      }),
      "GET /api/users/101": () => detail,
    });
    const user = userEvent.setup();
    renderPage("/users?pageSize=10");
    await user.click(await screen.findByRole("button", { name: "More actions for First1 Last1" }));
    // The menu opens with a transition; its items are in the page before they count as visible.
    await user.click(await screen.findByText("Send invitation again"));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/api/users/101/invite")).toBe(true));
  });
});
