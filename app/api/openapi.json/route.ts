// GET /api/openapi.json - the OpenAPI document, generated from the zod schemas the handlers use
import { apiHandler } from "@/lib/http/api-handler";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";

export const GET = apiHandler("public", async () => Response.json(buildOpenApiDocument()));
