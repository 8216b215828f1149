/**
 * Vocabulary for generated company names, addresses and profiles. Kept short on purpose: names are
 * combinations (region stem × goods stem × suffix for Russian companies, place × brand × goods ×
 * form for Chinese ones).
 */
import type { L3 } from "../types.ts";
import { l } from "./dsl.ts";

/** Region code → first part of a Russian company name («Урал» + «труб» + «пром»). */
export const RU_NAME_PREFIX: Record<string, string[]> = {
  "66": ["Урал", "Екб"],
  "74": ["Урал", "Челяб"],
  "59": ["Кама", "Урал"],
  "02": ["Башкир", "Урал"],
  "56": ["Урал", "Оренбург"],
  "54": ["Сиб", "Новосиб"],
  "55": ["Сиб", "Иртыш"],
  "42": ["Кузбасс", "Сиб"],
  "22": ["Алтай", "Сиб"],
  "24": ["Енисей", "Красноярск"],
  "38": ["Байкал", "Ангара"],
  "70": ["Томь", "Сиб"],
  "16": ["Волга", "Кама", "Тат"],
  "63": ["Волга", "Самар"],
  "64": ["Волга", "Саратов"],
  "73": ["Волга", "Симбирск"],
  "34": ["Волга", "Царицын"],
  "52": ["Волга", "Нижегор", "Ока"],
  "61": ["Дон", "Юг"],
  "23": ["Кубань", "Юг"],
  "26": ["Ставрополь", "Кавказ"],
  "25": ["Примор", "Дальвосток", "Тихоокеан"],
  "27": ["Амур", "Хабаровск", "Дальвосток"],
  "28": ["Амур", "Зея"],
  "65": ["Сахалин"],
  "41": ["Камчатка"],
  "75": ["Забайкал", "Даур"],
  "03": ["Байкал", "Бурят"],
  "79": ["Амур", "Бира"],
  "77": ["Мос", "Центр", "Столица"],
  "50": ["Подмосков", "Центр"],
  "78": ["Нева", "Балт", "Петро"],
  "47": ["Балт", "Ладога"],
  "29": ["Помор", "Север"],
  "11": ["Коми", "Север"],
  "10": ["Карел", "Онего"],
  "35": ["Вологда", "Север"],
  "89": ["Ямал", "Север"],
};
export const RU_NAME_PREFIX_ANY = ["Рус", "Евро", "Транс", "Гранд", "Мега", "Интер", "Профи", "Регион", "Вектор", "Альфа"];

/** Endings of Russian company names by kind. */
export const RU_NAME_SUFFIX = { make: ["пром", "маш", "завод", "ресурс"], trade: ["торг", "снаб", "трейд", "комплект", "сбыт"] } as const;

/** Service providers' names: stem and ending. */
export const RU_SERVICE_STEMS = ["логистик", "транс", "экспедиция", "брокер", "консалт", "сервис", "терминал", "эксперт"];

export const RU_LEGAL_FORMS = [
  { short: "ООО", full: "Общество с ограниченной ответственностью", en: "LLC", weight: 78 },
  { short: "АО", full: "Акционерное общество", en: "JSC", weight: 12 },
  { short: "ПАО", full: "Публичное акционерное общество", en: "PJSC", weight: 2 },
  { short: "ИП", full: "Индивидуальный предприниматель", en: "Sole proprietor", weight: 8 },
] as const;

export const RU_PEOPLE = {
  surnames: [
    "Иванов",
    "Смирнов",
    "Кузнецов",
    "Попов",
    "Васильев",
    "Петров",
    "Соколов",
    "Михайлов",
    "Новиков",
    "Фёдоров",
    "Морозов",
    "Волков",
    "Лебедев",
    "Семёнов",
    "Егоров",
    "Козлов",
  ],
  names: ["Александр", "Сергей", "Дмитрий", "Андрей", "Алексей", "Максим", "Евгений", "Игорь", "Олег", "Владимир"],
  patronymics: ["Александрович", "Сергеевич", "Викторович", "Николаевич", "Игоревич", "Владимирович", "Петрович", "Юрьевич"],
};

export const RU_STREETS = [
  "Ленина",
  "Мира",
  "Промышленная",
  "Заводская",
  "Советская",
  "Индустриальная",
  "Строителей",
  "Гагарина",
  "Октябрьская",
  "Складская",
  "Транспортная",
  "Северная",
  "Луначарского",
  "Космонавтов",
];

