/** `/{lang}/_icons` (svg-sprite layout): every icon of the sprite with its name. */
import type { Route } from "./+types/icons";
import { Icon } from "#app/components/icon.tsx";
import { ICON_NAMES } from "#app/lib/icon-names.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { useT } from "#app/lib/use-t.ts";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { seo: { title: t("icons.title") } };
}

export default function Icons() {
  const t = useT();
  return (
    <main id="main" className="page">
      <h1>{t("icons.heading")}</h1>
      <p className="page-lead">{t("icons.lead")}</p>
      <ul className="icon-grid">
        {ICON_NAMES.map((name) => (
          <li key={name} className="icon-cell">
            <Icon name={name} size={32} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => [...routeMeta(args), { name: "robots", content: "noindex" }];
