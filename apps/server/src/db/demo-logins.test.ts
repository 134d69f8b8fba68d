import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_LOGINS, DEMO_PASSWORD, demoLoginBanner } from "./demo-logins";

/** The emails of README.md's table of demo logins (`| \`email\` | who |`). */
function readmeDemoEmails(): string[] {
  const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
  const table = readme.slice(readme.indexOf("| email | who |"));
  expect(table.length, "README.md has no `| email | who |` table").toBeGreaterThan(0);
  const emails: string[] = [];
  for (const line of table.split("\n").slice(2)) {
    const m = /^\|\s*`([^`]+@[^`]+)`\s*\|/.exec(line);
    if (!m) break;
    emails.push(m[1]);
  }
  return emails;
}

describe("demo logins", () => {
  it("lists in DEMO_LOGINS (what the seed creates) every email of README.md's table, and no other", () => {
    const readme = readmeDemoEmails();
    expect(readme.length).toBeGreaterThanOrEqual(13);
    const listed = DEMO_LOGINS.map((l) => l.email);
    expect(readme.filter((e) => !listed.includes(e))).toEqual([]);
    expect(listed.filter((e) => !readme.includes(e))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("prints every one of them, with the password, in the start banner", () => {
    const banner = demoLoginBanner();
    expect(banner[0]).toContain(DEMO_PASSWORD);
    for (const email of readmeDemoEmails()) {
      expect(
        banner.some((line) => line.trim().startsWith(`${email} `)),
        email,
      ).toBe(true);
    }
    expect(banner).toHaveLength(DEMO_LOGINS.length + 1);
  });
});