/** Chinese brand words: zh, pinyin, Russian (Palladius). */
export const CN_BRANDS: Array<[zh: string, en: string, ru: string]> = [
  ["鑫达", "Xinda", "Синьда"],
  ["华通", "Huatong", "Хуатун"],
  ["恒泰", "Hengtai", "Хэнтай"],
  ["宏远", "Hongyuan", "Хунъюань"],
  ["金盛", "Jinsheng", "Цзиньшэн"],
  ["永兴", "Yongxing", "Юнсин"],
  ["东方", "Dongfang", "Дунфан"],
  ["天成", "Tiancheng", "Тяньчэн"],
  ["中联", "Zhonglian", "Чжунлянь"],
  ["博远", "Boyuan", "Боюань"],
  ["瑞丰", "Ruifeng", "Жуйфэн"],
  ["正大", "Zhengda", "Чжэнда"],
  ["海润", "Hairun", "Хайжунь"],
  ["兴华", "Xinghua", "Синхуа"],
  ["北方", "Beifang", "Бэйфан"],
  ["嘉诚", "Jiacheng", "Цзячэн"],
  ["远大", "Yuanda", "Юаньда"],
  ["泰和", "Taihe", "Тайхэ"],
  ["新宇", "Xinyu", "Синьюй"],
  ["德力", "Deli", "Дэли"],
  ["腾飞", "Tengfei", "Тэнфэй"],
  ["凯达", "Kaida", "Кайда"],
  ["通达", "Tongda", "Тунда"],
  ["盛世", "Shengshi", "Шэнши"],
];

/** Legal forms of Chinese company names (Russian renderings as used in trade, then English and Chinese). */
export const CN_FORMS = {
  make: [
    l("Ко., Лтд.", "Co., Ltd.", "有限公司"),
    l("Ко., Лтд.", "Co., Ltd.", "股份有限公司"),
    l("Груп Ко., Лтд.", "Group Co., Ltd.", "集团有限公司"),
  ],
  trade: [
    l("Трейдинг Ко., Лтд.", "Trading Co., Ltd.", "贸易有限公司"),
    l("Импорт энд Экспорт Ко., Лтд.", "Import & Export Co., Ltd.", "进出口有限公司"),
  ],
  service: [
    l("Интернэшнл Лоджистикс Ко., Лтд.", "International Logistics Co., Ltd.", "国际物流有限公司"),
    l("Сапплай Чейн Ко., Лтд.", "Supply Chain Management Co., Ltd.", "供应链管理有限公司"),
  ],
};

export interface CnPlace {
  region: string;
  /** The name as used at the start of a company name («辽宁», «沈阳»). */
  short: L3;
  city: L3;
  district?: L3;
  lat: number;
  lon: number;
  weight: number;
}

