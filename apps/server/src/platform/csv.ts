type Cell = string | number | boolean | null | undefined;

/**
 * RFC 4180 CSV with a header row and CRLF line ends. Text that a spreadsheet would run as a formula
 * (starting with = + - @ or a tab) is prefixed with an apostrophe.
 */
export function toCsv(header: string[], rows: Cell[][]): string {
  const cell = (v: Cell) => {
    if (v === null || v === undefined) return "";
    let s = String(v);
    if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return `${[header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}
