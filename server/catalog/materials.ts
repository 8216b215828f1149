/**
 * Material adjectives as buyers type them, and the words customs titles use (catalogue search, ADR
 * 007 addendum). The demo catalogue and most real product names follow TN VED headings, which name
 * a material by its noun or a fixed phrase — «Трубы … из черных металлов», «… из коррозионностойкой
 * стали», «изделия из меди» — while a buyer writes «труба стальная», «кабель медный». Russian stemming
 * keeps the adjective apart from the noun (стальная → «стальн», стали → «стал»), so every word being
 * required found nothing for «труба стальная». A query word that is such an adjective (any case or
 * gender: matched by its stem) also matches the nouns and phrases listed here.
 *
 * `materialAlternatives(word)` → the alternatives (each one word or a phrase of words), or [] when
 * the word is no material adjective. Source of the phrases: the TN VED EAEU section XV and VII, XI
 * titles (`../shared/data` classifiers): черные металлы (72–73), медь (74), алюминий (76) …
 */
const MATERIALS: [stem: RegExp, alternatives: string[]][] = [
  [/^стальн/, ["сталь", "черных металлов"]],
  [/^нержавеющ/, ["коррозионностойкой стали"]],
  [/^чугун/, ["чугун", "чугунного литья"]],
  [/^медн/, ["медь"]],
  [/^латунн/, ["латунь", "медных сплавов"]],
  [/^бронзов/, ["бронза", "медных сплавов"]],
  [/^алюминиев/, ["алюминий"]],
  [/^никелев/, ["никель"]],
  [/^цинков/, ["цинк"]],
  [/^свинцов/, ["свинец"]],
  [/^оловянн/, ["олово"]],
  [/^титанов/, ["титан"]],
  [/^пластиков/, ["пластмасс", "пластик", "полимер"]],
  [/^пластмассов/, ["пластмасс", "полимер"]],
  [/^резинов/, ["резина", "вулканизованной резины"]],
  [/^деревянн/, ["древесина", "дерево"]],
  [/^стеклянн/, ["стекло"]],
  [/^керамическ/, ["керамика"]],
  [/^хлопков/, ["хлопок", "хлопчатобумажн"]],
  [/^хлопчатобумажн/, ["хлопок"]],
  [/^шерстян/, ["шерсть"]],
  [/^шелков/, ["шелк"]],
  [/^кожан/, ["кожа", "натуральной кожи"]],
  [/^бумажн/, ["бумага"]],
  [/^картонн/, ["картон"]],
];

/** The nouns and phrases a material adjective also matches; [] for any other word. */
export function materialAlternatives(word: string): string[][] {
  const lower = word.toLowerCase().replaceAll("ё", "е");
  for (const [stem, alternatives] of MATERIALS) if (stem.test(lower)) return alternatives.map((a) => a.split(" "));
  return [];
}
