/**
 * Helpers for the company-profile API tests: users signed in by a token (a `users` row and an
 * access token signed with the API's own keys), JSON and multipart calls, test pictures and
 * documents (./files.ts), and a real INN from ../shared/data/companies that no company in the database uses yet.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { signAccessToken } from "#server/auth/tokens.ts";
import { legalEntities, users, type UserRole } from "#server/db/schema.ts";
import { openTestApi, type TestApi, type TestApiOptions } from "./api.ts";

export { docxDocument, elfExecutable, jpegPhoto, pdfDocument, pngPicture, windowsExecutable, xlsxDocument, zipArchive } from "./files.ts";

/**
 * A user signed in by a token, with the API calls they make: each request carries their access
 * token, so a test says who calls and what, not how the session travels.
 */
export interface TestUser {
  id: number;
  email: string;
  token: string;
  get<T = any>(url: string, headers?: Record<string, string>): Promise<Reply<T>>;
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  put<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  patch<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  delete<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  /** The `data` of the reply to a call that must succeed (200 or 201); throws with the reply otherwise. */
  ok<T = any>(method: string, url: string, body?: unknown): Promise<T>;
}

let counter = 0;

/** A unique e-mail address for this run. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-") || "user"}.${process.pid}.${Date.now().toString(36)}.${counter}@${TEST_DOMAIN}`;
}

/** Every address these tests create ends with this domain, so `cleanupProfileData` finds their rows. */
export const TEST_DOMAIN = "profile.test";

/**
 * Removes what the profile tests created: uploads of their users, companies their users belong to
 * or were invited to, and the users. One statement per call (the PGlite socket takes no multi-statement queries).
 */
export async function cleanupProfileData(api: TestApi): Promise<void> {
  const like = `%@${TEST_DOMAIN}`;
  for (const statement of [
    sql`delete from companies where id in (select m.company_id from company_members m join users u on u.id = m.user_id where u.email like ${like})
        or id in (select company_id from company_members where invited_email like ${like})`,
    sql`delete from files where uploaded_by in (select id from users where email like ${like})`,
    sql`delete from users where email like ${like}`,
  ]) {
    await api.db.execute(statement);
  }
}

/**
 * The test API of a file whose tests create users and companies (`openTestApi`), with what earlier
 * runs left behind removed first (`cleanupProfileData`), so counts and searches see only this run's rows.
 */
export async function openProfileApi(options?: TestApiOptions): Promise<TestApi> {
  const api = await openTestApi(options);
  await cleanupProfileData(api);
  return api;
}

/**
 * The `afterAll` of `openProfileApi`: removes the file's users and companies and closes the API.
 * Takes `undefined` (the API never opened because an earlier set-up step failed) and does nothing.
 */
export async function closeProfileApi(api: TestApi | undefined): Promise<void> {
  if (!api) return;
  await cleanupProfileData(api);
  await api.close();
}

/**
 * Vitest's `test` for profile API test files, with the file's test API as the file-scoped fixture
 * `api`: opened by `openProfileApi` when the file's first test asks for it, cleaned and closed by
 * `closeProfileApi` after the file. A file adds the users and companies its tests share as more
 * file-scoped fixtures (`.extend(name, { scope: "file" }, …)`), each set up once, like a `beforeAll`.
 */
// oxlint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern; the API has none
export const profileTest = test.extend("api", { scope: "file" }, async ({}, { onCleanup }) => {
  const api = await openProfileApi();
  onCleanup(() => closeProfileApi(api));
  return api;
});

