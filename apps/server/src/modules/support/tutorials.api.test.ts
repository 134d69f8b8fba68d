import { refusalOf, type TutorialItem, type tutorialSearchResponse } from "@fieldlead/contracts";
import { parse as parseDisposition } from "content-disposition";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestApp, type TestApp } from "../../../test/harness";
import { ok, samples, supportTestKit, tempDataDir } from "./support.test-support";

// Tutorials (issue #16, docs/decisions/0041): the platform's, in their order; a video uploaded (checked by
// content, at most TUTORIAL_VIDEO_MAX_BYTES, lowered here) or a link, with a player address for YouTube and
// Vimeo; managed by Super Admins only.

type TutorialList = z.infer<typeof tutorialSearchResponse>;

let t: TestApp;
const k = supportTestKit(() => t);
const data = tempDataDir();
/** The video limit, injectable so that the test need not send 200 MB. */
const VIDEO_LIMIT = 8 * 1024;
const LIST = "/api/support/tutorials";
const UPSERT = "/api/support/tutorial/upsert";

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: data.dir, uploadLimits: { videoBytes: VIDEO_LIMIT } } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  data.cleanup();
});

const list = async (email: string, body: Record<string, unknown> = {}) =>
  ok<TutorialList>(await k.inject(await k.as(email), "POST", LIST, body));

describe("the list", () => {
  it("shows the demo's tutorials in their order to everyone, with the players of their links", async () => {
    const lg = await list("lg@demo.local");
    expect(lg.canManage).toBe(false);
    expect(lg.items.map((x) => [x.title, x.sortOrder, x.video])).toEqual([
      [
        "Capturing a lead at the store",
        10,
        {
          kind: "link",
          url: "https://www.youtube.com/watch?v=jNQXAC9IVRw",
          embedUrl: "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw",
        },
      ],
      [
        "Punching in and out",
        20,
        {
          kind: "link",
          url: "https://vimeo.com/76979871",
          embedUrl: "https://player.vimeo.com/video/76979871",
        },
      ],
    ]);
    expect((await list("admin@demo.local")).canManage).toBe(false);
    expect((await list("superadmin@demo.local")).canManage).toBe(true);
    expect((await list("solar.admin@demo.local")).total).toBe(2);
    expect((await list("lg@demo.local", { search: "punch" })).items.map((x) => x.title)).toEqual([
      "Punching in and out",
    ]);
  });
});

