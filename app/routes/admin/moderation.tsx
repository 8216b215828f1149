/**
 * `/admin/moderation`: companies and products waiting for a moderator, OLDEST FIRST (issue 7), with
 * what kind of review each is (a first submission, a resubmission, changes to a published product
 * and which parts they touch) and how long it has waited. `?kind=company|product` narrows the list.
 */
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/moderation";
import { AdminHeader, AdminResults, nameIn, formatDateTime, StatusBadge } from "./components/ui.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import * as moderationApi from "#contract/admin/moderation.ts";
import { adminMeta } from "./lib/meta.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { timeAgo } from "#app/lib/relative-time.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { requireStaffData } from "./lib/guard.server.ts";

const Query = z.object({
  kind: z.enum(["company", "product", "rfq"]).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffData(context);
  const url = documentUrl(request);
  const lang = pageLang(request);
  const query = Query.parse(Object.fromEntries(url.searchParams));
  const api = context.get(apiContext);
  const [result, submissions] = await Promise.all([
    api.send(moderationApi.listQueue, { query: { kind: query.kind, q: query.q, page: query.page, limit: 20, lang } }),
    // Products a supplier sent together (issue 26 §3): decided as a whole from a sample, listed first.
    query.kind === "company" || query.kind === "rfq" || query.q ? null : api.send(moderationApi.listSubmissions, { query: { lang } }),
  ]);
  return {
    submissions: submissions?.data ?? [],
    items: result.data,
    meta: result.meta,
    kind: query.kind ?? null,
    q: query.q ?? "",
    now: Date.now(),
    title: getInstance(context).t("admin.moderation.title"),
  };
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { items, meta, kind, q } = loaderData;
  const withQ = (base: string) => (q ? `${base}${base.includes("?") ? "&" : "?"}q=${encodeURIComponent(q)}` : base);
  const counts = { company: meta.counts.company ?? 0, product: meta.counts.product ?? 0, rfq: meta.counts.rfq ?? 0 };
  const tabs = [
    { kind: null, label: t("admin.moderation.all"), count: counts.company + counts.product + counts.rfq },
    { kind: "company", label: t("admin.moderation.companies"), count: counts.company },
    { kind: "product", label: t("admin.moderation.products"), count: counts.product },
    { kind: "rfq", label: t("rfq.admin.tab"), count: counts.rfq },
  ];
  return (
    <>
      <AdminHeader title={t("admin.moderation.title")} lead={t("admin.moderation.lead")} />
      <nav className="tabs" aria-label={t("admin.moderation.kinds")}>
        {tabs.map((tab) => (
          <LocaleLink
            key={tab.kind ?? "all"}
            to={withQ(tab.kind ? `/admin/moderation?kind=${tab.kind}` : "/admin/moderation")}
            className={`tab${tab.kind === kind ? " tab-active" : ""}`}
            aria-current={tab.kind === kind ? "page" : undefined}
          >
            {tab.label} <span className="tab-count">{tab.count}</span>
          </LocaleLink>
        ))}
      </nav>
      <Form method="get" className="inline-filters" role="search">
        {kind ? <input type="hidden" name="kind" value={kind} /> : null}
        <label className="field">
          <span>{t("admin.moderation.search")}</span>
          <input type="search" name="q" defaultValue={q} placeholder={t("admin.moderation.searchHint")} />
        </label>
        <button type="submit" className="button">
          {t("admin.filters.apply")}
        </button>
        {q ? <LocaleLink to={kind ? `/admin/moderation?kind=${kind}` : "/admin/moderation"}>{t("admin.filters.reset")}</LocaleLink> : null}
      </Form>
      {q ? <p className="muted">{t("admin.filters.found", { count: meta.total })}</p> : null}
      {loaderData.submissions.length > 0 ? (
        <section className="admin-section" aria-labelledby="submissions-title">
          <h2 id="submissions-title">{t("admin.submissions.title")}</h2>
          <p className="muted small">{t("admin.submissions.lead")}</p>
          <ol className="admin-queue">
            {loaderData.submissions.map((s) => (
              <li key={s.id} className="admin-queue-item">
                <h3>
                  <LocaleLink to={`/admin/moderation/submissions/${s.id}`}>
                    {t("admin.submissions.entry", { count: s.productCount, company: nameIn(s.companyName, lang) })}
                  </LocaleLink>
                </h3>
                <p className="admin-queue-meta">
                  <span className="badge">{t(`admin.submissions.state.${s.state}`)}</span>
                  <span>{t("admin.submissions.awaiting", { count: s.awaiting })}</span>
                  {s.fileName ? <span>{t("admin.submissions.file", { name: s.fileName })}</span> : null}
                  <span title={formatDateTime(s.submittedAt, lang)}>
                    {t("admin.moderation.waitingSince", { when: timeAgo(new Date(s.submittedAt), new Date(loaderData.now), lang) })}
                  </span>
                </p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <AdminResults items={items} empty={q ? t("admin.filters.nothing") : t("admin.moderation.empty")} meta={meta}>
        <ol className="admin-queue">
          {items.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`} className="admin-queue-item">
              <h2>
                <LocaleLink to={`/admin/moderation/${entry.kind}/${entry.id}`}>{nameIn(entry.name, lang) || `#${entry.id}`}</LocaleLink>
              </h2>
              <p className="admin-queue-meta">
                <span className="badge">{t(`admin.entities.${entry.kind}`)}</span>
                <StatusBadge status={entry.status} />
                {entry.innConflict ? <span className="badge badge-danger">{t("admin.moderation.innConflict")}</span> : null}
                <span>
                  {entry.changesOnly
                    ? t("admin.moderation.changes", { parts: entry.parts.map((p) => t(`admin.parts.${p}`)).join(", ") })
                    : entry.resubmission
                      ? t("admin.moderation.resubmission")
                      : t("admin.moderation.first")}
                </span>
                {entry.kind === "product" ? (
                  <span>
                    {t("admin.moderation.supplier")}:{" "}
                    <LocaleLink to={`/admin/companies/${entry.companyId}`}>{nameIn(entry.companyName, lang)}</LocaleLink>
                  </span>
                ) : null}
                <span>{t("admin.moderation.writes", { lang: t(`admin.langs.${entry.sourceLang}`) })}</span>
                <span title={formatDateTime(entry.waitingSince, lang)}>
                  {t("admin.moderation.waitingSince", { when: timeAgo(new Date(entry.waitingSince), new Date(loaderData.now), lang) })}
                </span>
              </p>
            </li>
          ))}
        </ol>
      </AdminResults>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
