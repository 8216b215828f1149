/**
 * `/api-docs/mcp` (and `/en/…`, `/zh/…`): "AI assistants (MCP)" — how to connect an assistant
 * (Claude Code, Claude Desktop, Cursor, any client through `npx mcp-remote`) to the site's MCP
 * server (issue 29 §3; ADR 055): the endpoint on this origin, configuration snippets with the
 * `Authorization` header of an API key, the tools with the scope each needs, the limits and the
 * error codes. A plain server-rendered document (no JavaScript needed); the tools' list comes from
 * contract/mcp.ts, which the server checks its tools against.
 */
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/api-docs-mcp";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { servicesContext } from "#app/context.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { documentHandle } from "#app/lib/documents.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { TableHead } from "#app/components/table-head.tsx";
import { MCP_ERROR_CODES, MCP_IP_PER_MINUTE, MCP_PATH, MCP_TOOLS } from "#contract/mcp.ts";
import pageStyles from "./api-docs-mcp.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export function loader({ context, request }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const services = context.get(servicesContext);
  const origin = (services.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
  return { endpoint: `${origin}${MCP_PATH}`, seo: { title: t("mcpDocs.title"), description: t("mcpDocs.lead") } };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

// A document (ADR 035): nothing on the page needs the client runtime.
export const handle = documentHandle;

/** The placeholder every snippet shows where the reader's key goes. */
const KEY = "pk_live_…";

/** Configuration snippets per client, with the endpoint filled in. */
function snippets(endpoint: string) {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: "claude-code",
      title: "Claude Code",
      files: [
        { label: "terminal", code: `claude mcp add --transport http postavka ${endpoint} \\\n  --header "Authorization: Bearer ${KEY}"` },
        {
          label: ".mcp.json",
          code: json({ mcpServers: { postavka: { type: "http", url: endpoint, headers: { Authorization: `Bearer ${KEY}` } } } }),
        },
      ],
    },
    {
      id: "claude-desktop",
      title: "Claude Desktop",
      files: [
        {
          label: "claude_desktop_config.json",
          code: json({
            mcpServers: {
              postavka: {
                command: "npx",
                args: ["-y", "mcp-remote", endpoint, "--header", "Authorization:${AUTH_HEADER}"],
                env: { AUTH_HEADER: `Bearer ${KEY}` },
              },
            },
          }),
        },
      ],
    },
    {
      id: "cursor",
      title: "Cursor",
      files: [
        {
          label: "~/.cursor/mcp.json",
          code: json({ mcpServers: { postavka: { url: endpoint, headers: { Authorization: `Bearer ${KEY}` } } } }),
        },
      ],
    },
    {
      id: "mcp-remote",
      title: "mcp-remote",
      files: [{ label: "terminal", code: `npx -y mcp-remote ${endpoint} --header "Authorization: Bearer ${KEY}"` }],
    },
  ];
}

export default function ApiDocsMcp({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { endpoint } = loaderData;
  return (
    <main id="main" className="page mcp-docs">
      <header className="page-header">
        <h1>{t("mcpDocs.title")}</h1>
        <p className="page-lead">{t("mcpDocs.lead")}</p>
        <p className="api-docs-actions">
          <LocaleLink to="/api-docs/reference" className="button button-secondary">
            {t("apiDocs.plain")}
          </LocaleLink>{" "}
          <LocaleLink to="/profile/settings/api-keys" className="button button-secondary">
            {t("mcpDocs.createKey")}
          </LocaleLink>
        </p>
      </header>

      <section className="card sections-block" aria-labelledby="mcp-endpoint">
        <h2 id="mcp-endpoint">{t("mcpDocs.endpointHeading")}</h2>
        <p>
          <code className="mcp-endpoint">{endpoint}</code>
        </p>
        <p>{t("mcpDocs.transport")}</p>
        <p>{t("mcpDocs.auth")}</p>
        <ul>
          <li>
            <LocaleLink to="/profile/settings/api-keys">{t("mcpDocs.personalKey")}</LocaleLink>
          </li>
          <li>
            <LocaleLink to="/profile/company/api-keys">{t("mcpDocs.companyKey")}</LocaleLink>
          </li>
        </ul>
      </section>

      <section className="sections-block" aria-labelledby="mcp-clients">
        <h2 id="mcp-clients">{t("mcpDocs.clientsHeading")}</h2>
        <p>{t("mcpDocs.clientsLead")}</p>
        {snippets(endpoint).map((client) => (
          <article key={client.id} id={`client-${client.id}`} className="card mcp-client">
            <h3>{client.title}</h3>
            <p className="muted">{t(`mcpDocs.clients.${client.id.replace("-", "_")}`)}</p>
            {client.files.map((file) => (
              <figure key={file.label} className="mcp-snippet">
                <figcaption>
                  <code>{file.label}</code>
                </figcaption>
                <pre lang="en">
                  <code>{file.code}</code>
                </pre>
              </figure>
            ))}
          </article>
        ))}
      </section>

      <section className="sections-block" aria-labelledby="mcp-tools">
        <h2 id="mcp-tools">{t("mcpDocs.toolsHeading")}</h2>
        <p>{t("mcpDocs.toolsLead")}</p>
        <div className="card mcp-table">
          <table className="table">
            <TableHead columns={[t("mcpDocs.tool"), t("mcpDocs.what"), t("mcpDocs.scope")]} />
            <tbody>
              {MCP_TOOLS.map((tool) => (
                <tr key={tool.name}>
                  <td>
                    <code>{tool.name}</code>
                    {/* A phone hides the scope column and shows the scope here instead (api-docs-mcp.css). */}
                    <div className="mcp-scope-inline muted">
                      <code>{tool.scope}</code> · {tool.needsKey ? t("mcpDocs.keyRequired") : t("mcpDocs.keyOptional")}
                    </div>
                  </td>
                  <td>{t(`mcpDocs.tools.${tool.name}`)}</td>
                  <td>
                    <code>{tool.scope}</code>
                    <div className="muted">{tool.needsKey ? t("mcpDocs.keyRequired") : t("mcpDocs.keyOptional")}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card sections-block" aria-labelledby="mcp-limits">
        <h2 id="mcp-limits">{t("mcpDocs.limitsHeading")}</h2>
        <ul>
          <li>{t("mcpDocs.limitIp", { count: MCP_IP_PER_MINUTE })}</li>
          <li>{t("mcpDocs.limitKey")}</li>
          <li>{t("mcpDocs.sameAsApi")}</li>
        </ul>
        <h3>{t("mcpDocs.errorsHeading")}</h3>
        <ul>
          <li>
            <code>-32602</code> — {t("mcpDocs.errorInvalid")}
          </li>
          <li>
            <code>{MCP_ERROR_CODES.forbidden}</code> — {t("mcpDocs.errorForbidden")}
          </li>
          <li>
            <code>{MCP_ERROR_CODES.rateLimited}</code> — {t("mcpDocs.errorRate")}
          </li>
          <li>
            <code>isError</code> — {t("mcpDocs.errorTool")}
          </li>
        </ul>
      </section>
    </main>
  );
}
