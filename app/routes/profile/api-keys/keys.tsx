/**
 * API keys in the profile (issue 29 §1; ADR 052), one module at two addresses:
 * - `/profile/company/api-keys`: the company's keys, managed by its owners and admins; anyone else
 *   sees who manages them;
 * - `/profile/settings/api-keys`: the person's own keys (open without a company, like settings).
 *
 * The page lists the keys (name, status, prefix, scopes, who created them and when, expiry, last
 * use and address, allowed addresses, limit), creates one (`intent=create`) and revokes one
 * (`intent=revoke`, confirmed in a disclosure that works without JavaScript). The new key's secret
 * is in the action's answer only — the page shown right after the form posts, never a redirect or a
 * URL — as selectable text, with a copy button once JavaScript runs, and the warning that it will
 * not be shown again.
 */
import { getCollectionProps, getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/keys";
import { apiContext, profileContext } from "#app/context.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { FieldError, FormErrors } from "#app/components/form/errors.tsx";
import { InputField, describedBy } from "#app/components/form/field.tsx";
import { apiErrorMessages, replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import * as keysApi from "#contract/api-keys.ts";
import { API_SCOPES, CreateApiKeySchema, DEFAULT_RATE_LIMIT, PERSONAL_SCOPES, type ApiKeyView } from "#contract/api-keys.ts";
import * as employeesApi from "#contract/profile/employees.ts";
import { managesCompany } from "#contract/profile/fields.ts";
import { personName } from "#contract/people.ts";
import pageStyles from "./keys.css?url";
import type { FormResult } from "#app/components/form/result.ts";

type Kind = "company" | "personal";

/** Which of the two pages this request is (the URL decides; the module serves both). */
function kindOf(request: Request): Kind {
  // The document's URL: a JavaScript submission posts to `….data`.
  return /\/profile\/company\/api-keys\/?$/.test(documentUrl(request).pathname) ? "company" : "personal";
}

const PATHS: Record<Kind, string> = { company: "/profile/company/api-keys", personal: "/profile/settings/api-keys" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = kindOf(request);
  const api = context.get(apiContext);
  const t = getInstance(context).t;
  const seo = { title: t(kind === "company" ? "apiKeys.companyTitle" : "apiKeys.personalTitle") };
  if (kind === "personal") {
    const { data: keys } = await api.send(keysApi.listOwnApiKeys);
    return { kind, manages: true, keys, managers: [] as string[], seo };
  }
  const organization = context.get(profileContext).organization;
  if (!organization || !managesCompany(organization.role)) {
    // Who to ask: the company's active owners and admins.
    const { data: employees } = await api.send(employeesApi.listEmployees);
    const managers = employees
      .filter((e) => e.status === "active" && managesCompany(e.role))
      .map((e) => personName({ firstName: e.firstName ?? "", lastName: e.lastName ?? "" }) || (e.email ?? e.phone ?? ""));
    return { kind, manages: false, keys: [] as ApiKeyView[], managers, seo };
  }
  const { data: keys } = await api.send(keysApi.listCompanyApiKeys);
  return { kind, manages: true, keys, managers: [] as string[], seo };
}

const FIELDS = ["name", "scopes", "expiresAt", "allowedIps", "rateLimit"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const kind = kindOf(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "revoke") {
    const id = Number(form.get("id"));
    if (!Number.isInteger(id) || id <= 0) return data({ result: undefined, created: null, revokeErrors: ["not_found"] }, { status: 404 });
    try {
      await api.send(kind === "company" ? keysApi.revokeCompanyApiKey : keysApi.revokeOwnApiKey, { params: { id } });
    } catch (error) {
      const { messages, status } = apiErrorMessages(error, { ownMessages: "apiKeys.errors" });
      return data({ result: undefined, created: null, revokeErrors: messages }, { status });
    }
    return localizedRedirect(request, PATHS[kind], "apiKeys.flash.revoked");
  }
  const submission = parseWithZod(form, { schema: CreateApiKeySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null, revokeErrors: null }, { status: 400 });
  try {
    const { data: created } = await api.send(kind === "company" ? keysApi.createCompanyApiKey : keysApi.createOwnApiKey, {
      body: submission.value,
    });
    // The secret travels in this answer only: no redirect, no flash cookie, no URL holds it.
    return data({ result: submission.reply({ resetForm: true }), created, revokeErrors: null });
  } catch (error) {
    return replyWithApiError(submission, error, {
      fields: FIELDS,
      ownMessages: "apiKeys.errors",
      data: { created: null, revokeErrors: null },
    });
  }
}

/** Copies `text` to the clipboard; rendered only once JavaScript runs (the text stays selectable without it). */
function CopyButton({ text }: { text: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? t("apiKeys.copied") : t("apiKeys.copy")}
    </button>
  );
}

function NewSecret({ created, kind }: { created: ApiKeyView & { secret: string }; kind: Kind }) {
  const t = useT();
  return (
    <section className="card api-key-secret" aria-labelledby="api-key-secret-heading" role="status">
      <h2 id="api-key-secret-heading">{t("apiKeys.createdHeading", { name: created.name })}</h2>
      <p className="api-key-warning">
        <strong>{t("apiKeys.shownOnce")}</strong>
      </p>
      <label htmlFor="api-key-secret" className="visually-hidden">
        {t("apiKeys.secretLabel")}
      </label>
      <div className="api-key-secret-row">
        <input
          id="api-key-secret"
          className="api-key-secret-value"
          readOnly
          value={created.secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={created.secret} />
      </div>
      <p className="muted small">{t("apiKeys.howToUse")}</p>
      <pre className="api-key-example">
        <code>{`curl -H "Authorization: Bearer ${created.secret}" ${kind === "company" ? "/api/profile/company/products" : "/api/products"}`}</code>
      </pre>
    </section>
  );
}

/** The create form's fields as the browser posts them. */
type KeyFormValues = { name: string; scopes: string[]; expiresAt: string; allowedIps: string; rateLimit: string };

function CreateForm({ kind, result }: { kind: Kind; result?: FormResult }) {
  const t = useT();
  const navigation = useNavigation();
  // Checked by the server only (the action parses with the API's schema): the scopes' checkboxes and
  // the address list are read there exactly as without JavaScript, and one answer shows every error.
  const [form, fields] = useForm<KeyFormValues>({
    id: "api-key-create",
    lastResult: result,
    defaultValue: { rateLimit: String(DEFAULT_RATE_LIMIT) },
  });
  const scopes = kind === "company" ? API_SCOPES : PERSONAL_SCOPES;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  return (
    <section className="card" id="new-key" aria-labelledby="api-key-create-heading">
      <h2 id="api-key-create-heading">{t("apiKeys.createHeading")}</h2>
      <Form method="post" {...getFormProps(form)} className="api-key-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField field={fields.name} label={t("apiKeys.fields.name")} hint={t("apiKeys.hints.name")} maxLength={80} autoComplete="off" />
        <fieldset className="field api-key-scopes" aria-describedby={fields.scopes.errorId}>
          <legend>{t("apiKeys.fields.scopes")}</legend>
          {/* Conform's own props: it keeps a checkbox group's values in sync with the last answer. */}
          {getCollectionProps(fields.scopes, { type: "checkbox", options: [...scopes] }).map(({ key, ...props }) => (
            <label key={key} className="field-check">
              <input {...props} />
              <span>
                <code>{props.value}</code> — {t(`apiKeys.scopes.${props.value.replace(":", "_")}`)}
              </span>
            </label>
          ))}
          <FieldError id={fields.scopes.errorId} errors={fields.scopes.errors} />
        </fieldset>
        <div className="api-key-form-row">
          <InputField field={fields.expiresAt} type="date" label={t("apiKeys.fields.expiresAt")} hint={t("apiKeys.hints.expiresAt")} />
          <InputField
            field={fields.rateLimit}
            type="number"
            min={1}
            max={600}
            label={t("apiKeys.fields.rateLimit")}
            hint={t("apiKeys.hints.rateLimit")}
          />
        </div>
        <div className="field">
          <label htmlFor={fields.allowedIps.id}>{t("apiKeys.fields.allowedIps")}</label>
          <textarea
            {...getTextareaProps(fields.allowedIps)}
            key={fields.allowedIps.key}
            rows={3}
            spellCheck={false}
            placeholder="203.0.113.0/24&#10;2001:db8::/32"
            aria-describedby={describedBy(fields.allowedIps, true)}
          />
          <p id={`${fields.allowedIps.id}-hint`} className="field-hint">
            {t("apiKeys.hints.allowedIps")}
          </p>
          <FieldError
            id={fields.allowedIps.errorId}
            errors={fields.allowedIps.errors}
            overrides={{ invalid_format: "apiKeys.errors.allowedIps" }}
          />
        </div>
        <input type="hidden" name="intent" value="create" />
        <button type="submit" className="button" disabled={busy}>
          {t("apiKeys.create")}
        </button>
      </Form>
    </section>
  );
}

function KeyFacts({ item }: { item: ApiKeyView }) {
  const t = useT();
  const lang = useLang();
  const day = (iso: string) => new Date(iso).toLocaleDateString(lang, { timeZone: "UTC" });
  const moment = (iso: string) => new Date(iso).toLocaleString(lang, { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" }) + " UTC";
  return (
    <dl className="api-key-facts">
      <div>
        <dt>{t("apiKeys.fields.scopes")}</dt>
        <dd>
          {item.scopes.map((scope) => (
            <code key={scope} className="api-key-scope">
              {scope}
            </code>
          ))}
        </dd>
      </div>
      <div>
        <dt>{t("apiKeys.createdBy")}</dt>
        <dd>
          {item.createdBy.name}, {day(item.createdAt)}
        </dd>
      </div>
      <div>
        <dt>{t("apiKeys.fields.expiresAt")}</dt>
        <dd>{item.expiresAt ? day(`${item.expiresAt}T00:00:00Z`) : t("apiKeys.never")}</dd>
      </div>
      <div>
        <dt>{t("apiKeys.lastUsed")}</dt>
        <dd>{item.lastUsedAt ? `${moment(item.lastUsedAt)}${item.lastUsedIp ? ` · ${item.lastUsedIp}` : ""}` : t("apiKeys.notUsed")}</dd>
      </div>
      <div>
        <dt>{t("apiKeys.fields.allowedIps")}</dt>
        <dd>{item.allowedIps.length ? item.allowedIps.join(", ") : t("apiKeys.anyAddress")}</dd>
      </div>
      <div>
        <dt>{t("apiKeys.fields.rateLimit")}</dt>
        <dd>{t("apiKeys.perMinute", { count: item.rateLimit })}</dd>
      </div>
    </dl>
  );
}

function KeyItem({ item }: { item: ApiKeyView }) {
  const t = useT();
  const navigation = useNavigation();
  return (
    <li className={`card api-key api-key-${item.status}`}>
      <div className="api-key-head">
        <h3>{item.name}</h3>
        <span className={`badge ${item.status === "active" ? "badge-ok" : item.status === "revoked" ? "badge-danger" : "badge-warn"}`}>
          {t(`apiKeys.status.${item.status}`)}
        </span>
      </div>
      <p className="api-key-prefix">
        <code>{item.prefix}…</code>
      </p>
      <KeyFacts item={item} />
      {item.status !== "revoked" ? (
        <details className="danger-zone api-key-revoke">
          <summary className="button button-secondary button-small">{t("apiKeys.revoke")}</summary>
          <Form method="post" className="api-key-revoke-form">
            <p className="small">{t("apiKeys.revokeWarning", { name: item.name })}</p>
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              name="intent"
              value="revoke"
              className="button button-danger button-small"
              disabled={navigation.state === "submitting"}
            >
              {t("apiKeys.revokeConfirm", { name: item.name })}
            </button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { kind, manages, keys, managers } = loaderData;
  const created = actionData?.created ?? null;
  const title = t(kind === "company" ? "apiKeys.companyTitle" : "apiKeys.personalTitle");
  if (!manages) {
    return (
      <div className="api-keys">
        <PageHeader title={title} lead={t("apiKeys.companyLead")} />
        <section className="card">
          <p>{t("apiKeys.managedBy")}</p>
          <ul className="api-key-managers">
            {managers.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      </div>
    );
  }
  const active = keys.filter((k) => k.status === "active");
  const inactive = keys.filter((k) => k.status !== "active");
  return (
    <div className="api-keys">
      <PageHeader title={title} lead={t(kind === "company" ? "apiKeys.companyLead" : "apiKeys.personalLead")}>
        <p className="page-actions">
          {created ? null : (
            <a href="#new-key" className="button">
              {t("apiKeys.newKey")}
            </a>
          )}
          <LocaleLink to="/api-docs" className="button button-secondary">
            {t("apiKeys.docs")}
          </LocaleLink>
        </p>
      </PageHeader>
      {created ? <NewSecret created={created} kind={kind} /> : null}
      <FormErrors errors={actionData?.revokeErrors ?? undefined} />
      {keys.length === 0 ? <p className="card empty-state">{t("apiKeys.empty")}</p> : null}
      {active.length ? (
        <ul className="api-key-list" aria-label={t("apiKeys.activeKeys")}>
          {active.map((item) => (
            <KeyItem key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      <CreateForm kind={kind} result={actionData?.result} />
      {inactive.length ? (
        <details className="api-key-inactive">
          <summary>{t("apiKeys.inactiveKeys", { count: inactive.length })}</summary>
          <ul className="api-key-list">
            {inactive.map((item) => (
              <KeyItem key={item.id} item={item} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
