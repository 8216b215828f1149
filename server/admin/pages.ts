/**
 * Content pages (spec §2: `{lang}/talp` and `{lang}/liaozhong`, "standalone pages on the default
 * layout; content not shown"), edited in the admin area as localized Markdown (issue 7).
 *
 * - `talp`: an editable landing page. Until an admin writes its text it shows its title and the
 *   catalogue's entry points (the web tier renders them; never placeholder text).
 * - `liaozhong`: a partner-region landing page for Liaozhong District (Shenyang, Liaoning, China):
 *   its text and the region's suppliers from the catalogue — published companies of region `CN-21`
 *   whose address or city names one of the page's localities (`辽中`, `Liaozhong`, `Ляочжун`).
 *
 * Both always exist for visitors: a page not yet in the database is shown from `SYSTEM_PAGES`.
 * The demo seed writes both (`seedContentPages`), with the Liaozhong text.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { contentPages, regions, type ContentPageKind, type Lang, type Localized, type RegionPageSettings } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { getCompanyCards } from "../catalog/companies.ts";
import { pick, pickRequired } from "../catalog/localize.ts";
import type { AdminActor } from "../audit/access.ts";
import { historyOf, recordAdminAction } from "../audit/log.ts";
import type { AdminPage, PageInput } from "#contract/admin/pages.ts";
import type { AuditRow } from "#contract/admin/audit.ts";
import type { PublicPage } from "#contract/pages.ts";

export type { AdminPage } from "#contract/admin/pages.ts";
export type { PublicPage } from "#contract/pages.ts";

export const SYSTEM_PAGE_SLUGS = ["talp", "liaozhong"] as const;
export type SystemPageSlug = (typeof SYSTEM_PAGE_SLUGS)[number];

export function isSystemPage(slug: string): slug is SystemPageSlug {
  return (SYSTEM_PAGE_SLUGS as readonly string[]).includes(slug);
}

interface PageDefaults {
  kind: ContentPageKind;
  title: Localized;
  lead: Localized;
  body: Localized;
  settings: RegionPageSettings | null;
}

/** What a system page shows before anyone edits it. */
export const SYSTEM_PAGES: Record<SystemPageSlug, PageDefaults> = {
  talp: {
    kind: "page",
    title: { ru: "TALP — торговая площадка Россия — Китай", en: "TALP — the Russia–China trade platform", zh: "TALP — 中俄贸易平台" },
    lead: {
      ru: "Поставщики, товары и услуги для торговли между Россией и Китаем в одном каталоге.",
      en: "Suppliers, products and services for trade between Russia and China in one catalogue.",
      zh: "中俄贸易的供应商、商品和服务，尽在一个目录。",
    },
    body: {},
    settings: null,
  },
  liaozhong: {
    kind: "region",
    title: {
      ru: "Ляочжун — партнёрский район в провинции Ляонин",
      en: "Liaozhong — partner district in Liaoning",
      zh: "辽中 — 辽宁省合作区",
    },
    lead: {
      ru: "Район Ляочжун города Шэньяна (провинция Ляонин, КНР): поставщики района в нашем каталоге.",
      en: "Liaozhong District of Shenyang (Liaoning Province, China): the district's suppliers in our catalogue.",
      zh: "辽宁省沈阳市辽中区：本目录中的辽中供应商。",
    },
    body: {},
    settings: { regionCode: "CN-21", localities: ["辽中", "Liaozhong", "Ляочжун"] },
  },
};

