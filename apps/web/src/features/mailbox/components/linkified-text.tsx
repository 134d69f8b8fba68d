import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence is not part of the link.
const TRAILING = /[.,;:!?)\]}]+$/;

/** The app's own path of a URL on this site, or null for another site. */
export function internalPath(href: string, origin = window.location.origin): string | null {
  try {
    const url = new URL(href);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Splits text into plain parts and links. */
export function splitLinks(text: string): ({ text: string } | { href: string })[] {
  const parts: ({ text: string } | { href: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const raw = m[0];
    const href = raw.replace(TRAILING, "");
    const start = m.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Plain text with its web addresses made clickable; links to this app open in the app. */
export function LinkifiedText({ text }: { text: string }): ReactNode {
  return splitLinks(text).map((part, i) => {
    if ("text" in part) return part.text;
    const path = internalPath(part.href);
    const key = `${i}-${part.href}`;
    return path ? (
      <Anchor key={key} component={Link} to={path} style={{ wordBreak: "break-all" }}>
        {part.href}
      </Anchor>
    ) : (
      <Anchor
        key={key}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        style={{ wordBreak: "break-all" }}
      >
        {part.href}
      </Anchor>
    );
  });
}
