/**
 * Product names derived from the official TN VED EAEU texts.
 *
 * Russian: the heading's (4-digit) name in sentence case, cut at the first «;»/«:», without
 * parentheses, and shortened to its leading comma clauses; then the distinguishing fragment of the
 * 10-digit or 6-digit line when it says something («прочие», references to other headings and the
 * like are skipped). When the fragment is itself a noun phrase naming the goods («машины
 * вычислительные портативные…» under «Вычислительные машины…»), it becomes the name on its own.
 *
 * English: the HS 2022 6-digit description (UN Comtrade wording) without parentheses and «n.e.c.»
 * clauses, with inverted heads put straight («Tea, green; …» → «Green tea, …»), shortened to its
 * leading clauses.
 *
 * The functions are pure and deterministic; products.ts appends grades and standards.
 */

export interface TnvedText {
  code: string;
  nameRu: string;
  nameEn: string | null;
}

const RU_MAX = 60;
const EN_MAX = 72;

/** Words after which the rest of a heading clause only narrows it («шириной 600 мм или более»). */
const RU_QUALIFIERS =
  /\s(?:шириной|толщиной|диаметром|массой|мощностью|с удельным|нетто-массой|содержащие|содержащий|в первичных упаковках|путем|посредством|с помощью)\s/;
/** Clauses that never start a useful continuation. */
const RU_SKIP_CLAUSE =
  /^(?:включая|кроме|за исключением|например|в другом месте|не включенн|прочие|прочий|прочая|прочее|и их части|и аналогичн)/;
/** End of a word (JavaScript's \b knows ASCII letters only). */
const END = "(?=$|[\\s,.:;])";
/** Fragments that say nothing about the goods. */
const RU_USELESS = new RegExp(
  `^(?:прочи[еяйхм]|прочее|прочая|другие|остальные)${END}|товарн(?:ой|ых) позици|субпозици|примечани|промышленной сборки|авиационн|воздушных судов|в другом месте|\\?`,
);
/** «… товарной позиции 8407 или 8408» and the like at the end of a clause. */
const RU_REFERENCE = /\s+(?:товарн\S+ позици\S+|групп\S+)\s+[\d\s,–-]+(?:(?:или|и)\s+\d+)*$/;
/** A first word that is a preposition, particle or participle/adjective, not a noun. */
const RU_NOT_NOUN =
  /^(?:из|для|с|со|в|во|на|без|не|по|от|до|или|и|к|массой|шириной|толщиной|диаметром|мощностью|содержащ\S*|предназначенн\S*|используем\S*|\S+(?:ые|ие|ый|ий|ая|яя|ое|ее|ой))$/;

/** Removes parenthesised parts, including nested ones. */
function stripParens(text: string): string {
  let out = text;
  let previous = "";
  while (out !== previous) {
    previous = out;
    out = out.replace(/\s*\([^()]*\)/g, "");
  }
  // An opening parenthesis left without its closing one (the source cut the text).
  out = out.replace(/\s*\([^)]*$/, "");
  return out
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([,;:])/g, "$1")
    .trim();
}

/** Fixes characters lost in the source encoding (м² and м³ came through as «м?»). */
function fixEncoding(text: string): string {
  return text
    .replace(/\s*\d\)(?=$|[\s,;:])/g, "")
    .replace(/(\d\s?(?:к?г\/)?(?:к?м|см|мм|М|СМ|ММ))\?/g, "$1²")
    .replace(/·м\/см\?/g, "·м/см²");
}

/** «ТРУБЫ, ТРУБКИ …» → «Трубы, трубки …»; keeps Latin abbreviations such as OSB or LED. */
export function sentenceCase(text: string): string {
  const hasLower = /[а-яё]/.test(text);
  const lowered = hasLower ? text : text.replace(/[А-ЯЁ]+/g, (word) => word.toLowerCase());
  return lowered.charAt(0).toUpperCase() + lowered.slice(1);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Splits at commas that are not inside parentheses. */
function clauses(text: string): string[] {
  // «0,5 мас.%» has no space after its comma, a clause boundary has one.
  return text
    .split(/,\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** Joins leading clauses while the result stays within `max` characters (at least one clause). */
function leadingClauses(parts: string[], max: number, skip?: RegExp): string {
  let out = parts[0] ?? "";
  for (const part of parts.slice(1)) {
    if (skip?.test(part)) break;
    if (out.length + 2 + part.length > max) break;
    out = `${out}, ${part}`;
  }
  return out;
}

/**
 * The Russian heading name, shortened (see the module comment). `part` picks another «;»-separated
 * part of the heading when the goods are named there («…; телевизионные камеры, цифровые камеры…»).
 */
export function headingBaseRu(headingName: string, part = 0): string {
  const parts0 = fixEncoding(headingName)
    .split(/[;:]/)
    .map((p) => p.trim());
  let text = sentenceCase(parts0[part] ?? parts0[0]!);
  text = stripParens(text);
  const parts = clauses(text).map((c) => c.replace(RU_REFERENCE, ""));
  let first = parts[0] ?? text;
  if (first.length > RU_MAX) {
    const cut = first.search(RU_QUALIFIERS);
    if (cut > 10) first = first.slice(0, cut);
  }
  for (const conjunction of [" или ", " и "]) {
    if (first.length <= RU_MAX) break;
    // «Краски и лаки на основе синтетических полимеров или …» → up to the last «или» after a noun.
    const at = first.lastIndexOf(conjunction, RU_MAX);
    const head = at > 0 ? first.slice(0, at) : "";
    if (head.split(" ").length >= 3 && !/(?:ого|его|ых|их|ой|ей|ый|ий)$/.test(head)) first = head;
  }
  // A one-word first clause («Трубы», «Лесоматериалы», «Части») takes the following clauses along.
  if (first.split(" ").length <= 2 && first.length < 25) {
    const joined = leadingClauses([first, ...parts.slice(1)], 40, RU_SKIP_CLAUSE);
    if (joined !== first || first.split(" ").length > 1 || !parts[1] || RU_SKIP_CLAUSE.test(parts[1])) return joined;
    return parts[1].length <= 70 ? `${first}, ${parts[1]}` : first;
  }
  return first;
}

/** A fragment of a 6- or 10-digit line, cleaned, or null when it says nothing useful. */
export function usefulFragment(line: string | null | undefined, max = 55): string | null {
  if (!line) return null;
  let text = fixEncoding(line)
    .trim()
    .replace(/[:;.]+$/, "");
  // «прочий чай зеленый» → «чай зеленый»; «прочие, из коррозионностойкой стали» → «из коррозионностойкой стали».
  text = text.replace(/^прочи[еяйх],?\s+(?=\S)/, "");
  if (RU_USELESS.test(text)) return null;
  // A fragment opening with a genitive adjective («органических удобрений») continues a line the source left out.
  if (/^\S+(?:ых|их|ого|его)(?=$|[\s,])/.test(text)) return null;
  text = stripParens(text);
  text = text.split(/;/)[0]!.trim();
  // A trailing «прочие»/«прочий» etc. adds nothing.
  text = text.replace(/,?\s+прочи[еяйх]$/, "").trim();
  if (!text || RU_USELESS.test(text) || text.length > max || text.length < 3) return null;
  return text;
}

/** Lower-cased word stems (first 5 letters) of a text, for «does the fragment name the goods». */
function stems(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^а-яёa-z0-9-]+/)
      .filter((w) => w.length >= 3)
      .map((w) => w.slice(0, 5)),
  );
}

