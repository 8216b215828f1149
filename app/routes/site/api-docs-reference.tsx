/**
 * `/api-docs/reference`: the API reference rendered on the server from the public OpenAPI document
 * (`/api/openapi.json`) — every operation with its parameters, request body, response (`data` and
 * `meta` of the envelope) and error codes, and every named schema. It is what `/api-docs` falls back
 * to without JavaScript (ADR 024), and a plain page that search engines and screen readers read whole.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/api-docs-reference";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { TableHead } from "#app/components/table-head.tsx";

/** The part of JSON Schema (2020-12, as zod writes it) the reference shows. */
type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  prefixItems?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Content = Record<string, { schema?: Schema }>;
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Content };
  responses: Record<string, { description?: string; content?: Content }>;
};
type Doc = {
  info: { title: string; description?: string };
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components?: { schemas?: Record<string, Schema> };
};
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Method = (typeof METHODS)[number];

export async function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const doc = (await context.get(apiContext).openApiDocument()) as Doc;
  return { doc, seo: { title: t("apiDocs.title"), description: t("apiDocs.lead") } };
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
const anchor = (name: string) => `schema-${name}`;
const isNull = (s: Schema) => s.type === "null";
const MAX_SAFE = 9_007_199_254_740_991;

/** Text with Markdown's `code` spans (the document's descriptions use them) shown as code. */
function Prose({ text }: { text: string | undefined }) {
  if (!text) return null;
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/** A description under a heading, as a muted paragraph; nothing when `text` is empty or absent. */
function Note({ text }: { text: string | undefined }) {
  return text ? (
    <p className="muted">
      <Prose text={text} />
    </p>
  ) : null;
}

/** Bounds, lengths and patterns of a schema, as a short line. */
function constraints(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minimum !== undefined && schema.minimum > -MAX_SAFE) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < MAX_SAFE) parts.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0) parts.push(`≥ ${schema.minLength} chars`);
  if (schema.maxLength !== undefined) parts.push(`≤ ${schema.maxLength} chars`);
  if (schema.maxItems !== undefined) parts.push(`≤ ${schema.maxItems} items`);
  if (schema.pattern) parts.push(`/${schema.pattern}/`);
  if (schema.format) parts.push(schema.format);
  return parts.join(", ");
}

/** A schema as a type expression: named schemas link to their section, unions with `|`. */
function TypeOf({ schema }: { schema: Schema | undefined }): ReactNode {
  if (!schema) return <code>any</code>;
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#${anchor(name)}`}>
        <code>{name}</code>
      </a>
    );
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union)
    return (
      <Join
        parts={[...union.filter((s) => !isNull(s)), ...union.filter(isNull)].map((s, i) => (
          <TypeOf key={i} schema={s} />
        ))}
        separator=" | "
      />
    );
  if (schema.allOf?.length === 1) return <TypeOf schema={schema.allOf[0]} />;
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  if (schema.enum) return <code>{schema.enum.map((v) => JSON.stringify(v)).join(" | ")}</code>;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes("array")) {
    if (schema.prefixItems)
      return (
        <>
          [
          <Join
            parts={schema.prefixItems.map((s, i) => (
              <TypeOf key={i} schema={s} />
            ))}
            separator=", "
          />
          ]
        </>
      );
    return <>{schema.items?.properties ? <code>object</code> : <TypeOf schema={schema.items} />}[]</>;
  }
  if (types.includes("object") && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return (
      <>
        <code>{"{ [key]: "}</code>
        <TypeOf schema={schema.additionalProperties} />
        <code>{" }"}</code>
      </>
    );
  }
  return <code>{types.length > 0 ? types.join(" | ") : "any"}</code>;
}

function Join({ parts, separator }: { parts: ReactNode[]; separator: string }) {
  return parts.map((part, i) => (
    <span key={i}>
      {i > 0 ? separator : null}
      {part}
    </span>
  ));
}

