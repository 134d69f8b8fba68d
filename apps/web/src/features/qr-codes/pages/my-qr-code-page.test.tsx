import type { QrCodeItem } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { correction, generate } from "lean-qr";
import { toSvgPath } from "lean-qr/extras/svg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { mockApi, optionSearch } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { MyQrCodePage } from "./my-qr-code-page";
import { QrCodesPage } from "./qr-codes-page";
import { qrCode, qrLookups, qrSearch } from "./test-codes";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  // A lead generator (role 14): their own codes only.
  session.set({ ...demoUser, userId: 42, roleId: 14 });
});
afterEach(() => vi.unstubAllGlobals());

const SEARCH = "POST /api/QRCodes/search";
const UPSERT = "POST /api/QRCodes/upsert";
const mine = (over: Partial<QrCodeItem> = {}) =>
  qrCode(5, { userId: 42, userUid: "jopark42", userName: "Jo Park", path: "/q/jopark42/1", ...over });

const stores = [
  {
    id: 12,
    name: "Costco Wayne",
    address: null,
    city: null,
    organizationTerritoryId: null,
    organizationId: 7,
    isActive: true,
    brandId: null,
    mine: true,
  },
];

function serve(codes: () => QrCodeItem[], extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fetchMock, {
    [SEARCH]: qrSearch(codes),
    "GET /api/app/lookup-list": () => qrLookups,
    "POST /api/app/lookup-list/stores/search": optionSearch(() => stores),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => [
      { id: 42, name: "Jo Park", isActive: true, organizationsTerritoryIds: [] },
    ]),
    ...extra,
  });
}

const renderMine = (path = "/qr-codes/mine") =>
  renderRoutes(
    [
      { path: "/qr-codes", Component: QrCodesPage },
      { path: "/qr-codes/mine", Component: MyQrCodePage },
    ],
    path,
  );

describe("MyQrCodePage", { timeout: 30_000 }, () => {
  it("shows a lead generator's code full screen: the call to action, a QR image of the server's URL for the code, whose it is", async () => {
    const api = serve(() => [mine()]);
    const user = userEvent.setup();
    const { router } = renderMine();

    const dialog = await screen.findByRole("dialog", { name: "Scan to book your appointment" });
    expect(within(dialog).getByText("Escanee para reservar su cita").getAttribute("lang")).toBe("es");
    const url = "https://leads.example.com/q/jopark42/1";
    const image = within(dialog).getByRole("img", { name: `QR code for ${url}` });
    expect(image.tagName.toLowerCase()).toBe("svg");
    // The modules drawn are those of that address.
    const drawn = image.querySelector("path")?.getAttribute("d");
    expect(drawn).toBe(toSvgPath(generate(url, { minCorrectionLevel: correction.M })));
    expect(image.querySelector("rect")?.getAttribute("fill")).toBe("#ffffff");
    expect(within(dialog).getByText("Jo Park")).toBeTruthy();
    expect(within(dialog).getByText("Costco Wayne")).toBeTruthy();
    expect(within(dialog).getByText("HVAC")).toBeTruthy();
    expect(api.bodies(SEARCH)[0]).toMatchObject({ userIds: [42] });

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/qr-codes"));
  });

  it("opens from 'Show my code' and gives the focus back to it on Done", async () => {
    serve(() => [mine()]);
    const user = userEvent.setup();
    const { router } = renderMine("/qr-codes");
    await user.click(await screen.findByRole("link", { name: "Show my code" }));
    const dialog = await screen.findByRole("dialog", { name: "Scan to book your appointment" });
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/qr-codes"));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("link", { name: "Show my code" })),
    );
  });

  it("switches between a person's codes of several groups", async () => {
    serve(() => [mine(), mine({ id: 6, group: 0, groupName: null, path: "/q/jopark42/0" })]);
    const user = userEvent.setup();
    const { router } = renderMine();
    const dialog = await screen.findByRole("dialog", { name: "Scan to book your appointment" });
    expect(within(dialog).getByRole("img", { name: /\/q\/jopark42\/1$/ })).toBeTruthy();
    await user.click(within(dialog).getByRole("radio", { name: "No group" }));
    expect(await within(dialog).findByRole("img", { name: /\/q\/jopark42\/0$/ })).toBeTruthy();
    expect(router.state.location.search).toBe("?group=0");
  });

  it("lets a lead generator with no code create one, their store and No group chosen, then shows it", async () => {
    let codes: QrCodeItem[] = [];
    const api = serve(() => codes, {
      [UPSERT]: ({ body }) => {
        codes = [mine({ ...(body as object), group: 0, groupName: null, path: "/q/jopark42/0" })];
        return codes[0];
      },
    });
    const user = userEvent.setup();
    renderMine();
    const form = await screen.findByRole("form", { name: "Create my code" });
    const store = within(form).getByRole("combobox", { name: /Store/ }) as HTMLInputElement;
    await waitFor(() => expect(store.value).toBe("Costco Wayne"));
    const group = within(form)
      .getAllByLabelText(/^Group/)
      .find((el) => el.tagName === "INPUT") as HTMLInputElement;
    expect(group.value).toBe("No group");
    // Theirs: no person to pick.
    expect(within(form).queryByRole("combobox", { name: /Lead generator/ })).toBeNull();

    await user.click(within(form).getByRole("button", { name: "Create my code" }));
    await waitFor(() =>
      expect(api.bodies(UPSERT)).toEqual([{ userId: 42, storeId: 12, group: 0, isActive: true }]),
    );
    const dialog = await screen.findByRole("dialog", { name: "Scan to book your appointment" });
    expect(
      within(dialog).getByRole("img", { name: "QR code for https://leads.example.com/q/jopark42/0" }),
    ).toBeTruthy();
  });

  it("says plainly that a stopped code is stopped, and draws no code", async () => {
    serve(() => [mine({ isLive: false })]);
    renderMine();
    const dialog = await screen.findByRole("dialog", { name: "Your code is stopped" });
    expect(within(dialog).getByText(/no longer an active member of this organization/)).toBeTruthy();
    expect(within(dialog).queryByRole("img")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Done" })).toBeTruthy();
  });

  it("offers to turn an inactive code back on", async () => {
    const api = serve(() => [mine({ isActive: false, isLive: false })], {
      [UPSERT]: ({ body }) => mine({ ...(body as object) }),
    });
    const user = userEvent.setup();
    renderMine();
    const dialog = await screen.findByRole("dialog", { name: "Your code is turned off" });
    await user.click(within(dialog).getByRole("button", { name: "Turn my code on" }));
    await waitFor(() =>
      expect(api.bodies(UPSERT)).toEqual([{ id: 5, userId: 42, storeId: 12, group: 1, isActive: true }]),
    );
  });

  it("tells someone who is not a lead generator that codes are lead generators'", async () => {
    session.set({ ...demoUser, roleId: 3 });
    const api = serve(() => []);
    renderMine();
    expect(await screen.findByText("Codes belong to lead generators")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to QR codes" }).getAttribute("href")).toBe("/qr-codes");
    expect(api.bodies(SEARCH)).toHaveLength(0);
  });
});
