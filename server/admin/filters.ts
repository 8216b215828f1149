/**
 * The admin filter API (spec §7 `/app/admin/filter/{company,user,service,product,legal-entiries,
 * employees}`; issue 7): every record of six kinds — not only what visitors see — found by text,
 * status, dates and the fields of each kind, sorted by a whitelisted column, paged, with facet
 * counts, and exported as CSV.
 *
 * Each kind is a `FilterSpec` (its query schema is the contract's, contract/admin/filters.ts): FROM clause, the condition of each filter
 * (keyed by dimension), the facet expressions, the sort expressions and the exported columns.
 * Nothing a client sends reaches SQL text: filter values are bound parameters and `sort` picks
 * one of the spec's expressions.
 *
 * Facets are counted with GROUP BY on the filtered set WITHOUT the facet's own filter (the usual
 * "disjunctive" facets: with status=published chosen, the status facet still counts the other
 * statuses, so the form can show what choosing them would give). Every other filter applies.
 *
 * Common query parameters: `q`, `page` (1…), `limit` (1…200, default 25), `sort`, `order`
 * (asc|desc), `createdFrom`/`createdTo`, `updatedFrom`/`updatedTo` (YYYY-MM-DD, inclusive days,
 * UTC), `format` (json|csv). List parameters (`status`, `role`…) take repeated keys or commas.
 */
import { stringify } from "csv-stringify/sync";
import { sql, type SQL } from "drizzle-orm";
import type { FacetValue, FilterKind, FilterQuery } from "#contract/admin/filters.ts";
import type { Db } from "../db/client.ts";
import type { Localized } from "../db/schema.ts";

export { FILTER_KINDS, FILTER_QUERIES, type FacetValue, type FilterKind, type FilterQuery } from "#contract/admin/filters.ts";

type AnyQuery = FilterQuery;

interface CsvColumn {
  key: string;
  value: (row: Record<string, unknown>) => unknown;
}

interface FilterSpec {
  from: SQL;
  /** Columns of a result row (aliases become the row's keys). */
  columns: SQL;
  /** Conditions by dimension; a facet leaves out its own dimension. */
  conditions(q: AnyQuery): Record<string, SQL | undefined>;
  facets: Record<string, { expr: SQL; labels?: "region" | "category" | "serviceType" }>;
  sorts: Record<string, SQL>;
  /** The table alias whose id breaks ties. */
  idColumn: SQL;
  csv: CsvColumn[];
}

function pattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `col->>'ru' ilike p or …en or …zh`. */
function anyLang(column: string, p: string): SQL {
  return sql`(${sql.raw(column)}->>'ru' ilike ${p} or ${sql.raw(column)}->>'en' ilike ${p} or ${sql.raw(column)}->>'zh' ilike ${p})`;
}

