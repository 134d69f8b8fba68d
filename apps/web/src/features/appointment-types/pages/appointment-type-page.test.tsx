import type { AppointmentType } from "@fieldlead/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, type MockRequest, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { AppointmentTypePage } from "./appointment-type-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const type: AppointmentType = {
  id: 31,
  name: "Window install",
  territoryId: null,
  territoryName: null,
  durationMinutes: 90,
  arrivalWindowMinutes: 120,
  minimumNoticeMinutes: 240,
  bookingHorizonDays: 60,
  crmJobTypeId: 701,
  crmJobTypeName: "Install",
  crmCampaignId: null,
  crmCampaignName: null,
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const technicians = [
  {
    id: 1,
    appointmentTypeId: 31,
    crmReferenceId: 11,
    externalId: 501,
    name: "Tara Tech",
    isActive: true,
    sortOrder: 0,
  },
];
const units = [
  {
    id: 2,
    appointmentTypeId: 31,
    crmReferenceId: 21,
    externalId: 601,
    name: "Residential",
    isActive: true,
    isDefault: true,
  },
  {
    id: 3,
    appointmentTypeId: 31,
    crmReferenceId: 22,
    externalId: 602,
    name: "Commercial",
    isActive: true,
    isDefault: false,
  },
];
const questions = [
  {
    id: 4,
    appointmentTypeId: 31,
    appointmentTypeName: "Window install",
    questionId: 41,
    questionText: "How many windows?",
    serviceTypeId: 5,
    serviceTypeName: "Windows",
    isRequired: true,
    sortOrder: 0,
  },
];

function serve(overrides: Record<string, (req: MockRequest) => unknown> = {}) {
  return mockApi(fetchMock, {
    "POST /api/appointments/type": ({ body }) => {
      const ids = (body as { ids?: number[] }).ids ?? [];
      const items = ids.includes(31) ? [type] : [];
      return { items, total: items.length, page: 1, pageSize: 1 };
    },
    "POST /api/appointments/type/31/technicians": () => technicians,
    "POST /api/appointments/type/31/st-business-units": () => units,
    "POST /api/appointments/type/31/questions": () => questions,
    "GET /api/appointments/type/31/technicians-lookUp-List": () => [
      { id: 12, externalId: 502, name: "Tom Tech" },
    ],
    "GET /api/appointments/type/service-titan-lookUp-List": () => ({
      businessUnits: units.map((u) => ({ id: u.crmReferenceId, externalId: u.externalId, name: u.name })),
      jobTypes: [{ id: 9, externalId: 701, name: "Install" }],
      campaigns: [],
    }),
    "GET /api/appointments/type/questions-lookUp-list": () => [
      { id: 41, text: "How many windows?", serviceTypeId: 5, serviceTypeName: "Windows" },
      { id: 42, text: "Age of the home?", serviceTypeId: 5, serviceTypeName: "Windows" },
    ],
    "GET /api/settings/scheduleAppointmentType/31/business-contact": () => [
      {
        id: 7,
        name: "Dispatch",
        email: "dispatch@example.com",
        phone: null,
        topics: ["appointments"],
        sortOrder: 0,
      },
    ],
    "GET /api/app/lookup-list": () => lookupListOf({}),
    ...overrides,
  });
}

const renderEditor = (path = "/appointments/types/31") =>
  renderRoutes(
    [
      { path: "/appointments/types/:typeId", Component: AppointmentTypePage },
      { path: "/appointments/types", Component: () => <p>The list</p> },
    ],
    path,
  );

describe("AppointmentTypePage", { timeout: 30_000 }, () => {
  it("shows an Admin the type's details and links, each with add and remove", async () => {
    session.set({ ...demoUser, roleId: 2 });
    const api = serve({
      "DELETE /api/appointments/type/technician/1": () => ({ ok: true }),
      "POST /api/appointments/type/technician/upsert": ({ body }) => ({
        ...technicians[0],
        ...(body as object),
        id: 8,
      }),
    });
    renderEditor();
    expect(await screen.findByRole("heading", { name: "Window install" })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("Window install");
    await screen.findByText("Tara Tech");
    expect(await screen.findByText("Residential")).toBeTruthy();
    const units = screen.getByRole("region", { name: "Business units" });
    expect(within(units).getByText("Default")).toBeTruthy();
    expect(within(units).getByRole("button", { name: "Make Commercial the default" })).toBeTruthy();
    expect(await screen.findByText("How many windows?")).toBeTruthy();
    expect(await screen.findByDisplayValue("dispatch@example.com")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Remove Tara Tech" }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.method === "DELETE" && c.path === "/api/appointments/type/technician/1"),
      ).toBe(true),
    );

    // Add a technician from the CRM's list.
    const region = screen.getByRole("region", { name: "Technicians" });
    const user = userEvent.setup();
    const input = within(region).getByRole("combobox", { name: "Add a technician" });
    await user.click(input);
    const list = await waitFor(() => {
      const el = document.getElementById(input.getAttribute("aria-controls") ?? "");
      if (!el) throw new Error("The options did not open");
      return el;
    });
    await user.click(await within(list).findByRole("option", { name: "Tom Tech (#502)", hidden: true }));
    await user.click(within(region).getByRole("button", { name: "Add technician" }));
    await waitFor(() =>
      expect(api.bodies("POST /api/appointments/type/technician/upsert")).toEqual([
        { appointmentTypeId: 31, crmReferenceId: 12, sortOrder: 1 },
      ]),
    );
  });

  it("checks the details before saving: name required, minutes positive, horizon 1 to 730", async () => {
    session.set({ ...demoUser, roleId: 2 });
    const api = serve();
    renderEditor("/appointments/types/new");
    const name = await screen.findByRole("textbox", { name: "Name" });
    fireEvent.change(name, { target: { value: "  " } });
    fireEvent.change(screen.getByRole("textbox", { name: "Duration (minutes)" }), { target: { value: "" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Books ahead (days)" }), {
      target: { value: "800" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Create type" }));
    expect(await screen.findByText("Enter the appointment type's name")).toBeTruthy();
    expect(screen.getByText("Enter the duration as a whole number")).toBeTruthy();
    expect(screen.getByText("The number of days is at most 730")).toBeTruthy();
    expect(api.bodies("POST /api/appointments/type/upsert")).toEqual([]);
  });

  it("creates a type and opens it; a name in use shows the server's word beside the field", async () => {
    session.set({ ...demoUser, roleId: 3 });
    let first = true;
    const api = serve({
      "POST /api/appointments/type/upsert": () => {
        if (first) {
          first = false;
          return problem(409, 'An appointment type named "Roof" already exists; choose another name.', {
            "body.name": ['An appointment type named "Roof" already exists; choose another name.'],
          });
        }
        return { ...type, id: 31, name: "Roof inspection" };
      },
    });
    const { router } = renderEditor("/appointments/types/new");
    fireEvent.change(await screen.findByRole("textbox", { name: "Name" }), { target: { value: "Roof" } });
    fireEvent.click(screen.getByRole("button", { name: "Create type" }));
    expect(await screen.findByText(/"Roof" already exists/)).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Roof inspection" } });
    fireEvent.click(screen.getByRole("button", { name: "Create type" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/appointments/types/31"));
    expect(api.bodies("POST /api/appointments/type/upsert")[1]).toMatchObject({
      name: "Roof inspection",
      territoryId: null,
      durationMinutes: 120,
      bookingHorizonDays: 60,
      isActive: true,
    });
  });

  it("shows the server's refusal when a type in use is deleted", async () => {
    session.set({ ...demoUser, roleId: 2 });
    const message =
      '"Window install" is in use: 2 weekly template windows, 5 dated windows and 1 appointment. Make it inactive instead.';
    serve({ "DELETE /api/appointments/type/31": () => problem(409, message) });
    renderEditor();
    fireEvent.click(await screen.findByRole("button", { name: "Delete type" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("shows a scheduler the type read-only: no save, add, remove, contacts or delete", async () => {
    session.set({ ...demoUser, roleId: 7 });
    const api = serve();
    renderEditor();
    await screen.findByRole("heading", { name: "Window install" });
    await screen.findByText("Tara Tech");
    await screen.findByText("How many windows?");
    expect(screen.queryByRole("button", { name: "Save details" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add technician" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete type" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Business contacts" })).toBeNull();
    expect(api.calls.some((c) => c.path.includes("lookUp"))).toBe(false);
  });

  it("says when the type is not there", async () => {
    session.set({ ...demoUser, roleId: 2 });
    serve();
    renderEditor("/appointments/types/99");
    expect(await screen.findByText("This appointment type was not found.")).toBeTruthy();
  });
});
