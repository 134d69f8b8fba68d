import { z } from "zod";
import { idSchema, localDateSchema, textSchema } from "../common";

/**
 * What every labor list takes (docs/decisions/0040-labor.md): a period of store-local dates (a named range 1..10
 * resolved in the organization's zone, or `startDate`..`endDate` inclusive, which wins), and who and where.
 */

/** The longest custom period a labor list covers: a little over a year. */
export const LABOR_MAX_PERIOD_DAYS = 400;
export const LABOR_PERIOD_MESSAGE = `Choose a period of at most ${LABOR_MAX_PERIOD_DAYS} days`;

const ids = z.array(idSchema).max(500);

export const laborPeriodFields = {
  /** 1 (Today) .. 10 (Year Before Last), in the organization's time zone; This Week when nothing is given. */
  dateRange: z.number().int().min(1).max(10).nullish(),
  startDate: localDateSchema.nullish(),
  endDate: localDateSchema.nullish(),
};

export const laborFilterFields = {
  ...laborPeriodFields,
  userIds: ids.optional(),
  storeIds: ids.optional(),
  territoryIds: ids.optional(),
  /** A person's name (prefix of first or last name) or email prefix. */
  text: textSchema.trim().max(100).nullish(),
};

export const laborPaging = {
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
  sortDirection: z.enum(["asc", "desc"]).default("asc"),
};

/** A list's file: `csv` or `xlsx` answers the whole result as a download instead of a JSON page. */
export const laborFormat = z.enum(["json", "csv", "xlsx"]).default("json");

/** The period a list answered for, resolved (always echoed back, so a screen can title itself). */
export const resolvedPeriod = z.object({ startDate: z.string(), endDate: z.string() });

/** An instant as the API writes it (ISO 8601 with offset). */
export const instantSchema = z.iso.datetime({ offset: true });

/** A person's reason for a change: required wherever a record is corrected. */
export const reasonSchema = textSchema
  .trim()
  .min(3, "Say why (at least 3 characters): the audit trail keeps it")
  .max(500, "Keep the reason under 500 characters");
