/** `/services`: the service types a Russia–China trade needs, with how many suppliers offer each. */
import type { Route } from "./+types/services";
import { Text, TextParagraph } from "#app/components/catalog/text.tsx";
import { Icon, iconOf } from "#app/components/icon.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as servicesApi from "#contract/services.ts";
import { pageTools } from "#app/lib/page-loader.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export async function loader(args: Route.LoaderArgs) {
  const { api, t, lang } = pageTools(args);
  const { data: types } = await api.send(servicesApi.listServiceTypes, { query: { lang } });
  return { types, seo: { title: t("services.title"), description: t("services.description") } };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="page">
      <PageHeader title={t("services.title")} lead={t("services.description")}>
        <p>
          <LocaleLink to="/services/company" className="button button-secondary">
            {t("services.allOffers")}
          </LocaleLink>
        </p>
      </PageHeader>
      <ul className="category-grid">
        {loaderData.types.map((type) => (
          <li key={type.id} className="card category-card">
            <h2>
              <Icon name={iconOf(type.icon)} size={22} />{" "}
              <LocaleLink to={`/services/company?serviceType=${type.slug}`}>
                <Text value={type.name} />
              </LocaleLink>
            </h2>
            <TextParagraph value={type.description} />
            <p className="muted">{t("services.companyCount", { count: type.companyCount })}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