/** The Liaozhong text the demo seed writes (Markdown; links are site paths). */
const LIAOZHONG_BODY: Localized = {
  ru: `Ляочжун — район города Шэньяна, административного центра провинции Ляонин на северо-востоке Китая. Район лежит на равнине реки Ляохэ к юго-западу от центра Шэньяна.

## Чем район полезен российским покупателям

- **Близость к портам и границе.** Грузы из Ляонина идут морем через порты Далянь и Инкоу или по железной дороге через пограничные переходы северо-востока Китая.
- **Производство и торговля.** В каталоге — заводы и торговые компании района: металлопрокат, оборудование, стройматериалы, товары народного потребления.
- **Проверенные карточки.** Поставщики с отметкой «проверен» прошли проверку документов модератором.

## Как работать с поставщиками

1. Выберите поставщика в списке ниже и откройте его карточку: реквизиты, коды ОКВЭД и ТН ВЭД, товары с ценами.
2. Сравните предложения в [каталоге](/catalog) и по [кодам ТН ВЭД](/tnved).
3. Логистику, таможенное оформление и перевод найдёте в разделе [услуг](/services).`,
  en: `Liaozhong is a district of Shenyang, the capital of Liaoning Province in north-east China. It lies on the Liao River plain south-west of central Shenyang.

## Why it matters to buyers in Russia

- **Close to ports and the border.** Goods from Liaoning travel by sea through the ports of Dalian and Yingkou, or by rail through the border crossings of north-east China.
- **Makers and traders.** The catalogue lists the district's factories and trading companies: rolled metal, machinery, building materials, consumer goods.
- **Checked profiles.** Suppliers marked "verified" have had their documents checked by a moderator.

## Working with the suppliers

1. Pick a supplier below and open its page: legal details, OKVED and TN VED codes, products with prices.
2. Compare offers in the [catalogue](/en/catalog) and by [TN VED code](/en/tnved).
3. Logistics, customs clearance and translation are in [services](/en/services).`,
  zh: `辽中是辽宁省省会沈阳市的一个区，位于中国东北，地处沈阳市中心西南的辽河平原。

## 对俄罗斯买家的意义

- **靠近港口和边境。** 辽宁的货物可经大连港、营口港海运，或经中国东北的边境口岸铁路运输。
- **生产与贸易。** 目录收录了辽中的工厂和贸易公司：金属轧材、机械设备、建筑材料、日用消费品。
- **经过核验的资料。** 标有"已验证"的供应商，其文件已由审核员核验。

## 如何与供应商合作

1. 在下方列表中选择供应商，打开其页面：企业信息、OKVED 和 TN VED 编码、带价格的商品。
2. 在[目录](/zh/catalog)中或按 [TN VED 编码](/zh/tnved)比较报价。
3. 物流、报关和翻译服务请见[服务](/zh/services)。`,
};

type PageRow = typeof contentPages.$inferSelect;

async function loadPage(db: Db, slug: string): Promise<PageRow | null> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1);
  return row ?? null;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Published suppliers of a partner region, verified first (server/catalog order), `perPage` a page. */
export async function regionSuppliers(db: Db, settings: RegionPageSettings, lang: Lang, page: number, perPage = 24) {
  const localities = settings.localities.map((l) => l.trim()).filter(Boolean);
  const matches = localities.length
    ? sql.join(
        localities.map((l) => {
          const p = `%${escapeLike(l)}%`;
          return sql`(c.address->>'ru' ilike ${p} or c.address->>'en' ilike ${p} or c.address->>'zh' ilike ${p} or c.city->>'ru' ilike ${p} or c.city->>'en' ilike ${p} or c.city->>'zh' ilike ${p})`;
        }),
        sql` or `,
      )
    : sql`true`;
  const where = sql`c.status = 'published' and c.region_code = ${settings.regionCode} and (${matches})`;
  const [ids, total] = await Promise.all([
    db.execute<{ id: number }>(
      sql`select c.id from companies c where ${where} order by c.verification_level desc, c.published_at desc nulls last, c.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from companies c where ${where}`),
  ]);
  const n = total.rows[0]?.n ?? 0;
  return {
    items: await getCompanyCards(
      db,
      ids.rows.map((r) => r.id),
      lang,
    ),
    total: n,
    page,
    pages: Math.max(1, Math.ceil(n / perPage)),
  };
}

/** A content page for visitors in `lang`; 404 unless it is a system page or a published one. */
export async function publicPage(db: Db, slug: string, lang: Lang, page = 1): Promise<PublicPage> {
  const row = await loadPage(db, slug);
  const defaults = isSystemPage(slug) ? SYSTEM_PAGES[slug] : null;
  if (!row && !defaults) throw new DomainError("not_found", "Page not found");
  if (row && !defaults && row.status !== "published") throw new DomainError("not_found", "Page not found");
  const kind = row?.kind ?? defaults!.kind;
  const source = row?.sourceLang ?? "ru";
  const settings = row ? row.settings : defaults!.settings;
  let region: PublicPage["region"] = null;
  let suppliers: PublicPage["suppliers"] = null;
  if (kind === "region" && settings) {
    const [r] = await db
      .select({ code: regions.code, name: regions.name })
      .from(regions)
      .where(eq(regions.code, settings.regionCode))
      .limit(1);
    region = {
      code: settings.regionCode,
      name: pickRequired(r?.name ?? { ru: settings.regionCode }, lang),
      localities: settings.localities,
    };
    suppliers = await regionSuppliers(db, settings, lang, page);
  }
  return {
    slug,
    kind,
    title: pickRequired(row?.title ?? defaults!.title, lang, source),
    lead: pick(row?.lead ?? defaults!.lead, lang, source),
    body: pick(row?.body ?? defaults!.body, lang, source),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    region,
    suppliers,
  };
}

