/**
 * Titled parts of the public product, supplier and service-offer pages (server-rendered; no island
 * state): a list section left out when empty, a supplier-written description with its machine
 * translation note, a document's download link and a link to a service offer.
 */
import type { ReactNode } from "react";
import type { DocumentRef } from "#contract/common.ts";
import type { LocalizedText } from "#contract/lang-schemas.ts";
import type { ContentTranslation } from "#contract/translation.ts";
import { TranslationNote } from "#app/components/content/translations.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Text } from "#app/components/catalog/text.tsx";

/**
 * `<section>` (a `card` when `card`) with an `<h2>` and a `<ul>` of `items`: one `<li>` an item,
 * keyed by `itemKey` and filled by `children`; nothing at all when `items` is empty.
 */
export function ListSection<T>({
  title,
  items,
  itemKey,
  card,
  listClassName,
  children,
}: {
  title: ReactNode;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  card?: boolean;
  listClassName?: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section className={card ? "card" : undefined}>
      <h2>{title}</h2>
      <ul className={listClassName}>
        {items.map((item) => (
          <li key={itemKey(item)}>{children(item)}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A product's or supplier's description as a card: the text in its own language (line breaks kept)
 * and, when it is a machine translation, the note with the original.
 */
export function DescriptionCard({
  title,
  description,
  translations,
}: {
  title: string;
  description: LocalizedText;
  translations: ContentTranslation[] | undefined;
}) {
  return (
    <section className="card">
      <h2>{title}</h2>
      <p className="prewrap" lang={description.lang}>
        {description.text}
      </p>
      <TranslationNote translations={translations} field="description" />
    </section>
  );
}

/** A download link to an uploaded document, named by its title or else by its file name. */
export function DocumentLink({ file }: { file: Pick<DocumentRef, "url" | "title"> }) {
  return (
    <a href={file.url} download>
      {file.title?.text ?? file.url.split("/").pop()}
    </a>
  );
}

/** A link to a supplier's service offer (`/services/company/{id}`), named by its service type. */
export function ServiceOfferLink({ offer }: { offer: { id: number; serviceType: { name: LocalizedText } } }) {
  return (
    <LocaleLink to={`/services/company/${offer.id}`}>
      <Text value={offer.serviceType.name} />
    </LocaleLink>
  );
}
