// GET /api/openapi.json - the OpenAPI document, generated from the zod schemas the handlers use
import { withAuth } from "@/lib/http/with-auth";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";

export const GET = withAuth({ public: true }, async () => Response.json(buildOpenApiDocument()));
