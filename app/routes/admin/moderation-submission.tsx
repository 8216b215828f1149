/**
 * `/admin/moderation/submissions/{id}`: products a supplier sent to moderation together (issue 26 §3,
 * ADR 047). What a moderator needs to decide the whole: how many wait, where they came from (the price
 * list's file), a summary over all of them (per category; how many lack a TN VED code, a price, a photo)
 * and a sample of 12 spread over the submission, each linked to its own review. Approving or rejecting
 * (with a reason in the supplier's language) decides every product still waiting, in the background;
 * the company's people get one e-mail. Both forms post here and work without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/moderation-submission";
import { AdminHeader, AdminSection, formatDateTime, nameIn } from "./components/ui.tsx";
import { AdminActionForm, ReasonActionForm } from "./components/action-form.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { invalid, sendThenRedirect } from "./lib/actions.server.ts";
import { adminMeta } from "./lib/meta.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { formatMoney, formatQuantity } from "#app/components/catalog/format.ts";
import { unitLabel } from "#app/lib/units.ts";
import * as moderationApi from "#contract/admin/moderation.ts";
import { RejectSchema } from "#contract/admin/moderation.ts";
import { useStaff } from "./layout.tsx";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffData(context);
  const lang = pageLang(request);
  const detail = (
    await orNotFound(request, context.get(apiContext).send(moderationApi.getSubmission, { params: { id: params.id }, query: { lang } }))
  ).data;
  const t = getInstance(context).t;
  return {
    detail,
    title: t("admin.submissions.entry", { count: detail.entry.productCount, company: nameIn(detail.entry.companyName, lang) }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = context.get(apiContext);
  const done = { here: "/admin/moderation", flash: "admin.flash.submissionDecided" } as const;
  const decide = (body: { decision: "approve" | "reject"; reason?: string; lang?: "ru" | "en" | "zh" }) => () =>
    api.send(moderationApi.decideSubmission, { params: { id: params.id }, body });
  if (formData.get("intent") === "approve") return sendThenRedirect(request, null, decide({ decision: "approve" }), done);
  const submission = parseWithZod(formData, { schema: RejectSchema });
  if (submission.status !== "success") return invalid(submission);
  return sendThenRedirect(request, submission, decide({ decision: "reject", ...submission.value }), done);
}

export default function ModerationSubmission({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const staff = useStaff();
  const { entry, summary, sample } = loaderData.detail;
  const [form, fields] = useZodForm(RejectSchema, { lastResult: actionData?.result, defaultValue: { lang: entry.sourceLang } });
  const canDecide = entry.state === "waiting" && entry.awaiting > 0 && Boolean(staff?.permissions.includes("moderate"));
  return (
    <>
      <AdminHeader back={{ to: "/admin/moderation", label: t("admin.moderation.title") }} title={loaderData.title} />
      <p className="admin-queue-meta">
        <span className="badge">{t(`admin.submissions.state.${entry.state}`)}</span>
        <span>{t("admin.submissions.awaiting", { count: entry.awaiting })}</span>
        <span>
          {t("admin.moderation.supplier")}:{" "}
          <LocaleLink to={`/admin/companies/${entry.companyId}`}>{nameIn(entry.companyName, lang)}</LocaleLink>
        </span>
        {entry.fileName ? <span>{t("admin.submissions.file", { name: entry.fileName })}</span> : null}
        <span>{formatDateTime(entry.submittedAt, lang)}</span>
      </p>
      {canDecide ? (
        <section className="admin-section card" aria-labelledby="decide-title">
          <h2 id="decide-title">{t("admin.moderation.decision")}</h2>
          <AdminActionForm intent="approve" label={t("admin.submissions.approve", { count: entry.awaiting })} tone="ok">
            <p className="small muted">{t("admin.submissions.approveHint")}</p>
          </AdminActionForm>
          <hr />
          <ReasonActionForm intent="reject" form={form} fields={fields} supplierLang={entry.sourceLang} />
        </section>
      ) : (
        <p className="notice">{entry.state === "approving" ? t("admin.submissions.working") : t("admin.moderation.readOnly")}</p>
      )}
      <AdminSection title={t("admin.submissions.summary")}>
        <ul className="admin-summary">
          {summary.categories.map((c) => (
            <li key={c.id ?? "none"}>
              {c.name ? nameIn(c.name, lang) : t("admin.submissions.noCategory")}: <strong>{c.count}</strong>
            </li>
          ))}
          <li>
            {t("admin.submissions.withoutTnved")}: <strong>{summary.withoutTnved}</strong>
          </li>
          <li>
            {t("admin.submissions.withoutPrice")}: <strong>{summary.withoutPrice}</strong>
          </li>
          <li>
            {t("admin.submissions.withoutImage")}: <strong>{summary.withoutImage}</strong>
          </li>
        </ul>
      </AdminSection>
      <AdminSection title={t("admin.submissions.sample", { count: sample.length })}>
        <ol className="admin-sample">
          {sample.map(({ id, doc }) => {
            const tier = doc.prices[0];
            const price = tier ? formatMoney(tier.price, tier.currency, lang) : null;
            const image = doc.images[0];
            return (
              <li key={id} className="admin-sample-item card">
                {image?.thumbUrl ? <img src={image.thumbUrl} alt="" width={64} height={64} loading="lazy" /> : null}
                <div>
                  <h3>
                    <LocaleLink to={`/admin/moderation/product/${id}`}>{nameIn(doc.name, lang) || `#${id}`}</LocaleLink>
                  </h3>
                  <p className="small muted">
                    {[
                      doc.category ? nameIn(doc.category.name, lang) : t("admin.submissions.noCategory"),
                      doc.tnved ? doc.tnved.code : t("admin.submissions.noTnved"),
                      price ? `${price}${tier ? ` / ${unitLabel(tier.unit, lang)}` : ""}` : t("admin.submissions.noPrice"),
                      doc.moq ? `${t("catalog.moq")}: ${formatQuantity(doc.moq, lang)} ${unitLabel(doc.moqUnit, lang)}` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {nameIn(doc.description, lang) ? (
                    <p className="small admin-sample-text">{nameIn(doc.description, lang).slice(0, 300)}</p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      </AdminSection>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
