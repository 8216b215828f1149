/**
 * The 1C exchange's page in the profile (`/profile/exchange-1c`; issue 29 §2, ADR 054), for the
 * company's owners and admins: how to set up 1C's «Обмен с сайтом» (the address, any login, a
 * company API key with `products:write` as the password — the usable keys listed, a link to make
 * one), the price type 1C sends that becomes the company's price, a table of 1C's groups each with
 * the catalogue category its products go to, one Save (a plain form POST: works without
 * JavaScript), and the last 10 imports with their counts or why they failed. Anyone else in the
 * company is told who manages it. The choices apply from the next exchange on.
 */
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/exchange-1c";
import { apiContext, profileContext } from "#app/context.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { FormErrors } from "#app/components/form/errors.tsx";
import { apiErrorMessages } from "#app/lib/forms/api-errors.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as onecApi from "#contract/onec.ts";
import type { OnecImportView, OnecSettingsView } from "#contract/onec.ts";
import { managesCompany } from "#contract/profile/fields.ts";
import { categoryOptions } from "../lib/products.server.ts";
import pageStyles from "./exchange-1c.css?url";

const PATH = "/profile/exchange-1c";
/** A group's select is named `group:<1C group id>`; empty means "by the group's name" (no mapping). */
const GROUP_FIELD = "group:";

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const seo = { title: t("onecSettings.title") };
  const organization = context.get(profileContext).organization;
  if (!organization || !managesCompany(organization.role)) return { manages: false as const, settings: null, categories: [], seo };
  const api = context.get(apiContext);
  const [{ data: settings }, categories] = await Promise.all([api.send(onecApi.getOnecSettings), categoryOptions(api, pageLang(request))]);
  return { manages: true as const, settings, categories, seo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const priceType = String(form.get("priceTypeId") ?? "");
  const groupCategories: Record<string, number> = {};
  for (const [name, value] of form.entries()) {
    if (!name.startsWith(GROUP_FIELD) || typeof value !== "string" || value === "") continue;
    // Not a number: sent as is, so the API names the field (400 `invalid_option`).
    groupCategories[name.slice(GROUP_FIELD.length)] = Number(value);
  }
  try {
    await context.get(apiContext).send(onecApi.updateOnecSettings, {
      body: { priceTypeId: priceType === "" ? null : priceType, groupCategories },
    });
  } catch (error) {
    const { messages, status } = apiErrorMessages(error);
    return data({ errors: messages }, { status });
  }
  return localizedRedirect(request, PATH, "onecSettings.flash.saved");
}

/** Depth of each group in 1C's tree (children are indented under their parent in the table). */
function depths(groups: OnecSettingsView["groups"]): Map<string, number> {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const out = new Map<string, number>();
  const depthOf = (id: string, seen: Set<string>): number => {
    const known = out.get(id);
    if (known !== undefined) return known;
    const parent = byId.get(id)?.parentId;
    // A cycle or a parent 1C did not send counts as a top group.
    const depth = parent && byId.has(parent) && !seen.has(parent) ? depthOf(parent, seen.add(id)) + 1 : 0;
    out.set(id, depth);
    return depth;
  };
  for (const g of groups) depthOf(g.id, new Set());
  return out;
}

