/**
 * Everyday trade words that the official classifier texts never use, mapped to the official
 * vocabulary that describes the same goods or activities (Russian words of the TN VED / OKVED
 * names). A query word found here is searched as itself OR as the official phrase, so
 * «ноутбук», "laptop" and 笔记本电脑 all find 8471 30 «машины вычислительные портативные».
 *
 * Keys are lower-case whole words; values are space-separated official words (all must match).
 * Every entry is checked by a test to find at least one code.
 */
export const classifierSynonyms: Record<string, string> = {
  // computers and electronics
  ноутбук: "вычислительные портативные",
  ноутбуки: "вычислительные портативные",
  лэптоп: "вычислительные портативные",
  laptop: "вычислительные портативные",
  laptops: "вычислительные портативные",
  notebook: "вычислительные портативные",
  笔记本电脑: "вычислительные портативные",
  планшет: "вычислительные портативные",
  tablet: "вычислительные портативные",
  平板电脑: "вычислительные портативные",
  телевизор: "аппаратура телевизионной",
  телевизоры: "аппаратура телевизионной",
  电视机: "аппаратура телевизионной",
  手机: "смартфоны",
  智能手机: "смартфоны",
  冰箱: "холодильники",
  // clothing and footwear
  футболка: "майки",
  футболки: "майки",
  кроссовки: "обувь спортивная",
  sneakers: "обувь спортивная",
  运动鞋: "обувь спортивная",
  // goods frequent in Russia–China trade
  钢管: "трубы стали",
  茶叶: "чай",
  咖啡: "кофе",
  汽车: "автомобили",
  轮胎: "шины",
  玩具: "игрушки",
  家具: "мебель",
  // material adjectives: the tariff names the material as a noun («из стали»)
  стальные: "стали",
  стальной: "стали",
  стальная: "стали",
  чугунные: "чугуна",
  алюминиевые: "алюминия",
  алюминиевый: "алюминия",
  медные: "меди",
  пластиковые: "пластмасс",
  пластиковый: "пластмасс",
  деревянные: "древесины",
  деревянный: "древесины",
  // activities
  софт: "программного обеспечения",
  software: "программного обеспечения",
  软件: "программного обеспечения",
  логистика: "транспортная обработка грузов",
  物流: "транспортная обработка грузов",
};

/** The official phrase for one lower-case query word, if any. */
export function synonymFor(word: string): string | undefined {
  return Object.hasOwn(classifierSynonyms, word) ? classifierSynonyms[word] : undefined;
}
