import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { templateDatabaseName } from "./bench-database";

const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

function migrations(files: Record<string, string>): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "keel-bench-migrations-"));
  made.push(directory);
  for (const [folder, sql] of Object.entries(files)) {
    fs.mkdirSync(path.join(directory, folder));
    fs.writeFileSync(path.join(directory, folder, "migration.sql"), sql);
  }
  fs.writeFileSync(path.join(directory, "migration_lock.toml"), 'provider = "postgresql"\n');
  return directory;
}

describe("the bench template's name", () => {
  it("is a valid unquoted PostgreSQL name, the same for the same migrations", () => {
    const name = templateDatabaseName(migrations({ "1_init": "create table a (id int);" }));
    expect(name).toMatch(/^keel_bench_template_[0-9a-f]{16}$/);
    expect(name.length).toBeLessThan(64);
    expect(templateDatabaseName(migrations({ "1_init": "create table a (id int);" }))).toBe(name);
  });

  it("changes when a migration is edited, added or renamed, so a stale template is never cloned", () => {
    const base = templateDatabaseName(migrations({ "1_init": "create table a (id int);" }));
    const edited = templateDatabaseName(migrations({ "1_init": "create table a (id bigint);" }));
    const added = templateDatabaseName(
      migrations({ "1_init": "create table a (id int);", "2_more": "create table b (id int);" }),
    );
    const renamed = templateDatabaseName(migrations({ "1_first": "create table a (id int);" }));
    expect(new Set([base, edited, added, renamed]).size).toBe(4);
  });

  it("names the repository's own migrations", () => {
    expect(templateDatabaseName()).toMatch(/^keel_bench_template_[0-9a-f]{16}$/);
  });
});
