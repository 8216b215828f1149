/** Structured data and fact lists shared by the catalogue pages. */
import { useRouteLoaderData } from "react-router";
import { Text } from "./text.tsx";
import { Fact } from "./facts.tsx";

/** A JSON-LD block; `<` is escaped so text from the catalogue cannot close the script element. */
export function JsonLd({ data }: { data: object }) {
  // Every script element of a page carries the CSP nonce, data blocks too (tests/e2e/server.spec.ts).
  const nonce = useRouteLoaderData<{ nonce?: string }>("root")?.nonce;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // oxlint-disable-next-line react/no-danger -- JSON with "<" escaped, the only way to fill a script element
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

type LocalizedText = { text: string; lang: "ru" | "en" | "zh" };

/** Localized key/value facts (specs of a product, facts of a supplier) as a definition list. */
export function FactItems({ facts }: { facts: { key: LocalizedText; value: LocalizedText }[] }) {
  return (
    <>
      {facts.map((fact, i) => (
        <Fact key={i} term={<Text value={fact.key} />}>
          <Text value={fact.value} />
        </Fact>
      ))}
    </>
  );
}
