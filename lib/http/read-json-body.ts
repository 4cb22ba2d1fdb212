/**
 * Reads a JSON request body with a hard size limit (counted while streaming, so a lying or missing
 * Content-Length cannot get past it) and a clear error for every way it can be wrong.
 */
import { ApiError } from "./api-error";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

// One decoder for every body (decode without `stream` keeps no state between calls).
const utf8 = new TextDecoder("utf-8", { fatal: false });

export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/([a-z0-9.+-]*\+)?json\b/i.test(contentType)) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the body as JSON with Content-Type: application/json.",
    );
  }
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new ApiError("payload_too_large", `The request body is larger than ${maxBytes / 1024} KB.`);
  }
  if (!request.body) throw new ApiError("invalid_json", "The request body is empty; send a JSON object.");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ApiError("payload_too_large", `The request body is larger than ${maxBytes / 1024} KB.`);
    }
    chunks.push(value);
  }
  const text = utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  if (text.trim() === "")
    throw new ApiError("invalid_json", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
