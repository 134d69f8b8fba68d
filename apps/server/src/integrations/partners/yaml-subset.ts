/**
 * A reader of the YAML our hand-written OpenAPI files use (docs/integrations/*.openapi.yaml), so a test can
 * compare them with the code without a YAML dependency: block maps and sequences (two-space indents, a sequence
 * may sit at its key's indent), `|` and `>` block scalars, plain, 'single' and "double" quoted scalars, numbers,
 * booleans, null, and one-line flow sequences of scalars (`[a, b]`). Full-line comments are skipped. Anything
 * else (anchors, flow maps, multi-line flow) is refused with its line number rather than read wrongly.
 */

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s'"#&*!|>%@`{[\]-][^:]*?|-[^\s:][^:]*?)\s*:(?:\s+(.*))?$/;

export function parseYamlSubset(text: string): YamlValue {
  const lines = text.split(/\r?\n/);
  let i = 0;
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const fail = (why: string): never => {
    throw new Error(`YAML line ${i + 1}: ${why}`);
  };
  const skipBlank = () => {
    while (i < lines.length && (/^\s*$/.test(lines[i]) || /^\s*#/.test(lines[i]))) i++;
  };
  const isItem = (t: string) => t === "-" || t.startsWith("- ");

  function scalar(raw: string): YamlValue {
    const s = raw.trim();
    if (s.startsWith('"')) return JSON.parse(s) as string;
    if (s.startsWith("'")) {
      if (!s.endsWith("'") || s.length < 2) fail("unterminated quoted string");
      return s.slice(1, -1).replace(/''/g, "'");
    }
    if (s.startsWith("[")) {
      if (!s.endsWith("]")) fail("a flow sequence must fit on one line");
      const inner = s.slice(1, -1).trim();
      return inner
        ? (inner.match(/'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^,]+/g) ?? []).map((p) => scalar(p))
        : [];
    }
    if (s === "{}") return {};
    if (/^[{&*!%@`]/.test(s)) fail(`unsupported YAML: ${s}`);
    if (s === "true" || s === "false") return s === "true";
    if (s === "null" || s === "~") return null;
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
    return s;
  }

  /** `|` keeps the line breaks, `>` folds them into spaces; without `-` the text ends with one line break. */
  function blockScalar(parentIndent: number, folded: boolean, strip: boolean): string {
    const body: string[] = [];
    let blockIndent: number | null = null;
    while (i < lines.length && (/^\s*$/.test(lines[i]) || indentOf(lines[i]) > parentIndent)) {
      if (!/^\s*$/.test(lines[i])) blockIndent ??= indentOf(lines[i]);
      body.push(lines[i]);
      i++;
    }
    while (body.length && /^\s*$/.test(body[body.length - 1])) body.pop();
    const text = body.map((l) => l.slice(blockIndent ?? 0)).join("\n");
    const joined = folded ? text.replace(/([^\n])\n(?=[^\n])/g, "$1 ") : text;
    return strip || !joined ? joined : `${joined}\n`;
  }

  function value(rest: string | undefined, indent: number): YamlValue {
    const r = rest?.trim() ?? "";
    if (/^[|>][-+]?$/.test(r)) return blockScalar(indent, r.startsWith(">"), r.endsWith("-"));
    if (r !== "") return scalar(r);
    skipBlank();
    if (i >= lines.length) return null;
    const next = indentOf(lines[i]);
    const t = lines[i].trim();
    if (next > indent) return isItem(t) ? sequence(next) : map(next);
    if (next === indent && isItem(t)) return sequence(next);
    return null;
  }

  function map(indent: number): { [key: string]: YamlValue } {
    const out: { [key: string]: YamlValue } = {};
    for (;;) {
      skipBlank();
      if (i >= lines.length) return out;
      const ind = indentOf(lines[i]);
      const t = lines[i].trim();
      if (ind < indent || (ind === indent && isItem(t))) return out;
      if (ind > indent) fail("unexpected indentation");
      const m = KEY.exec(t);
      if (!m) fail(`expected "key: value", found: ${t}`);
      const rawKey = m![1];
      const key = rawKey.startsWith('"')
        ? (JSON.parse(rawKey) as string)
        : rawKey.startsWith("'")
          ? rawKey.slice(1, -1).replace(/''/g, "'")
          : rawKey;
      if (key in out) fail(`duplicate key ${key}`);
      i++;
      out[key] = value(m![2], indent);
    }
  }

  function sequence(indent: number): YamlValue[] {
    const out: YamlValue[] = [];
    for (;;) {
      skipBlank();
      if (i >= lines.length) return out;
      const ind = indentOf(lines[i]);
      const t = lines[i].trim();
      if (ind !== indent || !isItem(t)) {
        if (ind > indent) fail("unexpected indentation");
        return out;
      }
      const after = t === "-" ? "" : t.slice(2).trim();
      if (after === "") {
        i++;
        out.push(value("", indent));
      } else if (KEY.test(after)) {
        // `- key: value` opens a map whose other keys sit two columns in: read it as if it started there.
        lines[i] = `${" ".repeat(indent + 2)}${after}`;
        out.push(map(indent + 2));
      } else {
        i++;
        out.push(scalar(after));
      }
    }
  }

  skipBlank();
  const root = i < lines.length && isItem(lines[i].trim()) ? sequence(indentOf(lines[i])) : map(0);
  skipBlank();
  if (i < lines.length) fail("unexpected content");
  return root;
}
