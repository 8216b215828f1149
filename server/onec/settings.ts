/**
 * The 1C exchange's settings page (contract/onec.ts; ADR 054): reads what the exchange stored in
 * `onec_settings` (price types, groups, warehouses 1C last sent; the company's choices), the
 * company's active API keys with what each may exchange, and the last imports; writes the chosen
 * price type and the group → category mapping, each checked against what exists (400
 * `invalid_body` naming the field; see the contract for the codes). The exchange reads both on its
 * next import (server/onec/catalog.ts).
 */
import { desc, eq, inArray } from "drizzle-orm";
import {
  ONEC_BITRIX_PATH,
  ONEC_EXCHANGE_PATH,
  ONEC_RECENT_IMPORTS,
  type OnecSettingsView,
  type UpdateOnecSettingsInput,
} from "#contract/onec.ts";
import type { Issue } from "#contract/errors.ts";
import type { Db } from "../db/client.ts";
import { categories, onecImports, onecSettings } from "../db/schema.ts";
import { listKeys } from "../api-keys/keys.ts";
import { DomainError } from "../errors.ts";

/** The site's address without a trailing slash, then the path. */
function urlOf(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}

/** The failure's parameters as stored (strings and numbers only; anything else is dropped). */
function paramsOf(details: Record<string, unknown> | null): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details ?? {})) if (typeof value === "string" || typeof value === "number") out[key] = value;
  return out;
}

/** Everything the page shows for `companyId`; `publicUrl` is the site's address (PUBLIC_URL). */
export async function readOnecSettings(db: Db, companyId: number, publicUrl: string): Promise<OnecSettingsView> {
  const [settings] = await db.select().from(onecSettings).where(eq(onecSettings.companyId, companyId)).limit(1);
  const keys = (await listKeys(db, { companyId })).filter((k) => k.status === "active");
  const imports = await db
    .select()
    .from(onecImports)
    .where(eq(onecImports.companyId, companyId))
    .orderBy(desc(onecImports.id))
    .limit(ONEC_RECENT_IMPORTS);
  return {
    exchangeUrl: urlOf(publicUrl, ONEC_EXCHANGE_PATH),
    bitrixUrl: urlOf(publicUrl, ONEC_BITRIX_PATH),
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      status: k.status,
      expiresAt: k.expiresAt,
      lastUsedAt: k.lastUsedAt,
      catalog: k.scopes.includes("products:write"),
      orders: k.scopes.includes("orders"),
    })),
    priceTypes: settings?.priceTypes ?? [],
    groups: settings?.groups ?? [],
    warehouses: settings?.warehouses ?? [],
    priceTypeId: settings?.priceTypeId ?? null,
    groupCategories: settings?.groupCategories ?? {},
    imports: imports.map((row) => ({
      id: row.id,
      type: row.type,
      fileName: row.fileName,
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      report: row.report,
      failure: row.failure ? { code: row.failure, params: paramsOf(row.failureDetails) } : null,
    })),
  };
}

/**
 * Stores the company's choices (both replaced). The price type must be one 1C sent; a mapped group
 * must be one 1C sent and its category must exist — every bad one is an issue of one 400.
 */
export async function updateOnecSettings(db: Db, companyId: number, input: UpdateOnecSettingsInput): Promise<void> {
  const [settings] = await db.select().from(onecSettings).where(eq(onecSettings.companyId, companyId)).limit(1);
  const issues: Issue[] = [];
  if (input.priceTypeId !== null && !(settings?.priceTypes ?? []).some((p) => p.id === input.priceTypeId))
    issues.push({ path: "priceTypeId", message: "invalid_option" });
  const groupIds = new Set((settings?.groups ?? []).map((g) => g.id));
  const wanted = [...new Set(Object.values(input.groupCategories))];
  const found = wanted.length
    ? new Set((await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted))).map((r) => r.id))
    : new Set<number>();
  for (const [groupId, categoryId] of Object.entries(input.groupCategories)) {
    if (!groupIds.has(groupId)) issues.push({ path: `groupCategories.${groupId}`, message: "invalid_option" });
    else if (!found.has(categoryId)) issues.push({ path: `groupCategories.${groupId}`, message: "invalid_option" });
  }
  if (issues.length) throw new DomainError("invalid_body", "The price type or a group's category is not one that exists", { issues });
  const values = { priceTypeId: input.priceTypeId, groupCategories: input.groupCategories };
  await db
    .insert(onecSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: onecSettings.companyId, set: { ...values, updatedAt: new Date() } });
}
