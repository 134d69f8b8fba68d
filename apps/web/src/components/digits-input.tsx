import { TextInput, type TextInputProps } from "@mantine/core";
import { useUncontrolled } from "@mantine/hooks";
import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";

export const onlyDigits = (text: string) => text.replace(/\D+/g, "");

export type DigitsInputProps = Omit<TextInputProps, "value" | "defaultValue" | "onChange" | "type"> & {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
};

// Keys that edit or move rather than type a character.
const isControlKey = (e: KeyboardEvent) => e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1;

/**
 * A numeric-only input: typing accepts digits only (docs/spec/product-spec.md, §5 Validation rules), and
 * paste keeps only the digits.
 */
export function DigitsInput({
  value,
  defaultValue,
  onChange,
  onKeyDown,
  onPaste,
  maxLength,
  ...rest
}: DigitsInputProps) {
  const [current, setCurrent] = useUncontrolled({ value, defaultValue, finalValue: "", onChange });
  const ref = useRef<HTMLInputElement>(null);

  const commit = (next: string) => {
    const digits = onlyDigits(next);
    setCurrent(maxLength && maxLength > 0 ? digits.slice(0, maxLength) : digits);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (!e.defaultPrevented && !isControlKey(e) && !/^\d$/.test(e.key)) e.preventDefault();
  };

  const handlePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(e);
    if (e.defaultPrevented) return;
    e.preventDefault();
    const input = e.currentTarget;
    const pasted = onlyDigits(e.clipboardData.getData("text"));
    const start = input.selectionStart ?? current.length;
    const end = input.selectionEnd ?? current.length;
    let next = current.slice(0, start) + pasted + current.slice(end);
    if (maxLength && maxLength > 0) next = next.slice(0, maxLength);
    setCurrent(next);
    const caret = Math.min(start + pasted.length, next.length);
    requestAnimationFrame(() => ref.current?.setSelectionRange(caret, caret));
  };

  return (
    <TextInput
      {...rest}
      ref={ref}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete={rest.autoComplete ?? "off"}
      maxLength={maxLength}
      value={current}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      // Autofill, drag and drop and IME input bypass keydown; whatever arrives is cleaned here.
      onChange={(e) => commit(e.currentTarget.value)}
    />
  );
}
