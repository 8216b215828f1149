/**
 * The language of a message, told cheaply from its letters: Han characters → `zh`, Cyrillic →
 * `ru`, Latin → `en`, whichever script has the most letters; a text without letters (numbers, a
 * link) is in the sender's UI language `fallback`. Good enough to label a message and to offer
 * translation; not a language detector.
 */
import type { Lang } from "#contract/langs.ts";

export function messageLang(text: string, fallback: Lang): Lang {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  // A Han character carries about a word: weigh it so a Chinese sentence with a Latin model number stays Chinese.
  const scores: [Lang, number][] = [
    ["zh", han * 3],
    ["ru", cyrillic],
    ["en", latin],
  ];
  const [best] = scores.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : fallback;
}