/** The object a schema describes inline (not a named one), looking through arrays and `| null`. */
function inlineObject(schema: Schema | undefined): Schema | null {
  if (!schema || schema.$ref) return null;
  if (schema.properties) return schema;
  if (schema.items) return inlineObject(schema.items);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const objects = union.map(inlineObject).filter((s): s is Schema => s !== null);
    return objects.length === 1 ? objects[0]! : null;
  }
  return null;
}

/** The fields of an object schema; inline objects nest (named ones link to their section). */
function Fields({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const { t } = useTranslation();
  const required = new Set(schema.required ?? []);
  return (
    <table className="table api-fields">
      <TableHead columns={[t("apiDocs.field"), t("apiDocs.type"), t("apiDocs.description")]} />
      <tbody>
        {Object.entries(schema.properties ?? {}).map(([name, property]) => {
          const nested = depth < 3 ? inlineObject(property) : null;
          const limits = constraints(property);
          return (
            <tr key={name}>
              <td>
                <code>{name}</code>
                {required.has(name) ? <span className="muted"> · {t("apiDocs.required")}</span> : null}
              </td>
              <td>
                <TypeOf schema={property} />
                {limits ? <div className="muted">{limits}</div> : null}
                {property.default !== undefined ? (
                  <div className="muted">
                    {t("apiDocs.default")}: <code>{JSON.stringify(property.default)}</code>
                  </div>
                ) : null}
              </td>
              <td>
                <Prose text={property.description} />
                {nested ? <Fields schema={nested} depth={depth + 1} /> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A body or response schema: the fields of an object written inline, else its type. */
function SchemaBlock({ schema }: { schema: Schema | undefined }) {
  const inline = schema?.properties ? schema : null;
  return inline ? (
    <Fields schema={inline} />
  ) : (
    <p>
      <TypeOf schema={schema} />
    </p>
  );
}

/** Whether the operation needs a caller (no empty requirement `{}` among its alternatives). */
function signInOnly(security: unknown[] | undefined): boolean {
  return Boolean(security?.length) && !security!.some((r) => r && typeof r === "object" && Object.keys(r).length === 0);
}

/** The API-key scopes an operation names (ADR 052), from its `apiKey` requirement. */
function keyScopes(security: unknown[] | undefined): string[] {
  const requirement = security?.find((r): r is { apiKey: string[] } => Boolean(r && typeof r === "object" && "apiKey" in r));
  return requirement?.apiKey ?? [];
}

function OperationCard({ method, path, op }: { method: Method; path: string; op: Operation }) {
  const { t } = useTranslation();
  const parameters = op.parameters ?? [];
  const body = op.requestBody?.content ? Object.entries(op.requestBody.content)[0] : undefined;
  const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
  const failures = Object.entries(op.responses).filter(([status]) => !status.startsWith("2"));
  return (
    <article id={op.operationId ? `op-${op.operationId}` : undefined} className="card api-op">
      <h3>
        <span className="badge">{method.toUpperCase()}</span> <code>{path}</code>
        {signInOnly(op.security) ? (
          <span className="badge badge-warn" title={t("apiDocs.signedIn")}>
            auth
          </span>
        ) : null}
      </h3>
      {keyScopes(op.security).length ? (
        <p className="api-op-keys">
          {keyScopes(op.security).map((scope) => (
            <span key={scope} className="badge">
              API key: {scope}
            </span>
          ))}
        </p>
      ) : null}
      <p>
        <Prose text={op.summary} />
      </p>
      <Note text={op.description} />
      {parameters.length > 0 ? (
        <table className="table">
          <TableHead columns={[t("apiDocs.parameter"), t("apiDocs.in"), t("apiDocs.type"), t("apiDocs.default")]} />
          <tbody>
            {parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <td>
                  <code>{p.name}</code>
                  {p.required ? " *" : ""}
                  {p.description ? (
                    <div className="muted">
                      <Prose text={p.description} />
                    </div>
                  ) : null}
                </td>
                <td>{p.in}</td>
                <td>
                  <TypeOf schema={p.schema} /> <span className="muted">{p.schema ? constraints(p.schema) : ""}</span>
                </td>
                <td>
                  {p.schema?.default !== undefined ? (
                    <code>{typeof p.schema.default === "string" ? p.schema.default : JSON.stringify(p.schema.default)}</code>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {body ? (
        <section>
          <h4>
            {t("apiDocs.requestBody")} <span className="muted">({body[0]})</span>
          </h4>
          <SchemaBlock schema={body[1].schema} />
        </section>
      ) : null}
      {success.map(([status, response]) => {
        const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
        return (
          <section key={status}>
            <h4>
              {t("apiDocs.response")} <code>{status}</code> {type ? <span className="muted">({type})</span> : null}
            </h4>
            {/* A response described only by the operation's summary would say it twice. */}
            <Note text={response.description !== op.summary ? response.description : undefined} />
            {media?.schema ? <SchemaBlock schema={media.schema} /> : null}
          </section>
        );
      })}
      {failures.length > 0 ? (
        <section>
          <h4>{t("apiDocs.errors")}</h4>
          <ul className="plain-list">
            {failures.map(([status, response]) => (
              <li key={status}>
                <code>{status}</code> <Prose text={response.description} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

export default function ApiDocsReference({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { doc } = loaderData;
  const byTag = new Map<string, [Method, string, Operation][]>();
  let count = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      count++;
      const tag = op.tags?.[0] ?? "API";
      byTag.set(tag, [...(byTag.get(tag) ?? []), [method, path, op]]);
    }
  }
  const tags = [...byTag.keys()].sort((a, b) => a.localeCompare(b));
  const schemas = Object.entries(doc.components?.schemas ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>{t("apiDocs.title")}</h1>
        <p className="page-lead" lang="en">
          <Prose text={doc.info.description} />
        </p>
        <p className="api-docs-actions">
          <LocaleLink to="/api-docs" className="button" reloadDocument>
            {t("apiDocs.interactive")}
          </LocaleLink>{" "}
          <a href="/api/openapi.json" className="button button-secondary" download>
            {t("apiDocs.download")}
          </a>{" "}
          {/* A document page (ADR 035): loaded whole, not by the client router. */}
          <LocaleLink to="/api-docs/mcp" className="button button-secondary" reloadDocument>
            {t("apiDocs.mcp")}
          </LocaleLink>
        </p>
      </header>
      <nav aria-labelledby="api-contents" className="sections-block">
        <h2 id="api-contents">
          {t("apiDocs.contents")} <span className="muted">· {t("apiDocs.operations", { count })}</span>
        </h2>
        <ul className="plain-list api-contents" lang="en">
          {tags.map((tag) => (
            <li key={tag}>
              <a href={`#tag-${tag.replace(/\W+/g, "-")}`}>{tag}</a> <span className="muted">({byTag.get(tag)!.length})</span>
            </li>
          ))}
          <li>
            <a href="#schemas">{t("apiDocs.schemas")}</a>
          </li>
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={`tag-${tag.replace(/\W+/g, "-")}`} className="sections-block" lang="en">
          <h2>{tag}</h2>
          {byTag.get(tag)!.map(([method, path, op]) => (
            <OperationCard key={`${method} ${path}`} method={method} path={path} op={op} />
          ))}
        </section>
      ))}
      <section id="schemas" className="sections-block" lang="en">
        <h2>{t("apiDocs.schemas")}</h2>
        {schemas.map(([name, schema]) => (
          <article key={name} id={anchor(name)} className="card api-op">
            <h3>
              <code>{name}</code>
            </h3>
            <Note text={schema.description} />
            {schema.properties ? (
              <Fields schema={schema} />
            ) : (
              <p>
                <TypeOf schema={schema} />
              </p>
            )}
          </article>
        ))}
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
