/**
 * One legal entity of a supplier as a definition list: its kind and short name (written in Russian,
 * as registered), INN, KPP when it has one, and OGRN — OGRNIP for an individual entrepreneur. Used
 * by the public supplier page and the supplier's own company card, so both read the same.
 */
import { useT } from "../../lib/use-t.ts";

export interface LegalEntityFactsProps {
  kind: string;
  nameShort: string | null;
  nameFull: string | null;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
}

export function LegalEntityFacts({ entity, className = "facts" }: { entity: LegalEntityFactsProps; className?: string }) {
  const t = useT();
  return (
    <dl className={className}>
      <div>
        <dt>{t(`suppliers.entityKind.${entity.kind}`)}</dt>
        <dd lang="ru">{entity.nameShort ?? entity.nameFull}</dd>
      </div>
      <div>
        <dt>{t("suppliers.inn")}</dt>
        <dd className="code-ref">{entity.inn}</dd>
      </div>
      {entity.kpp ? (
        <div>
          <dt>{t("suppliers.kpp")}</dt>
          <dd className="code-ref">{entity.kpp}</dd>
        </div>
      ) : null}
      {entity.ogrn ? (
        <div>
          <dt>{entity.kind === "individual" ? t("suppliers.ogrnip") : t("suppliers.ogrn")}</dt>
          <dd className="code-ref">{entity.ogrn}</dd>
        </div>
      ) : null}
    </dl>
  );
}