function inList(column: string, values: string[]): SQL | undefined {
  if (values.length === 0) return undefined;
  return sql`${sql.raw(column)} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/**
 * Date-range conditions on `created_at` and on `updated` (default `updated_at`: the column that says
 * when a record of the kind last changed) of `alias`: inclusive days, UTC.
 */
function dates(alias: string, q: AnyQuery, updated = "updated_at"): Record<string, SQL | undefined> {
  const from = (column: string, day: string | undefined) =>
    day ? sql`${sql.raw(`${alias}.${column}`)} >= ${`${day}T00:00:00Z`}::timestamptz` : undefined;
  const to = (column: string, day: string | undefined) =>
    day
      ? sql`${sql.raw(`${alias}.${column}`)} < ${new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString()}::timestamptz`
      : undefined;
  return {
    createdFrom: from("created_at", q.createdFrom),
    createdTo: to("created_at", q.createdTo),
    updatedFrom: from(updated, q.updatedFrom),
    updatedTo: to(updated, q.updatedTo),
  };
}

/** `or <alias>.id = n` when the search text is a record number (1–9 digits), so typing an id finds it; else nothing. */
function orId(alias: string, text: string): SQL {
  return /^\d{1,9}$/.test(text) ? sql`or ${sql.raw(`${alias}.id`)} = ${Number(text)}` : sql``;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? new Date(v as string).toISOString() : "");
const loc = (key: string, lang: "ru" | "en" | "zh") => (row: Record<string, unknown>) => ((row[key] as Localized | null) ?? {})[lang] ?? "";

/** CSV columns each named as the result column it holds: a timestamp (`…_at`) as an ISO string, null as empty. */
function columns(...keys: string[]): CsvColumn[] {
  return keys.map((key) => ({ key, value: key.endsWith("_at") ? (r) => iso(r[key]) : (r) => r[key] ?? "" }));
}

/** CSV columns `<header>_<lang>` holding one language of the localized result column `key`. */
function localized(key: string, header: string, ...langs: ("ru" | "en" | "zh")[]): CsvColumn[] {
  return langs.map((lang) => ({ key: `${header}_${lang}`, value: loc(key, lang) }));
}

/** The CSV column `header`: "yes" when the result column `key` is true, else "no". */
const yesNo = (header: string, key: string): CsvColumn => ({ key: header, value: (r) => (r[key] ? "yes" : "no") });

/** The "price from" CSV column: a number, empty without a price. */
const priceFrom: CsvColumn = { key: "price_from", value: (r) => (r.price_from === null ? "" : Number(r.price_from)) };

/** Sort expressions on plain columns of `alias`, keyed by the column's camelCase name (`created_at` → `createdAt`). */
function columnSorts(alias: string, ...names: string[]): Record<string, SQL> {
  return Object.fromEntries(
    names.map((name) => [name.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase()), sql.raw(`${alias}.${name}`)]),
  );
}

const SPECS: Record<FilterKind, FilterSpec> = {
  company: {
    from: sql`companies c left join regions r on r.code = c.region_code`,
    columns: sql`c.id, c.name, c.status, c.country, c.region_code, r.name as region_name, c.city, c.website, c.phone, c.email,
      c.verification_level, c.source_lang, c.created_at, c.updated_at, c.published_at,
      (select count(*)::int from products p where p.company_id = c.id) as products,
      (select string_agg(l.inn, ' ' order by l.id) from legal_entities l where l.company_id = c.id) as inns`,
    conditions: (q) => ({
      q: q.q
        ? /^\d{10}$|^\d{12}$/.test(q.q)
          ? sql`exists (select 1 from legal_entities l where l.company_id = c.id and l.inn = ${q.q})`
          : sql`(${anyLang("c.name", pattern(q.q))} or c.email ilike ${pattern(q.q)} or c.phone ilike ${pattern(q.q)} or c.website ilike ${pattern(q.q)}
              ${orId("c", q.q)}
              or exists (select 1 from legal_entities l where l.company_id = c.id and (l.inn like ${`${q.q.replace(/[\\%_]/g, "")}%`} or l.name_full ilike ${pattern(q.q)})))`
        : undefined,
      status: inList("c.status", q.status ?? []),
      country: q.country ? sql`c.country = ${q.country}` : undefined,
      region: q.region ? sql`c.region_code = ${q.region}` : undefined,
      verification: q.verification !== undefined ? sql`c.verification_level = ${Number(q.verification)}` : undefined,
      ...dates("c", q),
    }),
    facets: {
      status: { expr: sql`c.status` },
      country: { expr: sql`c.country` },
      region: { expr: sql`c.region_code`, labels: "region" },
      verification: { expr: sql`c.verification_level::text` },
    },
    sorts: {
      ...columnSorts("c", "id", "created_at", "updated_at", "published_at", "verification_level"),
      name: sql`coalesce(c.name->>'ru', c.name->>'en', c.name->>'zh')`,
      products: sql`(select count(*) from products p where p.company_id = c.id)`,
    },
    idColumn: sql`c.id`,
    csv: [
      ...columns("id"),
      ...localized("name", "name", "ru", "en", "zh"),
      ...columns("status", "country", "region_code"),
      ...localized("region_name", "region", "ru"),
      ...localized("city", "city", "ru", "en"),
      { key: "inn", value: (r) => r.inns ?? "" },
      ...columns("verification_level", "products", "website", "phone", "email", "created_at", "updated_at", "published_at"),
    ],
  },
  user: {
    from: sql`users u left join company_members m on m.user_id = u.id left join companies c on c.id = m.company_id`,
    columns: sql`u.id, u.email, u.phone, u.first_name, u.last_name, u.role, u.locale, u.blocked_at, u.block_reason,
      u.last_sign_in_at, u.created_at, u.updated_at, c.id as company_id, c.name as company_name, m.role as company_role, m.status as employee_status`,
    conditions: (q) => ({
      q: q.q
        ? sql`(u.email ilike ${pattern(q.q)} or u.phone ilike ${pattern(q.q.replace(/[\s()-]/g, ""))} or u.first_name ilike ${pattern(q.q)} or u.last_name ilike ${pattern(q.q)}
            or (u.first_name || ' ' || u.last_name) ilike ${pattern(q.q)} ${orId("u", q.q)})`
        : undefined,
      role: inList("u.role", q.role ?? []),
      blocked: q.blocked === "yes" ? sql`u.blocked_at is not null` : q.blocked === "no" ? sql`u.blocked_at is null` : undefined,
      locale: q.locale ? sql`u.locale = ${q.locale}` : undefined,
      hasCompany: q.hasCompany === "yes" ? sql`m.id is not null` : q.hasCompany === "no" ? sql`m.id is null` : undefined,
      ...dates("u", q),
    }),
    facets: {
      role: { expr: sql`u.role` },
      blocked: { expr: sql`case when u.blocked_at is null then 'no' else 'yes' end` },
      locale: { expr: sql`u.locale` },
      hasCompany: { expr: sql`case when m.id is null then 'no' else 'yes' end` },
    },
    sorts: columnSorts("u", "id", "email", "last_name", "created_at", "updated_at", "last_sign_in_at"),
    idColumn: sql`u.id`,
    csv: [
      ...columns("id", "email", "phone", "first_name", "last_name", "role", "locale", "blocked_at", "company_id"),
      ...localized("company_name", "company_name", "ru"),
      ...columns("company_role", "last_sign_in_at", "created_at"),
    ],
  },
  service: {
    from: sql`company_services s join companies c on c.id = s.company_id join service_types t on t.id = s.service_type_id`,
    columns: sql`s.id, s.status, s.description, s.price_from::text, s.currency, s.price_unit, s.created_at, s.updated_at,
      c.id as company_id, c.name as company_name, c.region_code, t.id as service_type_id, t.name as service_type_name`,
    conditions: (q) => ({
      q: q.q ? sql`(${anyLang("s.description", pattern(q.q))} or ${anyLang("c.name", pattern(q.q))} ${orId("s", q.q)})` : undefined,
      status: inList("s.status", q.status ?? []),
      serviceType: q.serviceType ? sql`s.service_type_id = ${q.serviceType}` : undefined,
      company: q.company ? sql`s.company_id = ${q.company}` : undefined,
      region: q.region ? sql`c.region_code = ${q.region}` : undefined,
      ...dates("s", q),
    }),
    facets: {
      status: { expr: sql`s.status` },
      serviceType: { expr: sql`s.service_type_id::text`, labels: "serviceType" },
      region: { expr: sql`c.region_code`, labels: "region" },
    },
    sorts: columnSorts("s", "id", "created_at", "updated_at", "price_from"),
    idColumn: sql`s.id`,
    csv: [
      ...columns("id", "status", "service_type_id"),
      ...localized("service_type_name", "service_type", "ru"),
      ...columns("company_id"),
      ...localized("company_name", "company_name", "ru", "en"),
      ...columns("region_code"),
      ...localized("description", "description", "ru"),
      priceFrom,
      ...columns("currency", "created_at", "updated_at"),
    ],
  },
  product: {
    from: sql`products p join companies c on c.id = p.company_id left join categories k on k.id = p.category_id`,
    columns: sql`p.id, coalesce(p.pending_changes->'card'->'name', p.name) as name, p.status, p.tnved_code, p.price_from::text, p.price_currency,
      (p.pending_changes is not null and p.pending_changes <> '{}'::jsonb) as pending, p.moderation_note, p.created_at, p.updated_at, p.published_at,
      c.id as company_id, c.name as company_name, c.region_code, k.id as category_id, k.name as category_name`,
    conditions: (q) => ({
      q: q.q
        ? sql`(${anyLang("p.name", pattern(q.q))} or ${anyLang("(p.pending_changes->'card'->'name')", pattern(q.q))}
            ${orId("p", q.q)} ${/^\d{4,10}$/.test(q.q) ? sql`or p.tnved_code like ${`${q.q}%`}` : sql``})`
        : undefined,
      status: inList("p.status", q.status ?? []),
      company: q.company ? sql`p.company_id = ${q.company}` : undefined,
      category: q.category ? sql`p.category_id = ${q.category}` : undefined,
      pending:
        q.pending === "yes"
          ? sql`(p.pending_changes is not null and p.pending_changes <> '{}'::jsonb)`
          : q.pending === "no"
            ? sql`(p.pending_changes is null or p.pending_changes = '{}'::jsonb)`
            : undefined,
      currency: q.currency ? sql`p.price_currency = ${q.currency}` : undefined,
      region: q.region ? sql`c.region_code = ${q.region}` : undefined,
      ...dates("p", q),
    }),
    facets: {
      status: { expr: sql`p.status` },
      category: { expr: sql`p.category_id::text`, labels: "category" },
      pending: { expr: sql`case when p.pending_changes is not null and p.pending_changes <> '{}'::jsonb then 'yes' else 'no' end` },
      currency: { expr: sql`p.price_currency` },
      region: { expr: sql`c.region_code`, labels: "region" },
    },
    sorts: {
      ...columnSorts("p", "id", "created_at", "updated_at", "published_at", "price_from"),
      name: sql`coalesce(p.name->>'ru', p.name->>'en', p.name->>'zh')`,
    },
    idColumn: sql`p.id`,
    csv: [
      ...columns("id"),
      ...localized("name", "name", "ru", "en", "zh"),
      ...columns("status"),
      yesNo("pending_changes", "pending"),
      ...columns("company_id"),
      ...localized("company_name", "company_name", "ru"),
      ...columns("category_id"),
      ...localized("category_name", "category", "ru"),
      ...columns("tnved_code"),
      priceFrom,
      { key: "currency", value: (r) => r.price_currency ?? "" },
      ...columns("region_code", "created_at", "updated_at", "published_at"),
    ],
  },
  "legal-entities": {
    from: sql`legal_entities l join companies c on c.id = l.company_id`,
    columns: sql`l.id, l.kind, l.inn, l.kpp, l.ogrn, l.name_full, l.name_short, l.address, l.created_at, l.updated_at,
      c.id as company_id, c.name as company_name, c.status as company_status`,
    conditions: (q) => ({
      q: q.q
        ? /^\d{2,15}$/.test(q.q)
          ? sql`(l.inn like ${`${q.q}%`} or l.ogrn like ${`${q.q}%`} or l.kpp like ${`${q.q}%`} ${orId("l", q.q)})`
          : sql`(l.name_full ilike ${pattern(q.q)} or l.name_short ilike ${pattern(q.q)} or ${anyLang("c.name", pattern(q.q))})`
        : undefined,
      kind: q.kind ? sql`l.kind = ${q.kind}` : undefined,
      company: q.company ? sql`l.company_id = ${q.company}` : undefined,
      innRegion: q.innRegion ? sql`left(l.inn, 2) = ${q.innRegion}` : undefined,
      companyStatus: inList("c.status", q.companyStatus ?? []),
      ...dates("l", q),
    }),
    facets: {
      kind: { expr: sql`l.kind` },
      innRegion: { expr: sql`left(l.inn, 2)`, labels: "region" },
      companyStatus: { expr: sql`c.status` },
    },
    sorts: columnSorts("l", "id", "inn", "name_full", "created_at", "updated_at"),
    idColumn: sql`l.id`,
    csv: [
      ...columns("id", "kind", "inn", "kpp", "ogrn", "name_full", "name_short", "address", "company_id"),
      ...localized("company_name", "company_name", "ru"),
      ...columns("company_status", "created_at"),
    ],
  },
  employees: {
    from: sql`company_members m join companies c on c.id = m.company_id left join users u on u.id = m.user_id`,
    columns: sql`m.id, m.role, m.status, m.position, m.invited_email, m.created_at, m.updated_at,
      u.id as user_id, u.first_name, u.last_name, u.email, c.id as company_id, c.name as company_name`,
    conditions: (q) => ({
      q: q.q
        ? sql`(u.email ilike ${pattern(q.q)} or m.invited_email ilike ${pattern(q.q)} or u.first_name ilike ${pattern(q.q)} or u.last_name ilike ${pattern(q.q)}
            or (u.first_name || ' ' || u.last_name) ilike ${pattern(q.q)} or ${anyLang("c.name", pattern(q.q))} ${orId("m", q.q)})`
        : undefined,
      status: inList("m.status", q.status ?? []),
      role: inList("m.role", q.role ?? []),
      company: q.company ? sql`m.company_id = ${q.company}` : undefined,
      ...dates("m", q),
    }),
    facets: { status: { expr: sql`m.status` }, role: { expr: sql`m.role` } },
    sorts: columnSorts("m", "id", "created_at", "updated_at", "role", "status"),
    idColumn: sql`m.id`,
    csv: [
      ...columns("id", "company_id"),
      ...localized("company_name", "company_name", "ru"),
      ...columns("user_id", "first_name", "last_name"),
      { key: "email", value: (r) => r.email ?? r.invited_email ?? "" },
      ...columns("role", "status", "position", "created_at"),
    ],
  },
  // Buying requests (issue 14 §3): every status and visibility, with the buyer and the quote count.
  rfq: {
    from: sql`rfqs r join users u on u.id = r.buyer_user_id left join companies bc on bc.id = r.buyer_company_id`,
    columns: sql`r.id, r.title, r.lang, r.status, r.visibility, r.tnved_code, r.quantity::text, r.unit, r.deadline, r.created_at,
      r.updated_at, r.buyer_user_id, u.email as buyer_email, r.buyer_company_id, bc.name as buyer_company_name,
      (select count(*)::int from quotes qq where qq.rfq_id = r.id) as quotes`,
    conditions: (q) => ({
      q: q.q
        ? sql`(r.title ilike ${pattern(q.q)} or r.description ilike ${pattern(q.q)} or u.email ilike ${pattern(q.q)} ${orId("r", q.q)})`
        : undefined,
      status: inList("r.status", q.status ?? []),
      visibility: q.visibility ? sql`r.visibility = ${q.visibility}` : undefined,
      buyer: q.buyer ? sql`r.buyer_user_id = ${q.buyer}` : undefined,
      tnved: q.tnved ? sql`r.tnved_code like ${`${q.tnved}%`}` : undefined,
      ...dates("r", q),
    }),
    facets: { status: { expr: sql`r.status` }, visibility: { expr: sql`r.visibility` } },
    sorts: {
      ...columnSorts("r", "id", "created_at", "updated_at", "deadline"),
      quotes: sql`(select count(*) from quotes qq where qq.rfq_id = r.id)`,
    },
    idColumn: sql`r.id`,
    csv: [
      ...columns("id", "title", "lang", "status", "visibility", "tnved_code"),
      { key: "quantity", value: (r) => Number(r.quantity) },
      ...columns("unit"),
      { key: "deadline", value: (r) => iso(r.deadline) },
      ...columns("buyer_user_id", "buyer_email", "buyer_company_id", "quotes", "created_at"),
    ],
  },
  // Inquiries (conversations; issue 14 §3): with their message and open report counts.
  inquiries: {
    from: sql`conversations v join users u on u.id = v.buyer_user_id join companies c on c.id = v.supplier_company_id`,
    columns: sql`v.id, v.status, v.below_moq, v.created_at, v.last_message_at, v.first_reply_at, v.buyer_user_id,
      u.email as buyer_email, v.supplier_company_id, c.name as supplier_name,
      (select count(*)::int from conversation_messages mm where mm.conversation_id = v.id) as messages,
      (select count(*)::int from message_reports rr join conversation_messages rm on rm.id = rr.message_id
        where rm.conversation_id = v.id and rr.resolved_at is null) as reports`,
    conditions: (q) => ({
      q: q.q ? sql`(u.email ilike ${pattern(q.q)} or ${anyLang("c.name", pattern(q.q))} ${orId("v", q.q)})` : undefined,
      status: inList("v.status", q.status ?? []),
      company: q.company ? sql`v.supplier_company_id = ${q.company}` : undefined,
      buyer: q.buyer ? sql`v.buyer_user_id = ${q.buyer}` : undefined,
      reported:
        q.reported === undefined
          ? undefined
          : sql`${sql.raw(q.reported === "yes" ? "" : "not ")}exists (select 1 from message_reports rr join conversation_messages rm on rm.id = rr.message_id
              where rm.conversation_id = v.id and rr.resolved_at is null)`,
      belowMoq: q.belowMoq === undefined ? undefined : sql`v.below_moq = ${q.belowMoq === "yes"}`,
      // "Changed" is the last message: a conversation changes by its messages.
      ...dates("v", q, "last_message_at"),
    }),
    facets: {
      status: { expr: sql`v.status` },
      belowMoq: { expr: sql`case when v.below_moq then 'yes' else 'no' end` },
    },
    sorts: {
      ...columnSorts("v", "id", "created_at", "last_message_at"),
      messages: sql`(select count(*) from conversation_messages mm where mm.conversation_id = v.id)`,
    },
    idColumn: sql`v.id`,
    csv: [
      ...columns("id", "status"),
      yesNo("below_moq", "below_moq"),
      ...columns("buyer_user_id", "buyer_email", "supplier_company_id"),
      ...localized("supplier_name", "supplier_name", "ru"),
      ...columns("messages", "reports", "created_at", "last_message_at", "first_reply_at"),
    ],
  },
};

function whereOf(conditions: Record<string, SQL | undefined>, except?: string): SQL {
  const parts = Object.entries(conditions)
    .filter(([key, value]) => value !== undefined && key !== except)
    .map(([, value]) => value!);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

function orderOf(spec: FilterSpec, q: AnyQuery): SQL {
  const expr = spec.sorts[q.sort] ?? spec.idColumn;
  const dir = sql.raw(q.order === "asc" ? "asc" : "desc");
  return sql`${expr} ${dir} nulls last, ${spec.idColumn} ${dir}`;
}

/** The SQL of one page of `kind`'s filtered rows (exported for the query-plan test). */
export function pageSql(kind: FilterKind, q: AnyQuery, limit: number, offset: number): SQL {
  const spec = SPECS[kind];
  return sql`select ${spec.columns} from ${spec.from} where ${whereOf(spec.conditions(q))} order by ${orderOf(spec, q)} limit ${limit} offset ${offset}`;
}

export async function countFiltered(db: Db, kind: FilterKind, q: AnyQuery): Promise<number> {
  const spec = SPECS[kind];
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${spec.from} where ${whereOf(spec.conditions(q))}`);
  return result.rows[0]?.n ?? 0;
}

