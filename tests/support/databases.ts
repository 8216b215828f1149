/**
 * Creating and removing throw-away databases for tests and the benchmark:
 * a fresh PGlite DATA_DIR under os.tmpdir(), or a fresh database on a PostgreSQL server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** The PostgreSQL admin URL: TEST_DATABASE_URL or the local default. */
export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
}

/** The reference data folder read by the importer (CLASSIFIER_DATA_DIR or ../shared/data). */
export function classifierDataDir(): string {
  return path.resolve(process.env.CLASSIFIER_DATA_DIR || path.join(import.meta.dirname, "..", "..", "..", "shared", "data"));
}

export function makeTempDataDir(prefix = "postavka-test-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * Creates `<prefix>_<purpose>_<unique>` on the server at `admin` and returns its URL; the prefix is
 * TEST_DATABASE_PREFIX (letters, digits, `_`), by default `postavka`, so that sessions sharing one
 * server can keep to names of their own. Fails with a message naming the server when it cannot be
 * reached, or when the prefix is not a plain name.
 */
export async function createPostgresDatabase(
  purpose: string,
  admin = adminUrl(),
  template?: string,
): Promise<{ url: string; name: string }> {
  const prefix = process.env.TEST_DATABASE_PREFIX || "postavka";
  if (!/^[a-z_][a-z0-9_]{0,30}$/i.test(prefix))
    throw new Error(`TEST_DATABASE_PREFIX must be letters, digits and _, not ${JSON.stringify(prefix)}`);
  const name = `${prefix}_${purpose}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${redact(admin)} (${error instanceof Error ? error.message : String(error)}). ` +
        "Start it or set TEST_DATABASE_URL to an admin URL of a PostgreSQL ≥ 15 server.",
    );
  }
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

export async function dropPostgresDatabase(name: string, admin = adminUrl()): Promise<void> {
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
