/**
 * One legal entity of a supplier as a definition list: its kind and short name (written in Russian,
 * as registered), INN, KPP when it has one, and OGRN — OGRNIP for an individual entrepreneur. Used
 * by the public supplier page, the supplier's own company card and its legal entities page, so all
 * read the same.
 */
import { useT } from "#app/lib/use-t.ts";
import { Fact } from "./facts.tsx";

export interface LegalEntityFactsProps {
  kind: string;
  nameShort: string | null;
  nameFull: string | null;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
}

/** `withKind={false}` leaves out the first line (a page that shows the kind and name as a heading). */
export function LegalEntityFacts({
  entity,
  className = "facts",
  withKind = true,
}: {
  entity: LegalEntityFactsProps;
  className?: string;
  withKind?: boolean;
}) {
  const t = useT();
  return (
    <dl className={className}>
      {withKind ? (
        <Fact term={t(`suppliers.entityKind.${entity.kind}`)} lang="ru">
          {entity.nameShort ?? entity.nameFull}
        </Fact>
      ) : null}
      <Fact term={t("suppliers.inn")} className="code-ref">
        {entity.inn}
      </Fact>
      {entity.kpp ? (
        <Fact term={t("suppliers.kpp")} className="code-ref">
          {entity.kpp}
        </Fact>
      ) : null}
      {entity.ogrn ? (
        <Fact term={entity.kind === "individual" ? t("suppliers.ogrnip") : t("suppliers.ogrn")} className="code-ref">
          {entity.ogrn}
        </Fact>
      ) : null}
    </dl>
  );
}
