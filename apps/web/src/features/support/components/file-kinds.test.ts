import { describe, expect, it } from "vitest";
import { DOCUMENT_RULE, fileProblem, fileTypeLabel, formatBytes, VIDEO_RULE } from "./file-kinds";

const MB = 1024 * 1024;

describe("file kinds", () => {
  it("writes sizes as people read them", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(900)).toBe("900 bytes");
    expect(formatBytes(48_300)).toBe("47.2 KB");
    expect(formatBytes(Math.round(1.2 * MB))).toBe("1.2 MB");
    expect(formatBytes(25 * MB)).toBe("25 MB");
    expect(formatBytes(3 * 1024 * MB)).toBe("3 GB");
  });

  it("takes a document by its extension in any case and up to 25 MB exactly", () => {
    expect(fileProblem({ name: "Report.XLSX", size: 10 }, DOCUMENT_RULE)).toBeNull();
    expect(fileProblem({ name: "photo.jpeg", size: 25 * MB }, DOCUMENT_RULE)).toBeNull();
    expect(fileProblem({ name: "photo.jpeg", size: 25 * MB + 1 }, DOCUMENT_RULE)).toBe(
      "The file is just over 25 MB; the most a document can be is 25 MB.",
    );
    expect(fileProblem({ name: "scan.pdf", size: Math.round(31.2 * MB) }, DOCUMENT_RULE)).toBe(
      "The file is 31.2 MB; the most a document can be is 25 MB.",
    );
    expect(fileProblem({ name: "README", size: 10 }, DOCUMENT_RULE)).toMatch(
      /^“README” cannot be a document\./,
    );
    expect(fileProblem({ name: "empty.txt", size: 0 }, DOCUMENT_RULE)).toBe(
      "The file is empty. Choose another one.",
    );
  });

  it("takes a video of the three kinds up to 200 MB", () => {
    expect(fileProblem({ name: "intro.m4v", size: 200 * MB }, VIDEO_RULE)).toBeNull();
    expect(fileProblem({ name: "intro.avi", size: 10 }, VIDEO_RULE)).toBe(
      "“intro.avi” cannot be a video. Choose one of these kinds: MP4 video, WebM video, QuickTime video.",
    );
  });

  it("names a stored file's type, or its extension when the type is not one it knows", () => {
    expect(fileTypeLabel("application/pdf", "a.pdf")).toBe("PDF");
    expect(fileTypeLabel("text/plain", "a.txt")).toBe("Text file");
    expect(fileTypeLabel("application/zip", "bundle.zip")).toBe("ZIP");
    expect(fileTypeLabel("application/octet-stream", "noext")).toBe("File");
  });
});