describe("managing tutorials", () => {
  it("adds one with a link (a player for known hosts, none for others) and orders by sortOrder, then id", async () => {
    const sa = await k.as("superadmin@demo.local");
    const short = ok<TutorialItem>(
      await k.inject(sa, "POST", UPSERT, {
        title: "Booking from the drawer",
        sortOrder: 15,
        videoUrl: "https://youtu.be/jNQXAC9IVRw?t=3",
      }),
    );
    expect(short.video).toEqual({
      kind: "link",
      url: "https://youtu.be/jNQXAC9IVRw?t=3",
      embedUrl: "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw",
    });
    const other = ok<TutorialItem>(
      await k.upload(sa, UPSERT, {
        title: "Reading the schedule",
        videoUrl: "https://example.com/schedule.mp4",
      }),
    );
    expect(other).toMatchObject({
      sortOrder: 0,
      video: { kind: "link", url: "https://example.com/schedule.mp4", embedUrl: null },
    });
    const titles = (await list("lg@demo.local")).items.map((x) => x.title);
    expect(titles).toEqual([
      "Reading the schedule",
      "Capturing a lead at the store",
      "Booking from the drawer",
      "Punching in and out",
    ]);
  });

  it("uploads a video checked by its content, and streams it back", async () => {
    const sa = await k.as("superadmin@demo.local");
    const body = samples.mp4(4096);
    const added = ok<TutorialItem>(
      await k.upload(
        sa,
        UPSERT,
        { title: "Welcome", description: "Start here", sortOrder: 1 },
        { name: "Welcome.MP4", body },
      ),
    );
    expect(added.video.kind).toBe("file");
    if (added.video.kind !== "file") return;
    expect(added.video.file).toMatchObject({
      fileName: "Welcome.mp4",
      contentType: "video/mp4",
      sizeBytes: 4096,
      previewUrl: null,
    });
    const res = await k.inject(null, "GET", added.video.file.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(parseDisposition(String(res.headers["content-disposition"])).parameters.filename).toBe(
      "Welcome.mp4",
    );
    // A player seeks through ranges.
    const part = await t.app.inject({
      method: "GET",
      url: added.video.file.downloadUrl,
      headers: { range: "bytes=4-11" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("ftypmp42");
  });

  it("refuses a video over the limit with its message, a document as a video, both a file and a link, and neither", async () => {
    const sa = await k.as("superadmin@demo.local");
    const files = await k.fileCount();
    const big = await k.upload(
      sa,
      UPSERT,
      { title: "Long" },
      { name: "long.mp4", body: samples.mp4(VIDEO_LIMIT + 1) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("The file is larger than 8 KB, the most a tutorial video can be.");
    const pdf = await k.upload(
      sa,
      UPSERT,
      { title: "Slides" },
      { name: "slides.mp4", body: await samples.pdf() },
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(
      '"slides.mp4" is a PDF file by its content, which a tutorial video cannot be. A tutorial video may be an MP4 video, a WebM video or a QuickTime video.',
    );
    const renamed = await k.upload(
      sa,
      UPSERT,
      { title: "Setup" },
      { name: "setup.mov", body: samples.exe() },
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toMatch(/^"setup\.mov" is a Windows program by its content/);
    const both = await k.upload(
      sa,
      UPSERT,
      { title: "Both", videoUrl: "https://vimeo.com/1" },
      { name: "b.mp4", body: samples.mp4() },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({
      "body.videoUrl": ["Give either a video file or a link to one, not both."],
    });
    const neither = await k.inject(sa, "POST", UPSERT, { title: "Neither" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual({ "body.videoUrl": ["Upload the video, or give a link to it."] });
    const http = await k.inject(sa, "POST", UPSERT, { title: "Plain", videoUrl: "http://example.com/v.mp4" });
    expect(http.statusCode).toBe(400);
    expect(Object.keys(http.json().errors)).toEqual(["body.videoUrl"]);
    expect(await k.fileCount()).toBe(files);
  });

  it("changes the words and keeps the video; switches a file to a link (the file goes) and back", async () => {
    const sa = await k.as("superadmin@demo.local");
    const added = ok<TutorialItem>(
      await k.upload(sa, UPSERT, { title: "Switch", sortOrder: 5 }, { name: "s.webm", body: webm() }),
    );
    if (added.video.kind !== "file") throw new Error("expected a file");
    const key = async () =>
      (
        await k.one<{ key: string | null }>(
          "select f.storage_key as key from tutorials x left join stored_files f on f.id = x.video_file_id where x.id = $1",
          [added.id],
        )
      ).key;
    const fileKey = await key();
    expect(added.video.file.contentType).toBe("video/webm");
    const words = ok<TutorialItem>(
      await k.inject(sa, "POST", UPSERT, { id: added.id, title: "Switched", sortOrder: 6 }),
    );
    expect(words).toMatchObject({ title: "Switched", sortOrder: 6, video: { kind: "file" } });
    expect(await key()).toBe(fileKey);
    const linked = ok<TutorialItem>(
      await k.inject(sa, "POST", UPSERT, {
        id: added.id,
        title: "Switched",
        videoUrl: "https://vimeo.com/76979871/8a9b7c6d5e",
      }),
    );
    expect(linked.video).toEqual({
      kind: "link",
      url: "https://vimeo.com/76979871/8a9b7c6d5e",
      embedUrl: "https://player.vimeo.com/video/76979871?h=8a9b7c6d5e",
    });
    expect(await key()).toBeNull();
    await k.runRemovals();
    expect(await k.stored(fileKey as string)).toBe(false);
    const back = ok<TutorialItem>(
      await k.upload(sa, UPSERT, { id: added.id, title: "Switched" }, { name: "s.mov", body: quicktime() }),
    );
    expect(back.video).toMatchObject({
      kind: "file",
      file: { contentType: "video/quicktime", fileName: "s.mov" },
    });
  });

  it("deletes a tutorial and its video", async () => {
    const sa = await k.as("superadmin@demo.local");
    const added = ok<TutorialItem>(
      await k.upload(sa, UPSERT, { title: "Gone soon" }, { name: "g.mp4", body: samples.mp4() }),
    );
    const { key } = await k.one<{ key: string }>(
      "select f.storage_key as key from tutorials x join stored_files f on f.id = x.video_file_id where x.id = $1",
      [added.id],
    );
    const res = await k.inject(sa, "DELETE", `/api/support/tutorial/${added.id}`);
    expect(res.statusCode).toBe(200);
    expect(await k.rows("select 1 from tutorials where id = $1", [added.id])).toEqual([]);
    await k.runRemovals();
    expect(await k.stored(key)).toBe(false);
    expect((await k.inject(sa, "DELETE", `/api/support/tutorial/${added.id}`)).statusCode).toBe(404);
    const missing = await k.inject(sa, "POST", UPSERT, {
      id: 2_000_000,
      title: "X",
      videoUrl: "https://a.b/c",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The tutorial was not found.");
  });

  it("is the Super Admin's only: an Admin or a lead generator gets 403 with the refusal, and nothing is stored", async () => {
    const tutorial = (await list("lg@demo.local")).items[0];
    const files = await k.fileCount();
    for (const email of ["admin@demo.local", "lg@demo.local", "manager@demo.local"]) {
      const a = await k.as(email);
      const up = await k.upload(a, UPSERT, { title: "Mine" }, { name: "m.mp4", body: samples.mp4() });
      expect(up.statusCode, email).toBe(403);
      expect(up.json().message).toBe(refusalOf("platform.operate"));
      const change = await k.inject(a, "POST", UPSERT, {
        id: tutorial.id,
        title: "Mine",
        videoUrl: "https://a.b/c",
      });
      expect(change.statusCode, email).toBe(403);
      const del = await k.inject(a, "DELETE", `/api/support/tutorial/${tutorial.id}`);
      expect(del.statusCode, email).toBe(403);
      expect(del.json().message).toBe(refusalOf("platform.operate"));
    }
    expect(await k.fileCount()).toBe(files);
  });
});

/** A WebM header (EBML with the `webm` doc type). */
function webm(): Buffer {
  return Buffer.concat([
    Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102", "hex"),
    Buffer.alloc(512),
  ]);
}

/** A QuickTime header (`ftyp` with the `qt  ` brand). */
function quicktime(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x14]),
    Buffer.from("ftypqt  ", "latin1"),
    Buffer.alloc(4),
    Buffer.from("qt  ", "latin1"),
    Buffer.alloc(512),
  ]);
}