async function facetsOf(db: Db, kind: FilterKind, q: AnyQuery): Promise<Record<string, FacetValue[]>> {
  const spec = SPECS[kind];
  const conditions = spec.conditions(q);
  const out: Record<string, FacetValue[]> = {};
  for (const [dim, facet] of Object.entries(spec.facets)) {
    const rows = await db.execute<{ value: string | null; n: number }>(
      sql`select ${facet.expr} as value, count(*)::int as n from ${spec.from} where ${whereOf(conditions, dim)} group by 1 order by 2 desc, 1 limit 100`,
    );
    out[dim] = rows.rows.filter((r) => r.value !== null).map((r) => ({ value: String(r.value), count: r.n }));
    if (facet.labels && out[dim].length > 0) await addLabels(db, facet.labels, out[dim]);
  }
  return out;
}

async function addLabels(db: Db, kind: "region" | "category" | "serviceType", values: FacetValue[]) {
  const keys = values.map((v) => v.value);
  const params = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows =
    kind === "region"
      ? await db.execute<{ key: string; name: Localized }>(sql`select code as key, name from regions where code in (${params})`)
      : kind === "category"
        ? await db.execute<{ key: string; name: Localized }>(
            sql`select id::text as key, name from categories where id::text in (${params})`,
          )
        : await db.execute<{ key: string; name: Localized }>(
            sql`select id::text as key, name from service_types where id::text in (${params})`,
          );
  const names = new Map(rows.rows.map((r) => [r.key, r.name]));
  for (const v of values) {
    const name = names.get(v.value);
    if (name) v.label = name;
  }
}

