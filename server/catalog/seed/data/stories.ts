/**
 * Press-centre tags and story templates. A story is one template filled with real places (border
 * crossings, ports, fairs, regions) and a category of goods; the numbers are illustrative.
 *
 * Placeholders: {goods} (a subcategory name, lower case), {Goods} (capitalised), {crossing}, {port},
 * {fair}, {fairCity}, {region}, {city}, {province}, {pct}, {n}, {days}, {year}.
 */
import type { L3 } from "../types.ts";
import { l } from "./dsl.ts";

export const TAGS: Array<{ slug: string; name: L3 }> = [
  { slug: "logistics", name: l("Логистика", "Logistics", "物流") },
  { slug: "customs", name: l("Таможня", "Customs", "海关") },
  { slug: "exhibitions", name: l("Выставки", "Exhibitions", "展会") },
  { slug: "certification", name: l("Сертификация", "Certification", "认证") },
  { slug: "payments", name: l("Платежи", "Payments", "结算") },
  { slug: "analytics", name: l("Аналитика рынка", "Market analytics", "市场分析") },
  { slug: "suppliers", name: l("Поставщики", "Suppliers", "供应商") },
  { slug: "border-crossings", name: l("Погранпереходы", "Border crossings", "口岸") },
  { slug: "industry", name: l("Промышленность", "Industry", "工业") },
  { slug: "quality", name: l("Качество", "Quality control", "质量控制") },
];

export const FAIRS: Array<{ name: L3; city: L3 }> = [
  { name: l("Кантонская ярмарка", "Canton Fair", "广交会"), city: l("Гуанчжоу", "Guangzhou", "广州") },
  { name: l("ИННОПРОМ", "INNOPROM", "因诺普罗姆国际工业展"), city: l("Екатеринбург", "Yekaterinburg", "叶卡捷琳堡") },
  {
    name: l("Харбинская ярмарка (ЭКСПО «Китай — Россия»)", "Harbin Fair (China–Russia Expo)", "哈洽会（中俄博览会）"),
    city: l("Харбин", "Harbin", "哈尔滨"),
  },
  {
    name: l("Восточный экономический форум", "Eastern Economic Forum", "东方经济论坛"),
    city: l("Владивосток", "Vladivostok", "符拉迪沃斯托克"),
  },
  {
    name: l("Китайское международное импортное ЭКСПО", "China International Import Expo", "中国国际进口博览会"),
    city: l("Шанхай", "Shanghai", "上海"),
  },
];

export interface StoryTemplate {
  tags: string[];
  title: L3;
  lead: L3;
  body: L3;
}

