/** Structured data and fact lists shared by the catalogue pages. */
import { useRouteLoaderData } from "react-router";
import { Text } from "#app/components/catalog/text.tsx";
import { Fact } from "#app/components/catalog/facts.tsx";
import { ScriptData } from "#app/components/script-data.tsx";

/** A JSON-LD block; `<` is escaped so text from the catalogue cannot close the script element. */
export function JsonLd({ data }: { data: object }) {
  const nonce = useRouteLoaderData<{ nonce?: string }>("root")?.nonce;
  return <ScriptData type="application/ld+json" data={data} nonce={nonce} />;
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
