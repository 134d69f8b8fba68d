import { jsonDepth } from "@fieldlead/contracts";
import type { FastifyInstance } from "fastify";
import sjson from "secure-json-parse";
import { AppError } from "./errors";

/**
 * The deepest nesting of objects and arrays a JSON body may have, the body itself counting as one level.
 * Free-form JSON fields are bounded tighter by their schemas (`freeFormJson` in the contracts: 32 levels);
 * this bound is the backstop for every route, so that no body reaches code that recurses over it
 * (JSON.stringify and structuredClone overflow the stack at a few thousand levels) and turns it into a 500.
 */
export const MAX_BODY_DEPTH = 64;

export const NOT_UTF8_MESSAGE = "The request body is not valid UTF-8 text.";
export const NOT_JSON_MESSAGE = "The request body is not valid JSON.";
export const TOO_DEEP_MESSAGE = `Nested too deeply: a request body holds at most ${MAX_BODY_DEPTH} levels of objects and arrays`;

/** `fatal`: invalid bytes throw instead of becoming U+FFFD replacement characters that would be stored. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The 400 for a body nested too deeply, naming the top-level field that holds the deep part. */
function tooDeep(body: unknown): AppError {
  let field = "body";
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const deep = Object.entries(body).find(([, v]) => jsonDepth(v, MAX_BODY_DEPTH) >= MAX_BODY_DEPTH);
    if (deep) field = `body.${deep[0]}`;
  }
  return new AppError("too_deep", 400, `${field}: ${TOO_DEEP_MESSAGE}`, { [field]: [TOO_DEEP_MESSAGE] });
}

/**
 * The one JSON body parser: UTF-8 only (RFC 8259), an empty body counts as none (clients send DELETE with a
 * JSON content type and no body), no prototype pollution, at most {@link MAX_BODY_DEPTH} levels deep. Each
 * refusal is a 400 problem with a message a person can act on.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer).trim();
    } catch {
      return done(new AppError("bad_encoding", 400, NOT_UTF8_MESSAGE), undefined);
    }
    if (text === "") return done(null, undefined);
    let value: unknown;
    try {
      // JSON.parse does not recurse, so a deep body parses; its depth is then measured without recursion.
      value = sjson.parse(text, null, { protoAction: "error", constructorAction: "error" });
    } catch {
      return done(new AppError("bad_json", 400, NOT_JSON_MESSAGE), undefined);
    }
    if (jsonDepth(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) return done(tooDeep(value), undefined);
    done(null, value);
  });
}
