/** `npm run docs:openapi`: writes docs/api/openapi.json (a unit test checks it is current). */
import fs from "node:fs";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";

fs.mkdirSync("docs/api", { recursive: true });
fs.writeFileSync("docs/api/openapi.json", `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log("Wrote docs/api/openapi.json");