export interface FilterResult {
  items: Record<string, unknown>[];
  facets: Record<string, FacetValue[]>;
  total: number;
}

/** One page of `kind` with facets and the total (see the module comment). */
export async function runFilter(db: Db, kind: FilterKind, q: AnyQuery): Promise<FilterResult> {
  const rows = await db.execute<Record<string, unknown>>(pageSql(kind, q, q.limit, (q.page - 1) * q.limit));
  const total = await countFiltered(db, kind, q);
  const facets = await facetsOf(db, kind, q);
  return { items: rows.rows.map(normalizeRow), facets, total };
}

/** Timestamps as ISO strings; decimals stay strings (exact). */
function normalizeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

export function csvColumns(kind: FilterKind): string[] {
  return SPECS[kind].csv.map((c) => c.key);
}

/** Rows of the filtered set in CSV column order, `batch` at a time (each batch its own query). */
export async function* csvBatches(db: Db, kind: FilterKind, q: AnyQuery, batch = 1000): AsyncGenerator<unknown[][]> {
  const spec = SPECS[kind];
  for (let offset = 0; ; offset += batch) {
    const rows = await db.execute<Record<string, unknown>>(pageSql(kind, q, batch, offset));
    if (rows.rows.length > 0) yield rows.rows.map((row) => spec.csv.map((c) => c.value(row)));
    if (rows.rows.length < batch) return;
  }
}

/**
 * The CSV export of `kind`'s filtered rows as text chunks: the header (with a BOM, so Excel reads
 * Cyrillic and Chinese names as UTF-8) with the first batch, then one chunk per batch of rows. An
 * empty result is the header alone.
 */
export async function* csvChunks(db: Db, kind: FilterKind, q: AnyQuery): AsyncGenerator<string> {
  const columns = csvColumns(kind);
  let first = true;
  for await (const rows of csvBatches(db, kind, q)) {
    // Names, cities and positions are typed by users: a cell starting with = + - @ or a tab would
    // run as a formula in a spreadsheet (review F4). csv-stringify quotes it with a leading '.
    yield stringify(rows, { header: first, columns, bom: first, escape_formulas: true });
    first = false;
  }
  if (first) yield stringify([], { header: true, columns, bom: true });
}