export const STORY_TEMPLATES: StoryTemplate[] = [
  {
    tags: ["logistics", "border-crossings"],
    title: l("Через {crossing} прошло на {pct}% больше грузов", "Freight via {crossing} up {pct}%", "{crossing}口岸货运量增长{pct}%"),
    lead: l(
      "Погранпереход {crossing} остаётся одним из главных маршрутов торговли с Китаем; больше всего выросли поставки в категории «{Goods}».",
      "The {crossing} crossing remains one of the main routes of trade with China; the category “{Goods}” grew most.",
      "{crossing}口岸仍是中俄贸易的主要通道之一，其中“{Goods}”类货物增长最快。",
    ),
    body: l(
      "## Что изменилось\n\nПо оценкам участников рынка, за год через переход {crossing} прошло на {pct}% больше грузов. Очереди на границе сократились до {days} дней благодаря электронной очереди и расширению терминалов.\n\n## Что везут\n\n- {Goods};\n- оборудование и комплектующие;\n- продукты питания.\n\nПоставщикам каталога мы рекомендуем заранее согласовывать окно отгрузки с экспедитором и держать документы для таможни в электронном виде.",
      "## What changed\n\nMarket participants estimate that freight through the {crossing} crossing rose {pct}% year on year. Waiting times at the border fell to {days} days thanks to an electronic queue and larger terminals.\n\n## What is shipped\n\n- {goods};\n- equipment and components;\n- food.\n\nWe advise suppliers to agree the loading window with their forwarder early and keep customs documents in electronic form.",
      "## 变化\n\n据市场参与者估计，经{crossing}口岸的货运量同比增长{pct}%。得益于电子排队系统和场站扩建，口岸等待时间缩短至{days}天。\n\n## 主要货物\n\n- {goods}；\n- 设备及零部件；\n- 食品。\n\n建议供应商提前与货代确认装运时间，并准备好电子版报关单据。",
    ),
  },
  {
    tags: ["exhibitions", "suppliers"],
    title: l("{n} поставщиков каталога едут на выставку «{fair}»", "{n} directory suppliers head to {fair}", "{n}家平台供应商将参加{fair}"),
    lead: l(
      "На выставке в городе {fairCity} участники каталога покажут продукцию категории «{Goods}» и проведут переговоры с закупщиками.",
      "In {fairCity}, directory members will show “{Goods}” and meet buyers.",
      "平台会员将在{fairCity}展示“{Goods}”类产品并与采购商洽谈。",
    ),
    body: l(
      "## Кто участвует\n\n{n} компаний из каталога, в том числе производители из региона {region} и провинции {province}, подтвердили участие в выставке «{fair}».\n\n## Как договориться о встрече\n\nНапишите поставщику через его страницу в каталоге: многие готовы показать образцы на стенде и организовать визит на производство после выставки.\n\n> Совет: возьмите с собой спецификацию с кодами ТН ВЭД — это ускорит расчёт цены с доставкой.",
      "## Who is going\n\n{n} directory companies, including manufacturers from {region} and {province}, have confirmed their participation in {fair}.\n\n## How to arrange a meeting\n\nContact a supplier through its directory page: many will show samples at their stand and arrange a factory visit after the fair.\n\n> Tip: bring a specification with TN VED codes to speed up landed-cost quotes.",
      "## 参展企业\n\n包括{region}和{province}生产商在内的{n}家平台企业已确认参加{fair}。\n\n## 如何预约洽谈\n\n可通过平台上的供应商页面联系，许多企业可在展位提供样品，并在展会后安排参观工厂。\n\n> 提示：携带标注商品编码的规格清单，可更快获得到岸报价。",
    ),
  },
  {
    tags: ["logistics"],
    title: l(
      "Новый контейнерный поезд {province} — {city}: {days} дней в пути",
      "New container train {province}–{city}: {days} days in transit",
      "{province}—{city}集装箱班列开通，运行{days}天",
    ),
    lead: l(
      "Регулярный сервис соединил промышленные районы провинции {province} с городом {city}; в первых составах — в том числе товары категории «{Goods}».",
      "A scheduled service now links the industrial areas of {province} with {city}; the first trains carry, among other things, {goods}.",
      "新班列连接{province}工业区与{city}，首批货物包括{goods}。",
    ),
    body: l(
      "## Маршрут\n\nПоезд формируется на терминале в провинции {province}, проходит границу через {crossing} и прибывает в город {city} через {days} дней.\n\n## Условия\n\n- отправки еженедельно;\n- контейнеры 20' и 40', в том числе сборные;\n- таможенное оформление на станции назначения.\n\nЭкспедиторы каталога уже принимают заявки на ближайшие отправки.",
      "## Route\n\nThe train is made up at a terminal in {province}, crosses the border at {crossing} and reaches {city} in {days} days.\n\n## Terms\n\n- weekly departures;\n- 20' and 40' containers, groupage included;\n- customs clearance at the destination station.\n\nForwarders in the directory already take bookings for the next departures.",
      "## 线路\n\n班列在{province}的场站编组，经{crossing}出境，{days}天抵达{city}。\n\n## 服务条件\n\n- 每周发运；\n- 20尺及40尺集装箱，可拼箱；\n- 在到站办理清关。\n\n平台上的货代企业已开始受理订舱。",
    ),
  },
  {
    tags: ["certification", "customs"],
    title: l(
      "Сертификация ЕАЭС: что нужно знать поставщикам категории «{Goods}»",
      "EAEU certification: what suppliers of “{Goods}” need to know",
      "欧亚经济联盟认证：“{Goods}”供应商须知",
    ),
    lead: l(
      "Разбираем, какие документы требуются на таможне и сколько занимает их оформление.",
      "Which documents customs asks for and how long they take to obtain.",
      "解读清关所需文件及办理周期。",
    ),
    body: l(
      "## Сертификат или декларация\n\nДля большинства позиций категории «{Goods}» достаточно декларации о соответствии техническому регламенту ЕАЭС; для части товаров нужен сертификат с испытаниями образцов.\n\n## Сроки\n\nОформление декларации занимает от 5 рабочих дней, сертификата — от {days} дней. Китайским поставщикам удобнее заказывать испытания до отгрузки.\n\n## Чек-лист\n\n1. Код ТН ВЭД и описание товара.\n2. Техническая документация на русском языке.\n3. Протоколы испытаний аккредитованной лаборатории.",
      "## Certificate or declaration\n\nFor most items in “{Goods}” a declaration of conformity with the EAEU technical regulation is enough; some goods need a certificate based on sample testing.\n\n## Lead times\n\nA declaration takes from 5 working days, a certificate from {days} days. Chinese suppliers are better off ordering tests before shipment.\n\n## Checklist\n\n1. TN VED code and description of the goods.\n2. Technical documentation in Russian.\n3. Test reports from an accredited laboratory.",
      "## 证书还是声明\n\n“{Goods}”类大多数商品只需欧亚经济联盟技术法规符合性声明，部分商品须凭样品检测办理证书。\n\n## 周期\n\n声明最快5个工作日，证书约{days}天起。建议中国供应商在发货前完成检测。\n\n## 清单\n\n1. 商品编码及品名描述。\n2. 俄文技术文件。\n3. 认可实验室出具的检测报告。",
    ),
  },
  {
    tags: ["payments"],
    title: l(
      "Расчёты в юанях: как поставщики категории «{Goods}» проводят платежи",
      "Paying in yuan: how “{Goods}” suppliers settle",
      "人民币结算：“{Goods}”供应商如何收付款",
    ),
    lead: l(
      "Доля платежей в юанях в контрактах участников каталога достигла {pct}%; рассказываем о рабочих схемах.",
      "Yuan payments now make up {pct}% of directory members’ contracts; here are the schemes that work.",
      "平台会员合同中人民币结算占比已达{pct}%，本文介绍可行的结算方式。",
    ),
    body: l(
      "## Какие схемы используют\n\n- прямой платёж в юанях через банк-корреспондент;\n- агентский договор с ВЭД-агентом;\n- аккредитив для крупных партий.\n\n## Сроки\n\nЗачисление занимает от 1 до {days} дней. Указывайте в контракте точные реквизиты и назначение платежа на английском языке — это снижает риск возврата.",
      "## Schemes in use\n\n- direct CNY payment through a correspondent bank;\n- an agency contract with a foreign trade agent;\n- a letter of credit for large lots.\n\n## Timing\n\nFunds arrive in 1 to {days} days. Put exact bank details and the payment purpose in English into the contract to reduce the risk of returned payments.",
      "## 常用方式\n\n- 通过代理行直接人民币付款；\n- 与外贸代理签订代理合同；\n- 大额订单使用信用证。\n\n## 到账时间\n\n一般1至{days}天到账。合同中应写明准确的银行信息及英文付款用途，以降低退汇风险。",
    ),
  },
  {
    tags: ["analytics"],
    title: l("Категория «{Goods}»: спрос вырос на {pct}%", "Demand for {goods} up {pct}%", "{goods}需求增长{pct}%"),
    lead: l(
      "Число запросов в категории «{Goods}» в каталоге выросло за квартал; больше всего ищут поставщиков из провинции {province} и региона {region}.",
      "Searches in “{Goods}” grew over the quarter; buyers look most for suppliers from {province} and {region}.",
      "本季度“{Goods}”类目搜索量上升，采购商最关注{province}和{region}的供应商。",
    ),
    body: l(
      "## Цифры\n\nЗа квартал число запросов выросло на {pct}%, а число поставщиков с опубликованными ценами — на {n}.\n\n## Что ищут\n\nЧаще всего покупатели фильтруют предложения по цене за единицу, минимальной партии и наличию сертификатов ЕАЭС. Поставщикам стоит указывать ступени цен — такие карточки получают больше откликов.",
      "## Figures\n\nSearches rose {pct}% over the quarter, and the number of suppliers with published prices grew by {n}.\n\n## What buyers look for\n\nBuyers filter by unit price, minimum order and EAEU certificates most often. Suppliers should publish price tiers: such listings get more replies.",
      "## 数据\n\n本季度搜索量增长{pct}%，公布价格的供应商增加{n}家。\n\n## 采购商关注点\n\n采购商最常按单价、起订量及是否具备EAC证书筛选。建议供应商公布阶梯价格，此类产品获得的询盘更多。",
    ),
  },
  {
    tags: ["suppliers", "industry"],
    title: l(
      "Производитель из региона {region} начал поставки в Китай",
      "A manufacturer from {region} starts shipping to China",
      "{region}生产商开始对华供货",
    ),
    lead: l(
      "Первая партия продукции категории «{Goods}» ушла через {crossing}; компания нашла покупателя через каталог.",
      "The first lot of “{Goods}” went through {crossing}; the company found its buyer through the directory.",
      "首批“{Goods}”类产品经{crossing}出口，该企业通过平台找到了买家。",
    ),
    body: l(
      "## Как это было\n\nПокупатель из провинции {province} нашёл карточку товара через поиск на китайском языке: у поставщика был заполнен перевод названия и характеристик.\n\n## Что помогло\n\n- перевод карточек на китайский;\n- цены со ступенями в юанях;\n- подтверждённый профиль компании.\n\nСейчас стороны обсуждают контракт на {n} партий в год.",
      "## How it happened\n\nA buyer from {province} found the listing by searching in Chinese: the supplier had translated the product name and specs.\n\n## What helped\n\n- Chinese translations of the listings;\n- tiered prices in yuan;\n- a verified company profile.\n\nThe parties are now discussing a contract for {n} lots a year.",
      "## 经过\n\n{province}的采购商用中文搜索找到了该产品，因为供应商填写了品名和参数的中文翻译。\n\n## 成功因素\n\n- 产品信息中文化；\n- 人民币阶梯报价；\n- 经认证的企业资料。\n\n目前双方正在洽谈每年{n}批次的供货合同。",
    ),
  },
  {
    tags: ["logistics", "customs", "border-crossings"],
    title: l("Как сократить сроки доставки через {crossing}", "How to cut transit time via {crossing}", "如何缩短经{crossing}的运输时间"),
    lead: l(
      "Пять практических советов от экспедиторов каталога.",
      "Five practical tips from forwarders in the directory.",
      "平台货代企业的五条实用建议。",
    ),
    body: l(
      "1. Бронируйте место на поезде или в очереди на переход за 2–3 недели.\n2. Проверьте код ТН ВЭД и документы до отгрузки.\n3. Используйте предварительное информирование таможни.\n4. Закладывайте {days} дня на перегруз на колею 1520 мм.\n5. Страхуйте груз на полную стоимость.\n\nСоблюдение этих правил позволяет сократить срок доставки до города {city} примерно на {pct}%.",
      "1. Book train space or a crossing slot 2–3 weeks ahead.\n2. Check the TN VED code and documents before shipment.\n3. Use advance electronic information for customs.\n4. Allow {days} days for transshipment to the 1520 mm gauge.\n5. Insure the cargo for its full value.\n\nFollowing these rules cuts transit time to {city} by about {pct}%.",
      "1. 提前2–3周预订班列舱位或口岸排队时段。\n2. 发货前核对商品编码及单证。\n3. 使用海关预申报。\n4. 预留{days}天用于换装1520毫米轨距。\n5. 按货值全额投保。\n\n遵循以上建议，发往{city}的运输时间可缩短约{pct}%。",
    ),
  },
  {
    tags: ["logistics", "industry"],
    title: l(
      "Порт {port} наращивает приём контейнеров из Китая",
      "The port of {port} handles more containers from China",
      "{port}港扩大中国集装箱接卸能力",
    ),
    lead: l(
      "Новые мощности позволят принимать на {pct}% больше контейнеров; часть грузов пойдёт дальше по железной дороге до города {city}.",
      "New capacity will let the port handle {pct}% more containers; some will continue by rail to {city}.",
      "新增能力可使集装箱接卸量提高{pct}%，部分货物将经铁路转运至{city}。",
    ),
    body: l(
      "## Подробности\n\nТерминалы порта {port} расширяют склады и железнодорожный фронт. Морские линии из Шанхая, Нинбо и Циндао заходят в порт еженедельно.\n\n## Что это значит для поставщиков\n\nСрок доставки морем с перевалкой на ж/д составит {days} дней, а стоимость — сопоставима с прямым поездом для грузов категории «{Goods}».",
      "## Details\n\nTerminals at {port} are adding warehouses and rail sidings. Sea lines from Shanghai, Ningbo and Qingdao call weekly.\n\n## What it means for suppliers\n\nSea freight with rail on-carriage will take {days} days and cost about as much as a direct train for goods such as {goods}.",
      "## 详情\n\n{port}港各码头正在扩建仓库及铁路专用线，上海、宁波、青岛航线每周挂靠。\n\n## 对供应商的意义\n\n海铁联运运输时间约{days}天，对于{goods}等货物，费用与直达班列相当。",
    ),
  },
  {
    tags: ["exhibitions"],
    title: l(
      "Итоги выставки «{fair}» для российских и китайских участников",
      "{fair}: results for Russian and Chinese exhibitors",
      "{fair}中俄参展商成果",
    ),
    lead: l(
      "Участники каталога провели {n} встреч с закупщиками; больше всего интереса вызвала категория «{Goods}».",
      "Directory members held {n} meetings with buyers; “{Goods}” drew the most interest.",
      "平台会员与采购商进行了{n}场洽谈，“{Goods}”类产品最受关注。",
    ),
    body: l(
      "## Главное\n\nНа выставке в городе {fairCity} работали стенды компаний из региона {region} и провинции {province}. По словам участников, примерно {pct}% встреч закончились запросом коммерческого предложения.\n\n## Что дальше\n\nКонтакты поставщиков — на их страницах в каталоге; многие опубликовали новые товары с ценами и минимальной партией.",
      "## Highlights\n\nCompanies from {region} and {province} exhibited in {fairCity}. Exhibitors say about {pct}% of meetings ended with a request for a quotation.\n\n## Next steps\n\nSupplier contacts are on their directory pages; many have published new products with prices and minimum orders.",
      "## 亮点\n\n来自{region}和{province}的企业在{fairCity}参展。据参展商介绍，约{pct}%的洽谈最终形成询价。\n\n## 后续\n\n供应商联系方式见平台企业页面，许多企业已发布附价格及起订量的新品。",
    ),
  },
  {
    tags: ["quality"],
    title: l(
      "Инспекция перед отгрузкой: чек-лист для закупки «{Goods}»",
      "Pre-shipment inspection: a checklist for buying “{Goods}”",
      "装运前检验：“{Goods}”采购清单",
    ),
    lead: l(
      "Что проверить на заводе, чтобы не получить брак на границе.",
      "What to check at the factory to avoid defects at the border.",
      "在工厂应检查哪些项目，避免货到口岸才发现质量问题。",
    ),
    body: l(
      "## На заводе\n\n- соответствие образцу и спецификации;\n- маркировка на русском языке и знак EAC;\n- упаковка, пригодная для перегруза.\n\n## При загрузке\n\nИнспектор фиксирует количество мест и крепление груза, делает фото и видео. Такой контроль стоит от 250 долларов в день и окупается уже на первой партии.",
      "## At the factory\n\n- conformity with the sample and specification;\n- Russian labelling and the EAC mark;\n- packing fit for transshipment.\n\n## At loading\n\nThe inspector records the number of packages and lashing, with photos and video. Such control costs from USD 250 a day and pays off on the first lot.",
      "## 工厂检验\n\n- 与样品及规格一致；\n- 俄文标签及EAC标志；\n- 包装适合换装运输。\n\n## 监装\n\n验货员记录件数及加固情况并拍摄照片和视频。费用每天250美元起，第一批货即可收回成本。",
    ),
  },
  {
    tags: ["suppliers", "analytics"],
    title: l(
      "В каталоге {n} новых поставщиков из провинции {province}",
      "{n} new suppliers from {province} in the directory",
      "平台新增{n}家{province}供应商",
    ),
    lead: l(
      "Большинство новых компаний — производители; в их ассортименте в том числе {goods}.",
      "Most of the newcomers are manufacturers; their range includes {goods}.",
      "新入驻企业多为生产商，产品包括{goods}等。",
    ),
    body: l(
      "## Кто пришёл\n\nЗа месяц в каталоге зарегистрировались {n} компаний из провинции {province}. Профили проверяют модераторы: у подтверждённых поставщиков на странице стоит отметка о проверке.\n\n## Как искать\n\nИскать можно на русском, английском и китайском: поиск находит товары по переводам названий.",
      "## Who joined\n\n{n} companies from {province} registered this month. Moderators check the profiles; verified suppliers carry a badge on their page.\n\n## How to search\n\nSearch works in Russian, English and Chinese: it finds products through translated names.",
      "## 新入驻企业\n\n本月共有{n}家{province}企业注册。版主会审核资料，通过认证的供应商页面带有认证标识。\n\n## 搜索方式\n\n支持俄文、英文和中文搜索，可通过翻译后的品名找到产品。",
    ),
  },
];
