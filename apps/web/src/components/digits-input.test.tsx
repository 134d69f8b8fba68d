import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../test/render";
import { DigitsInput, onlyDigits } from "./digits-input";

function Controlled({ onValue, maxLength }: { onValue?: (v: string) => void; maxLength?: number }) {
  const [value, setValue] = useState("");
  return (
    <DigitsInput
      label="ZIP code"
      value={value}
      maxLength={maxLength}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe("DigitsInput", () => {
  it("accepts digits typed and refuses every other key press", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Controlled />);
    const input = screen.getByLabelText("ZIP code") as HTMLInputElement;

    await user.type(input, "1a2-b 3.e4+");

    expect(input.value).toBe("1234");
  });

  it("prevents the default action of a non-digit keydown only", () => {
    renderWithMantine(<Controlled />);
    const input = screen.getByLabelText("ZIP code");
    expect(fireEvent.keyDown(input, { key: "x" })).toBe(false);
    expect(fireEvent.keyDown(input, { key: "7" })).toBe(true);
    // Editing and shortcuts still work.
    expect(fireEvent.keyDown(input, { key: "Backspace" })).toBe(true);
    expect(fireEvent.keyDown(input, { key: "ArrowLeft" })).toBe(true);
    expect(fireEvent.keyDown(input, { key: "v", ctrlKey: true })).toBe(true);
  });

  it("keeps only the digits of pasted text", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithMantine(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText("ZIP code") as HTMLInputElement;

    await user.click(input);
    await user.paste("(201) 555-0142");

    expect(input.value).toBe("2015550142");
    expect(onValue).toHaveBeenLastCalledWith("2015550142");
  });

  it("strips non-digits that arrive another way (autofill) and respects maxLength", () => {
    renderWithMantine(<Controlled maxLength={5} />);
    const input = screen.getByLabelText("ZIP code") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "07O30-1234" } });
    expect(input.value).toBe("07301");
  });

  it("works uncontrolled and offers the numeric keyboard", async () => {
    const user = userEvent.setup();
    renderWithMantine(<DigitsInput label="Count" defaultValue="1" />);
    const input = screen.getByLabelText("Count") as HTMLInputElement;
    await user.type(input, "x2");
    expect(input.value).toBe("12");
    expect(input.getAttribute("inputmode")).toBe("numeric");
  });

  it("onlyDigits drops everything but 0-9", () => {
    expect(onlyDigits("a1 b2\t3٤")).toBe("123");
  });
});
