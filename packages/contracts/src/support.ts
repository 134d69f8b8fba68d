import { z } from "zod";
import { idSchema, okResponse, pageOf, pathIdSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";

/**
 * Support (docs/decisions/0041-notifications-and-support.md): documents and tutorials.
 * - Service-provider documents belong to one organization; its Admins manage them.
 * - Product documents (the spec's `wingen` documents) and tutorials are the platform's; Super Admins manage them.
 * - Everyone in an organization reads all three.
 *
 * An upsert is `multipart/form-data`: the fields below as form fields and the file as the `file` part. A JSON body
 * (the fields only) changes a document's or tutorial's words without replacing its file. Files are checked by their
 * content, not their name; a download keeps the file's name with its extension in lower case (the spec's rule),
 * through a link that cannot be guessed and expires.
 */

/** The largest document. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
/** The largest tutorial video. */
export const TUTORIAL_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** How long a download or preview link works. */
export const FILE_LINK_MINUTES = 15;
/** The form field that carries the file of an upsert. */
export const UPLOAD_FILE_FIELD = "file";

/** What a document may be, checked by content: its media type and the extensions a name may carry for it. */
export const DOCUMENT_TYPES = [
  { contentType: "application/pdf", extensions: ["pdf"], label: "PDF" },
  { contentType: "image/png", extensions: ["png"], label: "PNG image" },
  { contentType: "image/jpeg", extensions: ["jpg", "jpeg"], label: "JPEG image" },
  { contentType: "image/gif", extensions: ["gif"], label: "GIF image" },
  { contentType: "image/webp", extensions: ["webp"], label: "WebP image" },
  {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
    label: "Word document",
  },
  {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extensions: ["xlsx"],
    label: "Excel workbook",
  },
  {
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extensions: ["pptx"],
    label: "PowerPoint presentation",
  },
  { contentType: "text/plain", extensions: ["txt"], label: "text file" },
  { contentType: "text/csv", extensions: ["csv"], label: "CSV file" },
] as const;

/** What a tutorial's uploaded video may be. */
export const VIDEO_TYPES = [
  { contentType: "video/mp4", extensions: ["mp4", "m4v"], label: "MP4 video" },
  { contentType: "video/webm", extensions: ["webm"], label: "WebM video" },
  { contentType: "video/quicktime", extensions: ["mov"], label: "QuickTime video" },
] as const;

/** Media types a browser shows in place (the preview). */
export const PREVIEWABLE_TYPES: readonly string[] = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "text/plain",
];

export const DOCUMENT_KINDS = ["serviceProvider", "product"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A stored file as a list shows it, with links made for the caller. */
export const fileItem = z.object({
  /** The name it downloads under: as uploaded, the extension in lower case. */
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Downloads the file (`Content-Disposition: attachment`); works for `FILE_LINK_MINUTES`. */
  downloadUrl: z.string(),
  /** Shows it in the browser (`inline`); null when the browser cannot show this type. */
  previewUrl: z.string().nullable(),
  /** When the links stop working. */
  linksExpireAt: z.string(),
});
export type FileItem = z.infer<typeof fileItem>;

export const documentItem = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  /** The owning organization; null for product documents. */
  organizationId: z.number().int().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  file: fileItem,
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentItem>;

const listRequest = z.object({
  search: textSchema.trim().max(200, "Use at most 200 characters").nullish(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});

export const documentSearchRequest = listRequest;
export const documentSearchResponse = pageOf(documentItem).extend({
  /** The caller may upload, change and delete documents of this kind. */
  canManage: z.boolean(),
});

/** A form field is text: numbers arrive as strings in `multipart/form-data`. */
const formId = z.coerce.number<unknown>().pipe(idSchema);

export const documentUpsertRequest = z.object({
  /** Absent to add a document (a file is then required); present to change one. */
  id: formId.optional(),
  title: textSchema.trim().min(1, "Give the document a title").max(200, "Use at most 200 characters"),
  description: textSchema.trim().max(2_000, "Use at most 2,000 characters").nullish(),
});
export type DocumentUpsertRequest = z.input<typeof documentUpsertRequest>;

export const tutorialItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  /** An uploaded video, or a link to one (exactly one of them). */
  video: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("file"), file: fileItem }),
    z.object({
      kind: z.literal("link"),
      url: z.string(),
      /** A player address for known hosts (YouTube, Vimeo); null to open the link itself. */
      embedUrl: z.string().nullable(),
    }),
  ]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TutorialItem = z.infer<typeof tutorialItem>;

