/**
 * Service types of the directory and the offers companies make of them.
 */
import type { IconName } from "../../../../contract/icons.ts";
import type { Currency } from "../../../db/schema.ts";
import type { L3 } from "../types.ts";
import { l } from "./dsl.ts";

export interface ServiceTypeDef {
  slug: string;
  icon: IconName;
  name: L3;
  description: L3;
  /** OKVED2 codes of companies that offer it as their main business. */
  okved: string[];
  /** Price ranges by currency, the unit they are quoted per. */
  price: Partial<Record<Currency, [number, number]>>;
  unit: L3;
  /** Offer descriptions; placeholders {city}, {crossing}, {port}. */
  offers: L3[];
  /** Whether Chinese companies offer it too. */
  china: boolean;
}

export const CROSSINGS: L3[] = [
  l("Забайкальск — Маньчжурия", "Zabaykalsk–Manzhouli", "后贝加尔斯克—满洲里"),
  l("Благовещенск — Хэйхэ", "Blagoveshchensk–Heihe", "布拉戈维申斯克—黑河"),
  l("Пограничный — Суйфэньхэ", "Pogranichny–Suifenhe", "波格拉尼奇内—绥芬河"),
  l("Нижнеленинское — Тунцзян", "Nizhneleninskoye–Tongjiang", "下列宁斯阔耶—同江"),
  l("Краскино — Хуньчунь", "Kraskino–Hunchun", "克拉斯基诺—珲春"),
];

export const PORTS: L3[] = [
  l("Владивосток", "Vladivostok", "符拉迪沃斯托克"),
  l("Восточный", "Vostochny", "东方港"),
  l("Находка", "Nakhodka", "纳霍德卡"),
  l("Новороссийск", "Novorossiysk", "新罗西斯克"),
  l("Санкт-Петербург", "Saint Petersburg", "圣彼得堡"),
];

