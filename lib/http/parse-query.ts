/** Validates a request's query string with a zod schema; a 400 with the issues when it does not fit. */
import type { z } from "zod";
import { ApiError } from "./api-error";

export function parseQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.infer<Schema> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "The query string is not valid.");
  return parsed.data;
}
