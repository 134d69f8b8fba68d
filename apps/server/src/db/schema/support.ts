import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { organizations, tenantKey, timestamps } from "./organizations";
import { users } from "./users";

/**
 * Support (docs/decisions/0041-notifications-and-support.md): stored files, documents and tutorials.
 *
 * A file's bytes live in the storage (the data folder, or an S3-compatible bucket) under `storage_key`, a random
 * name; this row is what the product knows of it. `organization_id` is null for the platform's files (product
 * documents, tutorial videos).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id").references(() => organizations.id),
    storageKey: text("storage_key").notNull().unique("stored_files_storage_key_unique"),
    /** The name as uploaded (a download lower-cases its extension). */
    fileName: text("file_name").notNull(),
    /** Found from the content, not the name. */
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stored_files_org_idx").on(t.organizationId),
    // What a document's tenant key points at (decision 0022).
    unique("stored_files_org_id_key").on(t.organizationId, t.id),
  ],
);

/** A document: a service provider's (one organization's) or a product document (the platform's). */
export const supportDocuments = pgTable(
  "support_documents",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<"serviceProvider" | "product">().notNull(),
    organizationId: integer("organization_id").references(() => organizations.id),
    title: text("title").notNull(),
    description: text("description"),
    /**
     * The document's file, as a tenant key `(organization_id, file_id)` (decision 0022): a service provider's
     * document cannot name another organization's file. A product document's (organization null) is not checked
     * by the database (MATCH SIMPLE); the service writes the two rows together.
     */
    fileId: bigint("file_id", { mode: "number" }).notNull(),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("support_documents_org_kind_idx").on(t.organizationId, t.kind, t.title),
    tenantKey("support_documents_file_id_tenant_fk", [t.organizationId, t.fileId], storedFiles),
    check(
      "support_documents_owner_check",
      sql`(${t.kind} = 'serviceProvider' and ${t.organizationId} is not null) or (${t.kind} = 'product' and ${t.organizationId} is null)`,
    ),
  ],
);

/** A tutorial (the platform's): an uploaded video or a link to one. */
export const tutorials = pgTable(
  "tutorials",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    videoFileId: bigint("video_file_id", { mode: "number" }).references(() => storedFiles.id),
    videoUrl: text("video_url"),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("tutorials_order_idx").on(t.sortOrder, t.id),
    check("tutorials_video_check", sql`(${t.videoFileId} is null) <> (${t.videoUrl} is null)`),
  ],
);