/** Chinese cities suppliers are placed in; Liaoning (Shenyang, Liaozhong) weighs most. */
export const CN_PLACES: CnPlace[] = [
  {
    region: "CN-21",
    short: l("Ляонин", "Liaoning", "辽宁"),
    city: l("Шэньян", "Shenyang", "沈阳"),
    lat: 41.8057,
    lon: 123.4315,
    weight: 10,
  },
  {
    region: "CN-21",
    short: l("Шэньян", "Shenyang", "沈阳"),
    city: l("Шэньян", "Shenyang", "沈阳"),
    district: l("район Ляочжун", "Liaozhong District", "辽中区"),
    lat: 41.5128,
    lon: 122.7247,
    weight: 8,
  },
  { region: "CN-21", short: l("Ляонин", "Liaoning", "辽宁"), city: l("Аньшань", "Anshan", "鞍山"), lat: 41.1087, lon: 122.9946, weight: 4 },
  { region: "CN-21", short: l("Далянь", "Dalian", "大连"), city: l("Далянь", "Dalian", "大连"), lat: 38.914, lon: 121.6147, weight: 5 },
  { region: "CN-21", short: l("Инкоу", "Yingkou", "营口"), city: l("Инкоу", "Yingkou", "营口"), lat: 40.6674, lon: 122.2352, weight: 2 },
  {
    region: "CN-23",
    short: l("Хэйлунцзян", "Heilongjiang", "黑龙江"),
    city: l("Харбин", "Harbin", "哈尔滨"),
    lat: 45.8038,
    lon: 126.535,
    weight: 6,
  },
  { region: "CN-23", short: l("Хэйхэ", "Heihe", "黑河"), city: l("Хэйхэ", "Heihe", "黑河"), lat: 50.2452, lon: 127.4886, weight: 3 },
  {
    region: "CN-23",
    short: l("Суйфэньхэ", "Suifenhe", "绥芬河"),
    city: l("Суйфэньхэ", "Suifenhe", "绥芬河"),
    lat: 44.4125,
    lon: 131.1523,
    weight: 3,
  },
  {
    region: "CN-22",
    short: l("Цзилинь", "Jilin", "吉林"),
    city: l("Чанчунь", "Changchun", "长春"),
    lat: 43.8171,
    lon: 125.3235,
    weight: 3,
  },
  {
    region: "CN-22",
    short: l("Хуньчунь", "Hunchun", "珲春"),
    city: l("Хуньчунь", "Hunchun", "珲春"),
    lat: 42.8628,
    lon: 130.3658,
    weight: 1,
  },
  {
    region: "CN-15",
    short: l("Маньчжурия", "Manzhouli", "满洲里"),
    city: l("Маньчжурия", "Manzhouli", "满洲里"),
    lat: 49.5978,
    lon: 117.3787,
    weight: 3,
  },
  { region: "CN-37", short: l("Шаньдун", "Shandong", "山东"), city: l("Цзинань", "Jinan", "济南"), lat: 36.6512, lon: 117.1201, weight: 4 },
  { region: "CN-37", short: l("Циндао", "Qingdao", "青岛"), city: l("Циндао", "Qingdao", "青岛"), lat: 36.0671, lon: 120.3826, weight: 4 },
  {
    region: "CN-37",
    short: l("Ляочэн", "Liaocheng", "聊城"),
    city: l("Ляочэн", "Liaocheng", "聊城"),
    lat: 36.4567,
    lon: 115.9854,
    weight: 2,
  },
  { region: "CN-13", short: l("Хэбэй", "Hebei", "河北"), city: l("Таншань", "Tangshan", "唐山"), lat: 39.6305, lon: 118.1802, weight: 3 },
  {
    region: "CN-13",
    short: l("Цанчжоу", "Cangzhou", "沧州"),
    city: l("Цанчжоу", "Cangzhou", "沧州"),
    lat: 38.3037,
    lon: 116.8388,
    weight: 2,
  },
  {
    region: "CN-12",
    short: l("Тяньцзинь", "Tianjin", "天津"),
    city: l("Тяньцзинь", "Tianjin", "天津"),
    lat: 39.1252,
    lon: 117.1907,
    weight: 3,
  },
  { region: "CN-11", short: l("Пекин", "Beijing", "北京"), city: l("Пекин", "Beijing", "北京"), lat: 39.9042, lon: 116.4074, weight: 2 },
  {
    region: "CN-31",
    short: l("Шанхай", "Shanghai", "上海"),
    city: l("Шанхай", "Shanghai", "上海"),
    lat: 31.2304,
    lon: 121.4737,
    weight: 3,
  },
  { region: "CN-32", short: l("Цзянсу", "Jiangsu", "江苏"), city: l("Сучжоу", "Suzhou", "苏州"), lat: 31.2989, lon: 120.5853, weight: 3 },
  { region: "CN-32", short: l("Уси", "Wuxi", "无锡"), city: l("Уси", "Wuxi", "无锡"), lat: 31.4912, lon: 120.3119, weight: 2 },
  { region: "CN-33", short: l("Чжэцзян", "Zhejiang", "浙江"), city: l("Нинбо", "Ningbo", "宁波"), lat: 29.8683, lon: 121.544, weight: 3 },
  { region: "CN-33", short: l("Иу", "Yiwu", "义乌"), city: l("Иу", "Yiwu", "义乌"), lat: 29.3069, lon: 120.0751, weight: 2 },
  {
    region: "CN-33",
    short: l("Вэньчжоу", "Wenzhou", "温州"),
    city: l("Вэньчжоу", "Wenzhou", "温州"),
    lat: 27.9938,
    lon: 120.6994,
    weight: 2,
  },
  {
    region: "CN-44",
    short: l("Гуандун", "Guangdong", "广东"),
    city: l("Гуанчжоу", "Guangzhou", "广州"),
    lat: 23.1291,
    lon: 113.2644,
    weight: 3,
  },
  {
    region: "CN-44",
    short: l("Шэньчжэнь", "Shenzhen", "深圳"),
    city: l("Шэньчжэнь", "Shenzhen", "深圳"),
    lat: 22.5431,
    lon: 114.0579,
    weight: 3,
  },
  { region: "CN-44", short: l("Фошань", "Foshan", "佛山"), city: l("Фошань", "Foshan", "佛山"), lat: 23.0215, lon: 113.1214, weight: 2 },
  {
    region: "CN-35",
    short: l("Фуцзянь", "Fujian", "福建"),
    city: l("Цюаньчжоу", "Quanzhou", "泉州"),
    lat: 24.8741,
    lon: 118.6757,
    weight: 2,
  },
  {
    region: "CN-41",
    short: l("Хэнань", "Henan", "河南"),
    city: l("Чжэнчжоу", "Zhengzhou", "郑州"),
    lat: 34.7466,
    lon: 113.6253,
    weight: 2,
  },
  { region: "CN-42", short: l("Хубэй", "Hubei", "湖北"), city: l("Ухань", "Wuhan", "武汉"), lat: 30.5928, lon: 114.3055, weight: 1 },
  { region: "CN-51", short: l("Сычуань", "Sichuan", "四川"), city: l("Чэнду", "Chengdu", "成都"), lat: 30.5728, lon: 104.0668, weight: 1 },
];