/** Inserts a user and signs an access token for them. */
export async function createUser(
  api: TestApi,
  label: string,
  options: { role?: UserRole; locale?: "ru" | "en" | "zh"; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(label);
  const [row] = await api.db
    .insert(users)
    .values({
      email,
      firstName: label,
      lastName: "Тестов",
      role: options.role ?? "USER",
      locale: options.locale ?? "ru",
      acceptedTermsAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await signAccessToken(api.auth.keys, { userId: row!.id, role: options.role ?? "USER" }, new Date());
  return signedIn(api, { id: row!.id, email, token });
}

/** `person` acting through the API with their `token` (a user made elsewhere, or a token signed anew). */
export function signedIn(api: TestApi, person: { id: number; email: string; token: string }): TestUser {
  const { id, email, token } = person;
  return {
    id,
    email,
    token,
    get: (url, headers) => call(api, "GET", url, undefined, token, headers),
    post: (url, body, headers) => call(api, "POST", url, body, token, headers),
    put: (url, body, headers) => call(api, "PUT", url, body, token, headers),
    patch: (url, body, headers) => call(api, "PATCH", url, body, token, headers),
    delete: (url, body, headers) => call(api, "DELETE", url, body, token, headers),
    ok: (method, url, body) => callOk(api, method, url, body, token),
  };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON call; `body` is sent as JSON unless it is a string (sent raw) or FormData. */
export async function call<T = any>(
  api: Pick<TestApi, "app">,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers } };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers["content-type"] ??= "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await api.app.request(url, init);
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    throw new Error(`${method} ${url} → ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Expects `reply` to be a refusal with `status` and the error envelope's `code` (one assertion: a failure shows both). */
export function expectError(reply: Reply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body?.error?.code }).toEqual({ status, code });
}

/**
 * The validation issues of a refusal (`error.issues` of the envelope) as `{ [path]: message }`, e.g.
 * `{ "okvedCodes.0": "invalid_format" }`: a test matches the fields it cares about and ignores the
 * order. A reply without issues gives `{}`.
 */
export function issuesByPath(reply: Reply): Record<string, string> {
  const issues: { path: string; message: string }[] = reply.body?.error?.issues ?? [];
  return Object.fromEntries(issues.map((i) => [i.path, i.message]));
}

/**
 * Who a request comes from, as the auth layer tells callers apart: an access token, a refresh cookie,
 * the client's address (`x-client-ip`, as the proxy in front of the API sets it), user agent and
 * device fingerprint.
 */
export interface Caller {
  token?: string;
  cookie?: string;
  ip?: string;
  ua?: string;
  fingerprint?: string;
}

/** A JSON call (`call`, with `content-type: application/json` even without a body) from `caller`, whose parts travel as headers. */
export function callAs<T = any>(api: Pick<TestApi, "app">, caller: Caller, method: string, url: string, body?: unknown): Promise<Reply<T>> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (caller.ua) headers["user-agent"] = caller.ua;
  if (caller.ip) headers["x-client-ip"] = caller.ip;
  if (caller.cookie) headers.cookie = caller.cookie;
  if (caller.fingerprint) headers.fingerprint = encodeURIComponent(caller.fingerprint);
  return call(api, method, url, body, caller.token, headers);
}

/**
 * The `data` of the reply to a call that must succeed; a refusal throws with its status and body, so
 * a set-up step that fails says why instead of failing later on a missing id.
 */
export async function callOk<T = any>(api: TestApi, method: string, url: string, body: unknown, token: string | undefined): Promise<T> {
  const reply = await call(api, method, url, body, token);
  // 200 and 201 are the API's only successes with a body; anything else is not what a set-up step wanted.
  if (reply.status !== 200 && reply.status !== 201) throw new Error(`${method} ${url} → ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data as T;
}

/**
 * `owner` creates their company with the card `card` (POST /api/profile/company: `name` and the
 * other fields of the form); the new company's id. Throws with the reply unless the API answers 201.
 */
export async function createCompany(owner: TestUser, card: { name: Record<string, string> } & Record<string, unknown>): Promise<number> {
  const created = await owner.post("/api/profile/company", card);
  if (created.status !== 201) throw new Error(`POST /api/profile/company → ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data.id as number;
}

/** A user who owns a company, with the company's id. */
export interface Supplier extends TestUser {
  companyId: number;
}

/** A new user (`createUser` with `label`) who creates their company with the card `card` (`createCompany`). */
export async function createSupplier(api: TestApi, label: string, card: Parameters<typeof createCompany>[1]): Promise<Supplier> {
  const owner = await createUser(api, label);
  return { ...owner, companyId: await createCompany(owner, card) };
}

/**
 * Adds an organisation (kind `legal`) with `entity`'s INN and full name to the company of the
 * user whose access token is `token`; the reply of POST /api/profile/company/legal-entities.
 */
export function addLegalEntity(api: TestApi, entity: { inn: string; nameFull: string }, token: string): Promise<Reply> {
  return call(api, "POST", "/api/profile/company/legal-entities", { kind: "legal", inn: entity.inn, nameFull: entity.nameFull }, token);
}

/** A multipart body with `file` (bytes, name, declared type) and extra string fields. */
export function multipart(
  bytes: Uint8Array,
  name: string,
  type = "application/octet-stream",
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.set("file", new File([Buffer.from(bytes)], name, { type }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/** Real legal entities (FNS open data, ../shared/data/companies/rsmp_legal_entities.csv). */
export function realLegalEntities(dataDir: string): { inn: string; nameFull: string; nameShort: string }[] {
  const text = readFileSync(path.join(dataDir, "companies", "rsmp_legal_entities.csv"), "utf8");
  const out: { inn: string; nameFull: string; nameShort: string }[] = [];
  for (const line of text.split("\n").slice(1)) {
    // inn, ogrn, "name_full", "name_short", … — the first four fields, quoted with doubled quotes.
    const match = line.match(/^(\d{10}),[^,]*,"((?:[^"]|"")*)","((?:[^"]|"")*)"/);
    if (match) out.push({ inn: match[1]!, nameFull: match[2]!.replace(/""/g, '"'), nameShort: match[3]!.replace(/""/g, '"') });
  }
  return out;
}

/** Real entities whose INN no legal entity in the database has yet (the demo seed uses some). */
export async function freeRealEntities(api: TestApi, count: number, skip = 0) {
  const all = realLegalEntities(api.dataDir).slice(skip);
  const taken = new Set(
    (
      await api.db
        .select({ inn: legalEntities.inn })
        .from(legalEntities)
        .where(
          inArray(
            legalEntities.inn,
            all.slice(0, 400).map((e) => e.inn),
          ),
        )
    ).map((r) => r.inn),
  );
  return all
    .slice(0, 400)
    .filter((e) => !taken.has(e.inn))
    .slice(0, count);
}