export const tutorialSearchResponse = pageOf(tutorialItem).extend({ canManage: z.boolean() });

export const tutorialUpsertRequest = z.object({
  id: formId.optional(),
  title: textSchema.trim().min(1, "Give the tutorial a title").max(200, "Use at most 200 characters"),
  description: textSchema.trim().max(2_000, "Use at most 2,000 characters").nullish(),
  sortOrder: z.coerce
    .number<unknown>()
    .pipe(z.number().int("Use a whole number").min(0, "Use 0 or more").max(10_000, "Use at most 10,000"))
    .default(0),
  /** A link to the video (https), when no file is uploaded. */
  videoUrl: textSchema
    .trim()
    .max(2_000, "Use at most 2,000 characters")
    .regex(/^https:\/\/\S+$/, "Use a web address that starts with https://")
    .nullish(),
});
export type TutorialUpsertRequest = z.input<typeof tutorialUpsertRequest>;

const idParams = z.object({ id: pathIdSchema() });

export const supportApi = {
  serviceProviderDocuments: endpoint({
    name: "support.documentsServiceProvider",
    method: "POST",
    path: "/api/support/documents/service-provider",
    auth: "tenant",
    summary: "The organization's service-provider documents, with download and preview links for the caller.",
    body: documentSearchRequest,
    response: documentSearchResponse,
  }),
  productDocuments: endpoint({
    name: "support.documentsWingen",
    method: "POST",
    path: "/api/support/documents/wingen",
    auth: "tenant",
    summary: "The platform's product documents, with download and preview links for the caller.",
    body: documentSearchRequest,
    response: documentSearchResponse,
  }),
  serviceProviderUpsert: endpoint({
    name: "support.documentsServiceProviderUpsert",
    method: "POST",
    path: "/api/support/documents/service-provider/upsert",
    auth: "tenant",
    summary:
      "Add or change a service-provider document of the organization (Admins): `multipart/form-data` with `id` (to change one), `title`, `description` and the `file` (required to add; checked by content: PDF, images, Office files, text; at most 25 MB). A JSON body changes the words only.",
    body: documentUpsertRequest,
    response: documentItem,
  }),
  productUpsert: endpoint({
    name: "support.documentsWingenUpsert",
    method: "POST",
    path: "/api/support/documents/wingen/upsert",
    auth: "tenant",
    summary:
      "Add or change a product document (Super Admins), as the service-provider upsert: `multipart/form-data` with the `file`, or JSON for the words only.",
    body: documentUpsertRequest,
    response: documentItem,
  }),
  tutorials: endpoint({
    name: "support.tutorials",
    method: "POST",
    path: "/api/support/tutorials",
    auth: "tenant",
    summary: "Tutorials in their order, each with its video (an uploaded file's links, or the link given).",
    body: listRequest,
    response: tutorialSearchResponse,
  }),
  tutorialUpsert: endpoint({
    name: "support.tutorialUpsert",
    method: "POST",
    path: "/api/support/tutorial/upsert",
    auth: "tenant",
    summary:
      "Add or change a tutorial (Super Admins): `multipart/form-data` with `title`, `description`, `sortOrder` and either a video `file` (MP4, WebM or QuickTime, at most 200 MB) or `videoUrl`; JSON without a file.",
    body: tutorialUpsertRequest,
    response: tutorialItem,
  }),
  documentDelete: endpoint({
    name: "support.documentsById",
    method: "DELETE",
    path: "/api/support/documents/{id}",
    auth: "tenant",
    summary:
      "Delete a document and its file: a service-provider document of the organization (Admins) or a product document (Super Admins).",
    params: idParams,
    response: okResponse,
  }),
  tutorialDelete: endpoint({
    name: "support.tutorialById.delete",
    method: "DELETE",
    path: "/api/support/tutorial/{id}",
    auth: "tenant",
    summary: "Delete a tutorial and its uploaded video (Super Admins).",
    params: idParams,
    response: okResponse,
  }),
  file: endpoint({
    name: "support.files",
    method: "GET",
    path: "/api/support/files/{token}",
    auth: "public",
    summary:
      "A document's or tutorial's file through a link a list made: the token names the file, how to show it and when it expires, signed by the server. An unknown, altered or expired token answers 404.",
    params: z.object({ token: z.string().min(1).max(400) }),
    response: z.string().describe("the file's bytes"),
  }),
} as const;
