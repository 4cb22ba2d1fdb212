// Prisma 7 reads its connection URL here, not from the schema or .env. `generate` needs no database,
// so an unset DATABASE_URL falls back to a placeholder; every real connection goes through lib/db.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://keel@127.0.0.1:54329/keel" },
});