function adminView(slug: SystemPageSlug, row: PageRow | null, history: AuditRow[]): AdminPage {
  const d = SYSTEM_PAGES[slug];
  return {
    slug,
    kind: row?.kind ?? d.kind,
    title: row?.title ?? d.title,
    lead: row?.lead ?? d.lead,
    body: row?.body ?? d.body,
    sourceLang: row?.sourceLang ?? "ru",
    status: row?.status ?? "published",
    settings: row ? row.settings : d.settings,
    stored: row !== null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    history,
  };
}

export async function listAdminPages(db: Db): Promise<AdminPage[]> {
  const out: AdminPage[] = [];
  for (const slug of SYSTEM_PAGE_SLUGS) out.push(adminView(slug, await loadPage(db, slug), []));
  return out;
}

export async function getAdminPage(db: Db, slug: string): Promise<AdminPage> {
  if (!isSystemPage(slug)) throw new DomainError("not_found", "Page not found");
  return adminView(slug, await loadPage(db, slug), await historyOf(db, "page", slug));
}

/** Writes a page (creating its row on the first edit). */
export async function savePage(db: Db, actor: AdminActor, slug: string, input: PageInput, now = new Date()): Promise<void> {
  if (!isSystemPage(slug)) throw new DomainError("not_found", "Page not found");
  const kind = SYSTEM_PAGES[slug].kind;
  const settings: RegionPageSettings | null =
    kind === "region" && input.regionCode
      ? {
          regionCode: input.regionCode,
          localities: (input.localities ?? "")
            .split(",")
            .map((l) => l.trim())
            .filter(Boolean),
        }
      : kind === "region"
        ? SYSTEM_PAGES[slug].settings
        : null;
  if (settings) {
    const [region] = await db.select({ code: regions.code }).from(regions).where(eq(regions.code, settings.regionCode)).limit(1);
    if (!region)
      throw new DomainError("invalid_body", "Invalid request body", { issues: [{ path: "regionCode", message: "unknown_region" }] });
  }
  const values = {
    title: input.title,
    lead: input.lead ?? {},
    body: input.body ?? {},
    sourceLang: input.sourceLang,
    status: "published" as const,
    settings,
  };
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug)).for("update");
    if (row)
      await tx
        .update(contentPages)
        .set({ ...values, updatedBy: actor.userId, updatedAt: now })
        .where(eq(contentPages.slug, slug));
    else await tx.insert(contentPages).values({ slug, kind, ...values, updatedBy: actor.userId, createdAt: now, updatedAt: now });
    await recordAdminAction(
      tx,
      actor,
      {
        entityType: "page",
        entityId: slug,
        action: "page.update",
        before: row ? { title: row.title, lead: row.lead, body: row.body, sourceLang: row.sourceLang, settings: row.settings } : null,
        after: values,
      },
      now,
    );
  });
}

/** The demo seed's pages: `liaozhong` with its text and region, `talp` with its title (text left to an admin). Existing rows are kept. */
export async function seedContentPages(db: Db): Promise<void> {
  const rows = [
    {
      slug: "liaozhong",
      kind: "region" as const,
      title: SYSTEM_PAGES.liaozhong.title,
      lead: SYSTEM_PAGES.liaozhong.lead,
      body: LIAOZHONG_BODY,
      settings: SYSTEM_PAGES.liaozhong.settings,
    },
    { slug: "talp", kind: "page" as const, title: SYSTEM_PAGES.talp.title, lead: SYSTEM_PAGES.talp.lead, body: {}, settings: null },
  ];
  for (const row of rows)
    await db
      .insert(contentPages)
      .values({ ...row, sourceLang: "ru", status: "published" })
      .onConflictDoNothing({ target: contentPages.slug });
}