/** What an import did, in words: the counts of the catalogue or orders, or why it failed. */
function ImportOutcome({ item }: { item: OnecImportView }) {
  const t = useT();
  if (item.failure) {
    const params: Record<string, string | number> = { ...item.failure.params };
    if (item.failure.code === "limit" && typeof params.limit === "string") params.what = t(`onec.limits.${params.limit}`);
    return (
      <span className="onec-failure">
        {t(`onec.failures.${item.failure.code}`, { ...params, defaultValue: t("onec.failures.internal") })}
      </span>
    );
  }
  if (item.state !== "done") return <span className="muted">{t(`onecSettings.states.${item.state}`)}</span>;
  const report = Object.fromEntries(Object.entries(item.report).filter(([, v]) => typeof v === "number")) as Record<string, number>;
  if (item.type !== "catalog") return <span>{t("onec.answers.ordersDone", report)}</span>;
  // Pictures (server/onec/pictures.ts): what they did, and each refused one with its reason, as 1C was told.
  const pictures = PICTURE_COUNTS.some((key) => (report[key] ?? 0) > 0);
  const refusals = Array.isArray(item.report.pictureRefusals) ? (item.report.pictureRefusals as { path: string; code: string }[]) : [];
  return (
    <>
      <span>{t("onec.answers.catalogDone", report)}</span>
      {pictures && (
        <span className="onec-pictures">
          {t("onec.answers.pictures", { ...Object.fromEntries(PICTURE_COUNTS.map((k) => [k, 0])), ...report })}
        </span>
      )}
      {refusals.length > 0 && (
        <ul className="onec-refusals">
          {refusals.map((refusal) => (
            <li key={refusal.path}>
              {t("onec.answers.pictureRefused", {
                path: refusal.path,
                reason: t(`onec.pictureRefusals.${refusal.code}`, {
                  defaultValue: t(`errors.${refusal.code}`, { defaultValue: t("onec.pictureRefusals.other") }),
                }),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const PICTURE_COUNTS = ["picturesAttached", "picturesUnchanged", "picturesRemoved", "picturesRefused"] as const;

function Imports({ imports }: { imports: OnecImportView[] }) {
  const t = useT();
  const lang = useLang();
  const moment = (iso: string) => new Date(iso).toLocaleString(lang, { timeZone: "UTC", dateStyle: "short", timeStyle: "short" }) + " UTC";
  return (
    <section className="card" aria-labelledby="onec-imports-heading">
      <h2 id="onec-imports-heading">{t("onecSettings.importsHeading")}</h2>
      {imports.length === 0 ? (
        <p className="muted">{t("onecSettings.noImports")}</p>
      ) : (
        <div className="onec-table-wrap">
          <table className="table onec-imports">
            <thead>
              <tr>
                <th scope="col">{t("onecSettings.columns.when")}</th>
                <th scope="col">{t("onecSettings.columns.kind")}</th>
                <th scope="col">{t("onecSettings.columns.state")}</th>
                <th scope="col">{t("onecSettings.columns.result")}</th>
              </tr>
            </thead>
            <tbody>
              {imports.map((item) => (
                <tr key={item.id}>
                  <td className="onec-nowrap">{moment(item.finishedAt ?? item.createdAt)}</td>
                  <td>
                    {t(`onecSettings.kinds.${item.type}`)}
                    <br />
                    <code className="onec-file">{item.fileName}</code>
                  </td>
                  <td>
                    <span
                      className={`badge ${item.state === "done" ? "badge-ok" : item.state === "failed" ? "badge-danger" : "badge-warn"}`}
                    >
                      {t(`onecSettings.states.${item.state}`)}
                    </span>
                  </td>
                  <td>
                    <ImportOutcome item={item} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Setup({ settings }: { settings: OnecSettingsView }) {
  const t = useT();
  const usable = settings.keys.filter((k) => k.catalog);
  return (
    <section className="card" aria-labelledby="onec-setup-heading">
      <h2 id="onec-setup-heading">{t("onecSettings.setupHeading")}</h2>
      <ol className="onec-steps">
        <li>{t("onecSettings.steps.open")}</li>
        <li>
          {t("onecSettings.steps.url")}
          <input className="onec-url" readOnly value={settings.exchangeUrl} aria-label={t("onecSettings.urlLabel")} spellCheck={false} />
          <span className="muted small">{t("onecSettings.steps.bitrix", { url: settings.bitrixUrl })}</span>
        </li>
        <li>{t("onecSettings.steps.login")}</li>
        <li>{t("onecSettings.steps.schedule")}</li>
      </ol>
      <h3 className="onec-subheading">{t("onecSettings.keysHeading")}</h3>
      {usable.length === 0 ? (
        <p className="onec-warning">{t("onecSettings.noKeys")}</p>
      ) : (
        <ul className="onec-keys">
          {usable.map((k) => (
            <li key={k.id}>
              <strong>{k.name}</strong> <code>{k.prefix}…</code>{" "}
              <span className="muted small">{k.orders ? t("onecSettings.keyBoth") : t("onecSettings.keyCatalog")}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <LocaleLink to="/profile/company/api-keys#new-key" className="button button-secondary button-small">
          {t("onecSettings.createKey")}
        </LocaleLink>
      </p>
    </section>
  );
}

function Choices({ settings, categories }: { settings: OnecSettingsView; categories: { id: number; name: string; depth: number }[] }) {
  const t = useT();
  const navigation = useNavigation();
  const level = depths(settings.groups);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  if (settings.priceTypes.length === 0 && settings.groups.length === 0) return <p className="card muted">{t("onecSettings.nothingYet")}</p>;
  return (
    <Form method="post" className="onec-choices">
      <section className="card" aria-labelledby="onec-price-heading">
        <h2 id="onec-price-heading">{t("onecSettings.priceHeading")}</h2>
        <div className="field">
          <label htmlFor="onec-price-type">{t("onecSettings.priceType")}</label>
          <select id="onec-price-type" name="priceTypeId" defaultValue={settings.priceTypeId ?? ""} aria-describedby="onec-price-hint">
            <option value="">{t("onecSettings.priceAuto")}</option>
            {settings.priceTypes.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.currency})
              </option>
            ))}
          </select>
          <p id="onec-price-hint" className="field-hint">
            {t("onecSettings.priceHint")}
          </p>
        </div>
      </section>
      {settings.groups.length ? (
        <section className="card" aria-labelledby="onec-groups-heading">
          <h2 id="onec-groups-heading">{t("onecSettings.groupsHeading")}</h2>
          <p className="muted small">{t("onecSettings.groupsLead")}</p>
          <div className="onec-table-wrap">
            <table className="table onec-groups">
              <thead>
                <tr>
                  <th scope="col">{t("onecSettings.columns.group")}</th>
                  <th scope="col">{t("onecSettings.columns.category")}</th>
                </tr>
              </thead>
              <tbody>
                {settings.groups.map((g) => (
                  <tr key={g.id}>
                    <th scope="row" style={{ paddingInlineStart: `${10 + 16 * (level.get(g.id) ?? 0)}px` }}>
                      <label htmlFor={`onec-group-${g.id}`}>{g.name}</label>
                    </th>
                    <td>
                      <select id={`onec-group-${g.id}`} name={`${GROUP_FIELD}${g.id}`} defaultValue={settings.groupCategories[g.id] ?? ""}>
                        <option value="">{t("onecSettings.byName")}</option>
                        {categories.map((c) => (
                          <option key={c.id} value={c.id}>
                            {"\u00a0\u00a0".repeat(c.depth)}
                            {c.name}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <p>
        <button type="submit" className="button" disabled={busy}>
          {t("onecSettings.save")}
        </button>
      </p>
    </Form>
  );
}

export default function Exchange1C({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (!loaderData.manages || !loaderData.settings) {
    return (
      <div className="onec-settings">
        <PageHeader title={t("onecSettings.title")} lead={t("onecSettings.lead")} />
        <p className="card">{t("onecSettings.managersOnly")}</p>
      </div>
    );
  }
  const { settings, categories } = loaderData;
  return (
    <div className="onec-settings">
      <PageHeader title={t("onecSettings.title")} lead={t("onecSettings.lead")} />
      <FormErrors errors={actionData?.errors} />
      <Setup settings={settings} />
      <Choices settings={settings} categories={categories} />
      <Imports imports={settings.imports} />
    </div>
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
