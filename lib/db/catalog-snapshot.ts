/**
 * A textual, order-independent description of a database's public schema (tables, columns, defaults,
 * constraints, indexes, enums, triggers, functions), used to prove that the committed migrations
 * produce exactly what prisma/schema.prisma describes.
 */
import type pg from "pg";

const CATALOG_QUERIES: Record<string, string> = {
  column: `select table_name || '.' || column_name || ' ' || data_type || '/' || udt_name || ' null=' || is_nullable || ' default=' || coalesce(column_default, '')
             from information_schema.columns where table_schema = 'public' and table_name <> '_prisma_migrations'`,
  constraint: `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
                 from pg_constraint where connamespace = 'public'::regnamespace and conrelid::regclass::text <> '_prisma_migrations'`,
  index: `select indexdef from pg_indexes where schemaname = 'public' and tablename <> '_prisma_migrations'`,
  enum: `select t.typname || ' ' || string_agg(e.enumlabel, ',' order by e.enumsortorder)
           from pg_type t join pg_enum e on e.enumtypid = t.oid
          where t.typnamespace = 'public'::regnamespace group by t.typname`,
  trigger: `select tgrelid::regclass::text || ' ' || pg_get_triggerdef(oid)
              from pg_trigger where not tgisinternal and tgrelid::regclass::text not like 'pg_%'`,
  function: `select p.proname || ' ' || md5(pg_get_functiondef(p.oid))
               from pg_proc p where p.pronamespace = 'public'::regnamespace`,
};

/** Returns sorted lines `<kind> <definition>` describing the public schema. */
export async function catalogSnapshot(client: pg.Client): Promise<string[]> {
  const lines: string[] = [];
  for (const [kind, sql] of Object.entries(CATALOG_QUERIES)) {
    const result = await client.query<Record<string, string>>(sql);
    for (const row of result.rows) lines.push(`${kind} ${Object.values(row)[0]}`);
  }
  return lines.sort();
}

/** Lines present in one snapshot and not the other. */
export function compareSnapshots(
  fromMigrations: string[],
  fromSchema: string[],
): { onlyInMigrations: string[]; onlyInSchema: string[] } {
  const migrationSet = new Set(fromMigrations);
  const schemaSet = new Set(fromSchema);
  return {
    onlyInMigrations: fromMigrations.filter((line) => !schemaSet.has(line)),
    onlyInSchema: fromSchema.filter((line) => !migrationSet.has(line)),
  };
}