export const SERVICE_TYPES: ServiceTypeDef[] = [
  {
    slug: "logistics",
    icon: "truck",
    name: l("Логистика: ж/д, море, авто", "Logistics: rail, sea and road", "物流：铁路、海运、公路"),
    description: l(
      "Доставка грузов из Китая и в Китай: контейнерные поезда, морские линии через порты Дальнего Востока, автоперевозки через сухопутные погранпереходы.",
      "Freight to and from China: container trains, sea lines through Far Eastern ports, trucking across land border crossings.",
      "中俄双向货运：集装箱班列、经远东港口的海运航线、经陆路口岸的公路运输。",
    ),
    okved: ["52.29", "49.41", "49.20", "50.20"],
    price: { RUB: [95_000, 480_000], USD: [1_800, 6_500], CNY: [12_000, 42_000] },
    unit: l("за контейнер 40'", "per 40' container", "每40尺柜"),
    offers: [
      l(
        "Контейнерные поезда Китай — Россия через {crossing}, 18–25 дней в пути; офис в городе {city}.",
        "China–Russia container trains via {crossing}, 18–25 days in transit; office in {city}.",
        "中俄集装箱班列经{crossing}，运行18–25天；办公室位于{city}。",
      ),
      l(
        "Морская доставка через порт {port} с перевалкой на ж/д, сборные грузы от 1 м³.",
        "Sea freight via the port of {port} with rail on-carriage; groupage from 1 m³.",
        "经{port}港海运并转铁路，拼箱1立方米起。",
      ),
      l(
        "Автоперевозки тентованными фурами 20 т через {crossing}, страхование груза.",
        "Curtain-sider trucking, 20 t, via {crossing}; cargo insurance.",
        "20吨篷布车经{crossing}运输，含货物保险。",
      ),
    ],
    china: true,
  },
  {
    slug: "customs",
    icon: "landmark",
    name: l("Таможенное оформление", "Customs brokerage", "报关清关"),
    description: l(
      "Таможенный представитель: классификация по ТН ВЭД, декларирование, уплата платежей, работа с нетарифными мерами.",
      "Customs representative: TN VED classification, declarations, duties and non-tariff measures.",
      "报关代理：商品编码归类、申报、缴纳税费及非关税措施办理。",
    ),
    okved: ["52.29"],
    price: { RUB: [12_000, 45_000] },
    unit: l("за декларацию", "per declaration", "每份报关单"),
    offers: [
      l(
        "Таможенное оформление на переходе {crossing} и в городе {city}, подбор кода ТН ВЭД.",
        "Customs clearance at {crossing} and in {city}; TN VED code selection.",
        "在{crossing}口岸及{city}办理清关，协助确定商品编码。",
      ),
      l(
        "Декларирование импорта из Китая «под ключ», включая расчёт пошлин и НДС.",
        "Turnkey import declarations from China, including duty and VAT calculation.",
        "一站式中国进口报关，含关税及增值税测算。",
      ),
    ],
    china: false,
  },
  {
    slug: "certification",
    icon: "file-text",
    name: l("Сертификация EAC и CCC", "EAC and CCC certification", "EAC与CCC认证"),
    description: l(
      "Сертификаты и декларации соответствия техническим регламентам ЕАЭС, китайская обязательная сертификация CCC, протоколы испытаний.",
      "Certificates and declarations under EAEU technical regulations, China Compulsory Certification (CCC), test reports.",
      "欧亚经济联盟技术法规证书及声明、中国强制性产品认证（CCC）、检测报告。",
    ),
    okved: ["71.20.8", "71.20"],
    price: { RUB: [9_000, 160_000], CNY: [1_500, 18_000] },
    unit: l("за сертификат", "per certificate", "每张证书"),
    offers: [
      l(
        "Декларации и сертификаты ТР ТС для продукции из Китая, срок от 5 рабочих дней.",
        "TR CU declarations and certificates for goods from China, from 5 working days.",
        "为中国产品办理TR CU声明及证书，最快5个工作日。",
      ),
      l(
        "Испытания в аккредитованных лабораториях, сопровождение до регистрации в реестре.",
        "Testing in accredited laboratories and support until the registry entry.",
        "在认可实验室检测，全程协助至登记入册。",
      ),
    ],
    china: true,
  },
  {
    slug: "translation",
    icon: "languages",
    name: l("Перевод и сопровождение переговоров", "Translation and interpreting", "翻译与陪同口译"),
    description: l(
      "Письменный технический перевод русский — китайский, устный перевод на переговорах, выставках и заводах.",
      "Russian–Chinese technical translation and interpreting at negotiations, fairs and factories.",
      "俄汉技术资料笔译，商务谈判、展会及工厂陪同口译。",
    ),
    okved: ["74.30"],
    price: { RUB: [1_200, 4_500], CNY: [300, 1_200] },
    unit: l("за страницу / час", "per page / hour", "每页/每小时"),
    offers: [
      l(
        "Технический перевод документации и сертификатов, носители языка.",
        "Technical translation of documentation and certificates by native speakers.",
        "由母语译员翻译技术文件及证书。",
      ),
      l(
        "Переводчик на переговорах и выставках в городе {city}, выезд на заводы.",
        "Interpreter for negotiations and fairs in {city}, factory visits.",
        "{city}商务谈判及展会口译，可陪同验厂。",
      ),
    ],
    china: true,
  },
  {
    slug: "inspection",
    icon: "search",
    name: l("Инспекция и контроль качества", "Inspection and quality control", "验货与质量控制"),
    description: l(
      "Аудит поставщиков, инспекция перед отгрузкой, контроль загрузки контейнера, фото- и видеоотчёт.",
      "Supplier audits, pre-shipment inspection, container loading supervision, photo and video reports.",
      "供应商审核、装运前检验、监装，提供照片及视频报告。",
    ),
    okved: ["71.20"],
    price: { USD: [220, 650], CNY: [1_500, 4_500] },
    unit: l("за человеко-день", "per man-day", "每人日"),
    offers: [
      l(
        "Инспекция перед отгрузкой по AQL, отчёт на русском языке в течение 24 часов.",
        "AQL pre-shipment inspection, report in Russian within 24 hours.",
        "按AQL标准装运前检验，24小时内出具俄文报告。",
      ),
      l(
        "Аудит завода и проверка образцов, контроль загрузки контейнера.",
        "Factory audit, sample checks and container loading supervision.",
        "工厂审核、样品检验及监装。",
      ),
    ],
    china: true,
  },
  {
    slug: "trade-agent",
    icon: "globe",
    name: l("ВЭД-агент и платежи", "Foreign trade agent and payments", "外贸代理与跨境结算"),
    description: l(
      "Импорт по агентскому договору, платежи в юанях поставщикам в Китае, валютный контроль и возврат НДС.",
      "Imports under an agency contract, CNY payments to suppliers in China, currency control and VAT refunds.",
      "代理进口合同、向中国供应商支付人民币、外汇管制及退税服务。",
    ),
    okved: ["66.19", "82.99"],
    price: { RUB: [25_000, 90_000] },
    unit: l("за контракт", "per contract", "每份合同"),
    offers: [
      l(
        "Платежи поставщикам в Китае в юанях, срок зачисления 1–3 дня.",
        "CNY payments to suppliers in China, credited in 1–3 days.",
        "向中国供应商支付人民币，1–3天到账。",
      ),
      l(
        "Импорт под ключ по агентскому договору: закупка, логистика, таможня.",
        "Turnkey imports under an agency contract: sourcing, logistics, customs.",
        "代理进口一站式服务：采购、物流、清关。",
      ),
    ],
    china: true,
  },
  {
    slug: "warehousing",
    icon: "building-2",
    name: l("Складское хранение", "Warehousing", "仓储"),
    description: l(
      "Ответственное хранение, кросс-докинг, консолидация сборных грузов, склады временного хранения у границы.",
      "Storage, cross-docking, consolidation of groupage cargo, temporary storage warehouses at the border.",
      "仓储保管、越库作业、拼箱集货，边境临时监管仓库。",
    ),
    okved: ["52.10", "52.24"],
    price: { RUB: [350, 950], CNY: [25, 70] },
    unit: l("за паллето-месяц", "per pallet-month", "每托盘每月"),
    offers: [
      l(
        "Склад класса А в городе {city}: хранение, комплектация и отгрузка по России.",
        "Class A warehouse in {city}: storage, picking and dispatch across Russia.",
        "{city}A级仓库：仓储、分拣及发往俄罗斯各地。",
      ),
      l(
        "Консолидация грузов у погранперехода {crossing}, СВХ.",
        "Cargo consolidation at the {crossing} crossing, bonded storage.",
        "在{crossing}口岸集货，提供监管仓储。",
      ),
    ],
    china: true,
  },
  {
    slug: "legal",
    icon: "book-open",
    name: l("Юридическое сопровождение ВЭД", "Legal support for foreign trade", "外贸法律服务"),
    description: l(
      "Внешнеторговые контракты на русском и китайском, претензии к поставщикам, регистрация компаний в Китае и России.",
      "Foreign trade contracts in Russian and Chinese, claims against suppliers, company registration in China and Russia.",
      "中俄双语外贸合同、对供应商索赔、中俄公司注册。",
    ),
    okved: ["69.10"],
    price: { RUB: [30_000, 180_000] },
    unit: l("за проект", "per project", "每个项目"),
    offers: [
      l(
        "Двуязычные контракты поставки, проверка контрагентов в Китае.",
        "Bilingual supply contracts, due diligence on Chinese counterparties.",
        "中俄双语供货合同，中国交易方资信调查。",
      ),
      l(
        "Сопровождение споров с поставщиками и арбитраж (CIETAC, МКАС).",
        "Disputes with suppliers and arbitration (CIETAC, ICAC).",
        "协助处理供应商纠纷及仲裁（CIETAC、ICAC）。",
      ),
    ],
    china: false,
  },
];
