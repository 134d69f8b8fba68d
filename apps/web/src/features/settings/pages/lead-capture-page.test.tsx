import {
  DEFAULT_DISCLOSURE_TEMPLATES,
  fillDisclosures,
  type LeadSettings,
  type LeadSettingsSaveRequest,
} from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { LeadCapturePage } from "./lead-capture-page";

// Mantine's autosizing textarea listens to document.fonts, which happy-dom lacks.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

const ORG = "Summit Home East";
const custom = "{organization} and its installers may call or text me about this project.";
const settingsOf = (templates = DEFAULT_DISCLOSURE_TEMPLATES, duplicateWindowDays = 30): LeadSettings => ({
  duplicateWindowDays,
  organizationName: ORG,
  disclosures: fillDisclosures(templates, ORG),
  disclosureTemplates: { ...templates },
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 2 });
});
afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderRoutes([{ path: "/settings/lead-capture", Component: LeadCapturePage }], "/settings/lead-capture");

describe("LeadCapturePage", { timeout: 20_000 }, () => {
  it("edits a text with a live preview, checks it beside the field, restores a default and saves", async () => {
    let saved: LeadSettings = settingsOf({ ...DEFAULT_DISCLOSURE_TEMPLATES, retailer: custom }, 30);
    const api = mockApi(fetchMock, {
      "GET /api/settings/leads": () => saved,
      "PUT /api/settings/leads": ({ body }) => {
        const b = body as LeadSettingsSaveRequest;
        saved = settingsOf({ ...DEFAULT_DISCLOSURE_TEMPLATES, ...b.disclosures }, b.duplicateWindowDays);
        return saved;
      },
    });
    const user = userEvent.setup();
    open();

    const crm = await screen.findByRole("textbox", { name: "Text for Field-service CRM" });
    expect(screen.getByLabelText(/^Duplicate window/)).toHaveProperty("value", "30");
    expect(screen.getByTestId("preview-crm").textContent).toContain(
      "I agree that Summit Home East may call or text me at the number I gave",
    );
    // The organization's own text is marked, and can go back to the product's.
    const retailer = within(screen.getByTestId("disclosure-retailer"));
    expect(retailer.getByText("Your text")).toBeTruthy();
    expect(screen.getByTestId("preview-retailer").textContent).toContain(
      "Summit Home East and its installers may call or text me about this project.",
    );

    // A text too short is refused beside its field before anything is sent.
    await user.clear(crm);
    await user.type(crm, "Call me.");
    expect(screen.getByTestId("preview-crm").textContent).toContain("Call me.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await within(screen.getByTestId("disclosure-crm")).findByText(
        "Write at least 20 characters: the shopper must be able to read what they agree to",
      ),
    ).toBeTruthy();
    expect(api.bodies("PUT /api/settings/leads")).toEqual([]);

    // The preview fills in the organization's name as the shopper will read it.
    await user.clear(crm);
    await user.type(crm, "{{organization} may call me about my project, day or evening.");
    expect(screen.getByTestId("preview-crm").textContent).toContain(
      "Summit Home East may call me about my project, day or evening.",
    );
    await user.click(screen.getByRole("button", { name: "Restore the default text for Retailer" }));
    expect(retailer.getByText("Default text")).toBeTruthy();
    const windowDays = screen.getByLabelText(/^Duplicate window/);
    await user.clear(windowDays);
    await user.type(windowDays, "0");
    expect(screen.getByTestId("window-summary").textContent).toMatch(/The check is off/);

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.bodies("PUT /api/settings/leads")).toHaveLength(1));
    expect(api.bodies("PUT /api/settings/leads")[0]).toEqual({
      duplicateWindowDays: 0,
      disclosures: {
        ...DEFAULT_DISCLOSURE_TEMPLATES,
        crm: "{organization} may call me about my project, day or evening.",
      },
    });
    // Saved: nothing left to save.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true),
    );
  });

  it("shows the server's refusal beside the field it names", async () => {
    const message = "Only {organization} is filled in; {org} would be shown to shoppers as typed";
    mockApi(fetchMock, {
      "GET /api/settings/leads": () => settingsOf(),
      "PUT /api/settings/leads": () =>
        problem(400, `body.disclosures.secondPartner: ${message}`, {
          "body.disclosures.secondPartner": [message],
        }),
    });
    const user = userEvent.setup();
    open();
    const field = await screen.findByRole("textbox", { name: "Text for Second partner program" });
    await user.type(field, " More.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await within(screen.getByTestId("disclosure-secondPartner")).findByText(message)).toBeTruthy();
    expect(screen.queryByText("Could not save")).toBeNull();
  });

  it("says when the settings cannot be loaded, and tries again", async () => {
    let fail = true;
    mockApi(fetchMock, {
      "GET /api/settings/leads": () =>
        fail
          ? problem(403, "Only people who capture leads, Admins and Managers can see the lead settings.")
          : settingsOf(),
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(/Only people who capture leads/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("textbox", { name: "Text for Retailer program" })).toBeTruthy();
  });
});
