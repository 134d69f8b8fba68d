import { screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { internalPath, LinkifiedText, splitLinks } from "./linkified-text";

describe("LinkifiedText", () => {
  it("splits text around web addresses, leaving sentence punctuation out", () => {
    expect(splitLinks("Open http://x.test/reset-password/Ab12. Thanks")).toEqual([
      { text: "Open " },
      { href: "http://x.test/reset-password/Ab12" },
      { text: ". Thanks" },
    ]);
  });

  it("knows a link of this app from another site's", () => {
    expect(internalPath("http://app.test/reset-password/X1?a=1", "http://app.test")).toBe(
      "/reset-password/X1?a=1",
    );
    expect(internalPath("https://other.test/", "http://app.test")).toBeNull();
  });

  it("makes the reset link clickable within the app and other links open in a new tab", () => {
    const origin = window.location.origin;
    const text = `Reset: ${origin}/reset-password/Abc123\nHelp: https://example.org/help`;
    const router = createMemoryRouter([{ path: "*", element: <LinkifiedText text={text} /> }]);
    renderWithMantine(<RouterProvider router={router} />);

    const reset = screen.getByRole("link", { name: `${origin}/reset-password/Abc123` });
    expect(reset.getAttribute("href")).toBe("/reset-password/Abc123");
    expect(reset.getAttribute("target")).toBeNull();
    const help = screen.getByRole("link", { name: "https://example.org/help" });
    expect(help.getAttribute("target")).toBe("_blank");
    expect(help.getAttribute("rel")).toContain("noopener");
  });
});