/** True when `fragment` starts with a noun that also occurs in the heading text. */
function namesTheGoods(fragment: string, headingName: string): boolean {
  const first = fragment.split(/[\s,]+/)[0]!.toLowerCase();
  const isNoun = !RU_NOT_NOUN.test(first) || /(?:ние|тие|вие)$/.test(first);
  const words = fragment.split(/\s+/).length;
  return (
    isNoun &&
    first.length >= 3 &&
    (words >= 2 || !headingName.toLowerCase().startsWith(first.slice(0, 5))) &&
    stems(headingName).has(first.slice(0, 5))
  );
}

/**
 * The Russian product name for a 10-digit code: heading base plus the most specific useful
 * fragment (10-digit line first, then the 6-digit line).
 */
export function productNameRu(heading: TnvedText, sub: TnvedText | undefined, item: TnvedText, part = 0): string {
  const base = headingBaseRu(heading.nameRu, part);
  // The 6-digit line names the kind of goods; the 10-digit one mostly adds a size or a use, so it
  // is taken only when the 6-digit line says nothing. A longer fragment is fine when it names the goods.
  for (const line of [sub?.nameRu, item.nameRu]) {
    const long = usefulFragment(line, 85);
    if (long && namesTheGoods(long, heading.nameRu)) return capitalize(long);
    // «чай черный и частично ферментированный, в первичных упаковках…» → its first clause.
    const head = usefulFragment(clauses(stripParens(line ?? ""))[0], 60);
    if (head && namesTheGoods(head, heading.nameRu) && head.split(" ").length >= 2) return capitalize(head);
    const fragment = usefulFragment(line);
    if (!fragment) continue;
    const baseStems = stems(base);
    if ([...stems(fragment)].every((s) => baseStems.has(s))) return base;
    return `${base}, ${fragment}`;
  }
  return base;
}

/** «Tea, green» → «Green tea»; «Steel, stainless» → «Stainless steel». */
function straighten(head: string): string {
  const m = /^([A-Za-z-]+(?: [a-z-]+)?), ([a-z-]+(?: [a-z-]+)?)$/.exec(head.trim());
  if (m && m[2]!.split(" ").length <= 2 && !/^(?:of|in|for|with|whether|not|n\.e\.c)/.test(m[2]!)) return `${m[2]} ${m[1]!.toLowerCase()}`;
  return head;
}

/** The English product name from the HS 6-digit description (or the heading's, when missing). */
export function productNameEn(heading: TnvedText, sub: TnvedText | undefined): string | null {
  const source = sub?.nameEn ?? heading.nameEn;
  if (!source) return null;
  let text = source
    .replace(/,?\s*\bn\.e\.c\.?/g, "")
    .replace(
      /\s*(?:or included\s+)?\b(?:in|of) (?:the )?(?:heading|item|subheading|chapter)s?(?: no\.?)? [\d.]+(?:(?:, | or | and | to )[\d.]+)*/g,
      "",
    )
    .replace(/\bnes\b/g, "");
  text = stripParens(text);
  const [head, ...rest] = text.split(/;\s*/);
  const straightened = straighten(head!);
  const parts = [...clauses(straightened), ...clauses(rest.join(", "))].filter((p) => p && !/^(?:other|other than|,)$/i.test(p));
  // "Iron or steel; seamless, line pipe …" — the generic material head goes last when the detail names the goods.
  let out = leadingClauses(parts, EN_MAX, /^(?:whether or not|excluding|other than)/);
  out = out
    .replace(/\s{2,}/g, " ")
    .replace(/,(?:\s*,)+/g, ",")
    .replace(/[,;\s]+$/, "")
    .trim();
  return out ? capitalize(out) : null;
}