/** Road names for Chinese addresses: zh and pinyin. */
export const CN_ROADS: Array<[zh: string, en: string]> = [
  ["工业路", "Gongye Road"],
  ["兴业街", "Xingye Street"],
  ["建设大街", "Jianshe Avenue"],
  ["开发大道", "Kaifa Avenue"],
  ["科技路", "Keji Road"],
  ["长江路", "Changjiang Road"],
  ["新华路", "Xinhua Road"],
  ["黄河大街", "Huanghe Avenue"],
];

/** Share of Russian suppliers by region code (others weigh 1). */
export const RU_REGION_WEIGHTS: Record<string, number> = {
  "77": 14,
  "50": 8,
  "78": 8,
  "66": 7,
  "74": 6,
  "16": 5,
  "54": 5,
  "25": 5,
  "63": 4,
  "52": 4,
  "61": 4,
  "23": 4,
  "59": 3,
  "02": 3,
  "24": 3,
  "38": 3,
  "27": 3,
  "28": 3,
  "75": 3,
  "42": 2,
  "55": 2,
  "72": 2,
  "36": 2,
  "48": 2,
  "35": 2,
  "34": 2,
  "22": 2,
  "64": 2,
};

export const HEADCOUNT = ["1-10", "11-50", "51-250", "251-1000", "1000+"] as const;

/** Company facts: key and how the value is made. */
export const COMPANY_FACTS = {
  area: l("Производственная площадь", "Production area", "厂房面积"),
  warehouse: l("Складские площади", "Warehouse space", "仓库面积"),
  exports: l("Экспорт", "Exports to", "出口国家"),
  certificates: l("Сертификаты", "Certificates", "资质认证"),
  shipping: l("Отгрузка", "Shipping", "发货方式"),
  payment: l("Расчёты", "Payment", "结算方式"),
};

export const EXPORT_MARKETS: L3[] = [
  l("Китай", "China", "中国"),
  l("Казахстан", "Kazakhstan", "哈萨克斯坦"),
  l("Беларусь", "Belarus", "白俄罗斯"),
  l("Узбекистан", "Uzbekistan", "乌兹别克斯坦"),
  l("Монголия", "Mongolia", "蒙古"),
  l("Россия", "Russia", "俄罗斯"),
  l("Киргизия", "Kyrgyzstan", "吉尔吉斯斯坦"),
];

export const CERTIFICATES = ["ISO 9001:2015", "ISO 14001:2015", "ISO 45001:2018", "IATF 16949", "API Q1", "СМК ГОСТ Р ИСО 9001"];

export const SHIPPING: L3[] = [
  l("автотранспорт", "by road", "公路"),
  l("железная дорога", "by rail", "铁路"),
  l("контейнеры 20'/40'", "20'/40' containers", "20/40尺集装箱"),
  l("через Забайкальск — Маньчжурию", "via Zabaykalsk–Manzhouli", "经满洲里—后贝加尔斯克"),
  l("через порт Владивосток", "via the port of Vladivostok", "经符拉迪沃斯托克港"),
];

