/** Reads a JSON body and validates it with a zod schema; a 400 with the issues when it does not fit. */
import type { z } from "zod";
import { isUuid } from "@/lib/schemas/uuid";
import { ApiError } from "./api-error";
import { readJsonBody } from "./read-json-body";

/** Whether the request carries a body at all (a Content-Type, or a non-zero Content-Length). */
function hasBody(request: Request): boolean {
  return request.headers.has("content-type") || Number(request.headers.get("content-length")) > 0;
}

/** `optional`: a request without a body is validated as `{}`. */
export async function parseBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  message = "The request body is not valid.",
  options: { optional?: boolean } = {},
): Promise<z.infer<Schema>> {
  const input = options.optional && !hasBody(request) ? {} : await readJsonBody(request);
  return validateBody(input, schema, message);
}

/** Validates a JSON body already read (withAuth's `sessionTokenIn`); a 400 with the issues when it does not fit. */
export function validateBody<Schema extends z.ZodType>(
  body: unknown,
  schema: Schema,
  message = "The request body is not valid.",
): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, message);
  return parsed.data;
}

export function uuidParam(value: string | undefined, what: string): string {
  if (!value || !isUuid(value)) {
    throw new ApiError("not_found", `No ${what} with that id.`);
  }
  return value.toLowerCase();
}
