/** `/api-docs`: the API reference, rendered from the OpenAPI document the API serves. */
import type { Route } from "./+types/api-docs";
import { apiContext } from "../context.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { getInstance } from "../middleware/i18next.ts";
import { useT } from "../lib/use-t.ts";
import { PageHeader } from "../components/page-header.tsx";

type Schema = { type?: string; enum?: string[]; default?: unknown; minimum?: number; maximum?: number; pattern?: string; maxLength?: number };
type Parameter = { name: string; in: string; required: boolean; description?: string; schema: Schema };
type Operation = { tags: string[]; summary: string; description?: string; parameters: Parameter[]; responses: Record<string, { description: string }> };
type Doc = {
  info: { title: string; description: string };
  paths: Record<string, Partial<Record<"get" | "post" | "put" | "patch" | "delete", Operation>>>;
};
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const doc = (await context.get(apiContext).request<unknown>("GET", "/api/openapi.json")) as unknown as Doc;
  return { doc, seo: { title: t("apiDocs.title"), description: doc.info.description } };
}

function constraints(schema: Schema): string {
  const parts: string[] = [];
  if (schema.enum) parts.push(schema.enum.join(" | "));
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < 1e15) parts.push(`≤ ${schema.maximum}`);
  if (schema.maxLength !== undefined) parts.push(`≤ ${schema.maxLength} chars`);
  if (schema.pattern) parts.push(`/${schema.pattern}/`);
  return parts.join(", ");
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { doc } = loaderData;
  const byTag = new Map<string, [string, string, Operation][]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags[0] ?? "API";
      byTag.set(tag, [...(byTag.get(tag) ?? []), [method, path, op]]);
    }
  }
  return (
    <main id="main" className="page">
      <PageHeader title={t("apiDocs.title")}>
        <p className="page-lead" lang="en">
          {doc.info.description}
        </p>
        <p>
          <a href="/api/openapi.json" className="button button-secondary" download>
            {t("apiDocs.download")}
          </a>
        </p>
      </PageHeader>
      {[...byTag.entries()].map(([tag, ops]) => (
        <section key={tag} className="sections-block" lang="en">
          <h2>{tag}</h2>
          {ops.map(([method, path, op]) => (
            <article key={`${method} ${path}`} className="card api-op">
              <h3>
                <span className="badge">{method.toUpperCase()}</span> <code>{path}</code>
              </h3>
              <p>{op.summary}</p>
              {op.description ? <p className="muted">{op.description}</p> : null}
              {op.parameters.length > 0 ? (
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{t("apiDocs.parameter")}</th>
                      <th scope="col">{t("apiDocs.in")}</th>
                      <th scope="col">{t("apiDocs.type")}</th>
                      <th scope="col">{t("apiDocs.default")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {op.parameters.map((p) => (
                      <tr key={`${p.in}-${p.name}`}>
                        <td>
                          <code>{p.name}</code>
                          {p.required ? " *" : ""}
                        </td>
                        <td>{p.in}</td>
                        <td>
                          {p.schema.type ?? "string"} <span className="muted">{constraints(p.schema)}</span>
                        </td>
                        <td>{p.schema.default !== undefined ? <code>{String(p.schema.default)}</code> : "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              <ul className="plain-list">
                {Object.entries(op.responses).map(([status, response]) => (
                  <li key={status}>
                    <code>{status}</code> {response.description}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </section>
      ))}
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