export const PAYMENT: L3[] = [
  l("рубли, юани, безнал с НДС", "RUB, CNY, bank transfer with VAT", "卢布、人民币，银行转账含增值税"),
  l("аккредитив, отсрочка до 30 дней", "letter of credit, up to 30 days' credit", "信用证，账期最长30天"),
  l("предоплата 30%, остаток перед отгрузкой", "30% prepayment, balance before shipment", "预付30%，发货前付清余款"),
];

export const VERIFICATION_EVIDENCE: Record<1 | 2, L3> = {
  1: l(
    "Проверены выписка из ЕГРЮЛ, устав и банковские реквизиты.",
    "Registry extract, articles of association and bank details checked.",
    "已核验工商登记摘录、公司章程及银行信息。",
  ),
  2: l(
    "Проверены документы и проведён выезд на производство и склад.",
    "Documents checked and the plant and warehouse visited.",
    "已核验资料并实地考察工厂及仓库。",
  ),
};

export const VERIFICATION_EVIDENCE_CN: Record<1 | 2, L3> = {
  1: l(
    "Проверены лицензия на ведение деятельности (营业执照) и экспортные документы.",
    "Business licence (营业执照) and export documents checked.",
    "已核验营业执照及出口资质。",
  ),
  2: l(
    "Проверены документы, проведена видеоинспекция и визит на завод.",
    "Documents checked, video inspection and factory visit done.",
    "已核验资料，完成视频验厂及实地考察。",
  ),
};

/** Company descriptions; placeholders {name}, {goods}, {city}, {region}, {year}. */
export const COMPANY_TEXT = {
  ruMake: l(
    "{name} — российский производитель: {goods}. Производство и склад — {city} ({region}). Работаем с {year} года, поставляем по России, в Казахстан, Беларусь и Китай.",
    "{name} is a Russian manufacturer of {goods}. Plant and warehouse in {city} ({region}). In business since {year}, supplying Russia, Kazakhstan, Belarus and China.",
    "{name}是俄罗斯生产企业，主要产品：{goods}。工厂及仓库位于{region}{city}。成立于{year}年，产品销往俄罗斯、哈萨克斯坦、白俄罗斯及中国。",
  ),
  ruTrade: l(
    "{name} — оптовый поставщик: {goods}. Склад — {city} ({region}), собственный автопарк и отгрузка по железной дороге. На рынке с {year} года; для постоянных клиентов — отсрочка платежа.",
    "{name} is a wholesale supplier of {goods}. Warehouse in {city} ({region}), own trucks and rail dispatch. In business since {year}; deferred payment for regular customers.",
    "{name}是批发供应商，主营：{goods}。仓库位于{region}{city}，自有车队并可铁路发运。成立于{year}年，老客户可享账期。",
  ),
  ruService: l(
    "{name} — услуги для внешнеэкономической деятельности с Китаем: {goods}. Офис — {city} ({region}), работаем с {year} года.",
    "{name} provides services for trade with China: {goods}. Office in {city} ({region}), in business since {year}.",
    "{name}提供对华贸易服务：{goods}。办公室位于{region}{city}，成立于{year}年。",
  ),
  cnMake: l(
    "{name} основана в {year} году в городе {city} ({region}); специализация — {goods}. Экспорт в Россию и Центральную Азию, сертификация ЕАЭС и документы на русском языке.",
    "{name} was founded in {year} in {city}, {region}, and makes {goods}. Exports to Russia and Central Asia; EAC certification and Russian documentation available.",
    "{name}成立于{year}年，位于{region}{city}，专业生产{goods}。产品出口俄罗斯及中亚，可提供EAC认证及俄文资料。",
  ),
  cnTrade: l(
    "{name} основана в {year} году ({city}, {region}); экспорт и импорт: {goods}. Многолетняя работа с российскими клиентами, расчёты в юанях и рублях.",
    "{name}, founded in {year} in {city}, {region}, trades {goods}. Long-standing work with Russian buyers; payments in CNY and RUB.",
    "{name}成立于{year}年，位于{region}{city}，主营{goods}进出口贸易，与俄罗斯客户长期合作，支持人民币及卢布结算。",
  ),
  cnService: l(
    "{name} ({city}, {region}) с {year} года оказывает услуги по торговле с Россией: {goods}.",
    "{name} ({city}, {region}) has served trade with Russia since {year}: {goods}.",
    "{name}位于{region}{city}，自{year}年起提供对俄贸易服务：{goods}。",
  ),
};
