import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../../app/theme";
import { type CaptureIconChange, CaptureIconField, captureIconProblem } from "./capture-icon-field";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

function Field({ onValue }: { onValue: (v: CaptureIconChange) => void }) {
  const [value, setValue] = useState<CaptureIconChange>(undefined);
  return (
    <CaptureIconField
      userId={null}
      hasIcon={false}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

const renderField = (onValue = vi.fn()) => {
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <Field onValue={onValue} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onValue;
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe("CaptureIconField", () => {
  it("refuses a file that is not an image of the three types, or over 256 KB, before any upload", () => {
    expect(captureIconProblem({ type: "image/gif", size: 10 })).toBe("Use a PNG, JPEG or WebP image.");
    expect(captureIconProblem({ type: "image/png", size: 300 * 1024 })).toBe(
      "The image is 300 KB; use one of 256 KB at most.",
    );
    expect(captureIconProblem({ type: "image/webp", size: 256 * 1024 })).toBeNull();
  });

  it("says why a dropped file is refused and keeps the icon as it was", async () => {
    const onValue = renderField();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(300 * 1024)], "huge.png", { type: "image/png" });
    await userEvent.setup({ applyAccept: false }).upload(input, big);

    expect(await screen.findByText("The image is 300 KB; use one of 256 KB at most.")).toBeTruthy();
    expect(onValue).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("previews an accepted image and hands it to the form as base64", async () => {
    const onValue = renderField();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup().upload(input, new File([PNG], "me.png", { type: "image/png" }));

    await waitFor(() => expect(onValue).toHaveBeenCalled());
    const value = onValue.mock.calls[0][0] as Exclude<CaptureIconChange, null | undefined>;
    expect(value.contentType).toBe("image/png");
    expect(value.dataBase64).toMatch(/^data:image\/png;base64,/);
    expect(await screen.findByText("Saved with the form")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove the icon" })).toBeTruthy();
  });
});
