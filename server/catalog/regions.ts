/**
 * Regions the directory places suppliers in: the 89 subjects of the Russian Federation and the 31
 * provincial-level divisions of mainland China.
 *
 * - Russia: `code` is the two-digit region code used as the first two digits of INN and KPP (and of
 *   the tax office code); source: the list of subjects in art. 65 of the Constitution of the Russian
 *   Federation and the FNS tax office codes (приказ ФНС России от 29.06.2012 № ММВ-7-6/435@;
 *   codes 90–95 for the regions admitted in 2014 and 2022). Capitals are the administrative centres.
 * - China: `code` is `CN-` plus the two-digit province prefix of GB/T 2260 (administrative division
 *   codes of the PRC), e.g. CN-21 Liaoning, CN-44 Guangdong; the capital is the provincial capital
 *   (for the four municipalities, the municipality itself).
 *
 * Names are given in Russian, English and Chinese (the Chinese names of Russian regions as commonly
 * written in the PRC press, e.g. 莫斯科, 圣彼得堡, 滨海边疆区). Coordinates are WGS 84 decimal degrees
 * of the capital's centre (latitude north, longitude east).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { RegionChoice } from "../../contract/regions.ts";
import { regions, type Lang } from "../db/schema.ts";

export type { RegionChoice } from "../../contract/regions.ts";

export type L3 = { ru: string; en: string; zh: string };

export interface RegionInfo {
  /** "66" (Sverdlovsk Oblast) or "CN-21" (Liaoning). */
  code: string;
  country: "RU" | "CN";
  name: L3;
  capital: { name: L3; lat: number; lon: number };
}

type Row = [code: string, ru: string, en: string, zh: string, capRu: string, capEn: string, capZh: string, lat: number, lon: number];

const RU_ROWS: Row[] = [
  ["01", "Республика Адыгея", "Republic of Adygea", "阿迪格共和国", "Майкоп", "Maykop", "迈科普", 44.6098, 40.1006],
  ["02", "Республика Башкортостан", "Republic of Bashkortostan", "巴什科尔托斯坦共和国", "Уфа", "Ufa", "乌法", 54.7348, 55.9579],
  ["03", "Республика Бурятия", "Republic of Buryatia", "布里亚特共和国", "Улан-Удэ", "Ulan-Ude", "乌兰乌德", 51.8335, 107.5841],
  ["04", "Республика Алтай", "Altai Republic", "阿尔泰共和国", "Горно-Алтайск", "Gorno-Altaysk", "戈尔诺-阿尔泰斯克", 51.9581, 85.9603],
  ["05", "Республика Дагестан", "Republic of Dagestan", "达吉斯坦共和国", "Махачкала", "Makhachkala", "马哈奇卡拉", 42.9849, 47.5047],
  ["06", "Республика Ингушетия", "Republic of Ingushetia", "印古什共和国", "Магас", "Magas", "马加斯", 43.1688, 44.8131],
  [
    "07",
    "Кабардино-Балкарская Республика",
    "Kabardino-Balkarian Republic",
    "卡巴尔达-巴尔卡尔共和国",
    "Нальчик",
    "Nalchik",
    "纳尔奇克",
    43.4853,
    43.6071,
  ],
  ["08", "Республика Калмыкия", "Republic of Kalmykia", "卡尔梅克共和国", "Элиста", "Elista", "埃利斯塔", 46.3078, 44.2558],
  [
    "09",
    "Карачаево-Черкесская Республика",
    "Karachay-Cherkess Republic",
    "卡拉恰伊-切尔克斯共和国",
    "Черкесск",
    "Cherkessk",
    "切尔克斯克",
    44.2269,
    42.0468,
  ],
  ["10", "Республика Карелия", "Republic of Karelia", "卡累利阿共和国", "Петрозаводск", "Petrozavodsk", "彼得罗扎沃茨克", 61.7849, 34.3469],
  ["11", "Республика Коми", "Komi Republic", "科米共和国", "Сыктывкар", "Syktyvkar", "瑟克特夫卡尔", 61.6688, 50.8364],
  ["12", "Республика Марий Эл", "Mari El Republic", "马里埃尔共和国", "Йошкар-Ола", "Yoshkar-Ola", "约什卡尔奥拉", 56.6388, 47.8908],
  ["13", "Республика Мордовия", "Republic of Mordovia", "莫尔多瓦共和国", "Саранск", "Saransk", "萨兰斯克", 54.1838, 45.1749],
  [
    "14",
    "Республика Саха (Якутия)",
    "Sakha (Yakutia) Republic",
    "萨哈（雅库特）共和国",
    "Якутск",
    "Yakutsk",
    "雅库茨克",
    62.0278,
    129.7315,
  ],
  [
    "15",
    "Республика Северная Осетия — Алания",
    "Republic of North Ossetia–Alania",
    "北奥塞梯-阿兰共和国",
    "Владикавказ",
    "Vladikavkaz",
    "弗拉季高加索",
    43.0205,
    44.6819,
  ],
  ["16", "Республика Татарстан", "Republic of Tatarstan", "鞑靼斯坦共和国", "Казань", "Kazan", "喀山", 55.7963, 49.1088],
  ["17", "Республика Тыва", "Tuva Republic", "图瓦共和国", "Кызыл", "Kyzyl", "克孜勒", 51.7191, 94.4378],
  ["18", "Удмуртская Республика", "Udmurt Republic", "乌德穆尔特共和国", "Ижевск", "Izhevsk", "伊热夫斯克", 56.8527, 53.2115],
  ["19", "Республика Хакасия", "Republic of Khakassia", "哈卡斯共和国", "Абакан", "Abakan", "阿巴坎", 53.7212, 91.4424],
  ["20", "Чеченская Республика", "Chechen Republic", "车臣共和国", "Грозный", "Grozny", "格罗兹尼", 43.3178, 45.6949],
  ["21", "Чувашская Республика", "Chuvash Republic", "楚瓦什共和国", "Чебоксары", "Cheboksary", "切博克萨雷", 56.1439, 47.2489],
  ["22", "Алтайский край", "Altai Krai", "阿尔泰边疆区", "Барнаул", "Barnaul", "巴尔瑙尔", 53.3481, 83.7798],
  ["23", "Краснодарский край", "Krasnodar Krai", "克拉斯诺达尔边疆区", "Краснодар", "Krasnodar", "克拉斯诺达尔", 45.0355, 38.9753],
  [
    "24",
    "Красноярский край",
    "Krasnoyarsk Krai",
    "克拉斯诺亚尔斯克边疆区",
    "Красноярск",
    "Krasnoyarsk",
    "克拉斯诺亚尔斯克",
    56.0153,
    92.8932,
  ],
  ["25", "Приморский край", "Primorsky Krai", "滨海边疆区", "Владивосток", "Vladivostok", "符拉迪沃斯托克", 43.1155, 131.8855],
  ["26", "Ставропольский край", "Stavropol Krai", "斯塔夫罗波尔边疆区", "Ставрополь", "Stavropol", "斯塔夫罗波尔", 45.0448, 41.969],
  ["27", "Хабаровский край", "Khabarovsk Krai", "哈巴罗夫斯克边疆区", "Хабаровск", "Khabarovsk", "哈巴罗夫斯克", 48.4802, 135.0719],
  ["28", "Амурская область", "Amur Oblast", "阿穆尔州", "Благовещенск", "Blagoveshchensk", "布拉戈维申斯克", 50.2907, 127.5272],
  [
    "29",
    "Архангельская область",
    "Arkhangelsk Oblast",
    "阿尔汉格尔斯克州",
    "Архангельск",
    "Arkhangelsk",
    "阿尔汉格尔斯克",
    64.5393,
    40.5187,
  ],
  ["30", "Астраханская область", "Astrakhan Oblast", "阿斯特拉罕州", "Астрахань", "Astrakhan", "阿斯特拉罕", 46.3479, 48.0336],
  ["31", "Белгородская область", "Belgorod Oblast", "别尔哥罗德州", "Белгород", "Belgorod", "别尔哥罗德", 50.5956, 36.5873],
  ["32", "Брянская область", "Bryansk Oblast", "布良斯克州", "Брянск", "Bryansk", "布良斯克", 53.2434, 34.3642],
  ["33", "Владимирская область", "Vladimir Oblast", "弗拉基米尔州", "Владимир", "Vladimir", "弗拉基米尔", 56.1291, 40.4066],
  ["34", "Волгоградская область", "Volgograd Oblast", "伏尔加格勒州", "Волгоград", "Volgograd", "伏尔加格勒", 48.708, 44.5133],
  ["35", "Вологодская область", "Vologda Oblast", "沃洛格达州", "Вологда", "Vologda", "沃洛格达", 59.2181, 39.8886],
  ["36", "Воронежская область", "Voronezh Oblast", "沃罗涅日州", "Воронеж", "Voronezh", "沃罗涅日", 51.672, 39.1843],
  ["37", "Ивановская область", "Ivanovo Oblast", "伊万诺沃州", "Иваново", "Ivanovo", "伊万诺沃", 57.0004, 40.9739],
  ["38", "Иркутская область", "Irkutsk Oblast", "伊尔库茨克州", "Иркутск", "Irkutsk", "伊尔库茨克", 52.2869, 104.305],
  ["39", "Калининградская область", "Kaliningrad Oblast", "加里宁格勒州", "Калининград", "Kaliningrad", "加里宁格勒", 54.7104, 20.4522],
  ["40", "Калужская область", "Kaluga Oblast", "卡卢加州", "Калуга", "Kaluga", "卡卢加", 54.5293, 36.2754],
  [
    "41",
    "Камчатский край",
    "Kamchatka Krai",
    "堪察加边疆区",
    "Петропавловск-Камчатский",
    "Petropavlovsk-Kamchatsky",
    "彼得罗巴甫洛夫斯克-堪察加茨基",
    53.0452,
    158.6483,
  ],
  ["42", "Кемеровская область — Кузбасс", "Kemerovo Oblast – Kuzbass", "克麦罗沃州", "Кемерово", "Kemerovo", "克麦罗沃", 55.3547, 86.0873],
  ["43", "Кировская область", "Kirov Oblast", "基洛夫州", "Киров", "Kirov", "基洛夫", 58.6036, 49.668],
  ["44", "Костромская область", "Kostroma Oblast", "科斯特罗马州", "Кострома", "Kostroma", "科斯特罗马", 57.7677, 40.9264],
  ["45", "Курганская область", "Kurgan Oblast", "库尔干州", "Курган", "Kurgan", "库尔干", 55.4408, 65.3411],
  ["46", "Курская область", "Kursk Oblast", "库尔斯克州", "Курск", "Kursk", "库尔斯克", 51.7304, 36.1926],
  ["47", "Ленинградская область", "Leningrad Oblast", "列宁格勒州", "Гатчина", "Gatchina", "加特契纳", 59.5764, 30.1283],
  ["48", "Липецкая область", "Lipetsk Oblast", "利佩茨克州", "Липецк", "Lipetsk", "利佩茨克", 52.6088, 39.5992],
  ["49", "Магаданская область", "Magadan Oblast", "马加丹州", "Магадан", "Magadan", "马加丹", 59.5682, 150.8085],
  ["50", "Московская область", "Moscow Oblast", "莫斯科州", "Красногорск", "Krasnogorsk", "克拉斯诺戈尔斯克", 55.8204, 37.3302],
  ["51", "Мурманская область", "Murmansk Oblast", "摩尔曼斯克州", "Мурманск", "Murmansk", "摩尔曼斯克", 68.9585, 33.0827],
  [
    "52",
    "Нижегородская область",
    "Nizhny Novgorod Oblast",
    "下诺夫哥罗德州",
    "Нижний Новгород",
    "Nizhny Novgorod",
    "下诺夫哥罗德",
    56.3269,
    44.0059,
  ],
  [
    "53",
    "Новгородская область",
    "Novgorod Oblast",
    "诺夫哥罗德州",
    "Великий Новгород",
    "Veliky Novgorod",
    "大诺夫哥罗德",
    58.5215,
    31.2755,
  ],
  ["54", "Новосибирская область", "Novosibirsk Oblast", "新西伯利亚州", "Новосибирск", "Novosibirsk", "新西伯利亚", 55.0084, 82.9357],
  ["55", "Омская область", "Omsk Oblast", "鄂木斯克州", "Омск", "Omsk", "鄂木斯克", 54.9885, 73.3242],
  ["56", "Оренбургская область", "Orenburg Oblast", "奥伦堡州", "Оренбург", "Orenburg", "奥伦堡", 51.7682, 55.0969],
  ["57", "Орловская область", "Oryol Oblast", "奥廖尔州", "Орёл", "Oryol", "奥廖尔", 52.9651, 36.0785],
  ["58", "Пензенская область", "Penza Oblast", "奔萨州", "Пенза", "Penza", "奔萨", 53.1959, 45.0183],
  ["59", "Пермский край", "Perm Krai", "彼尔姆边疆区", "Пермь", "Perm", "彼尔姆", 58.0105, 56.2502],
  ["60", "Псковская область", "Pskov Oblast", "普斯科夫州", "Псков", "Pskov", "普斯科夫", 57.8194, 28.3318],
  ["61", "Ростовская область", "Rostov Oblast", "罗斯托夫州", "Ростов-на-Дону", "Rostov-on-Don", "顿河畔罗斯托夫", 47.2357, 39.7015],
  ["62", "Рязанская область", "Ryazan Oblast", "梁赞州", "Рязань", "Ryazan", "梁赞", 54.6269, 39.6916],
  ["63", "Самарская область", "Samara Oblast", "萨马拉州", "Самара", "Samara", "萨马拉", 53.1959, 50.1002],
  ["64", "Саратовская область", "Saratov Oblast", "萨拉托夫州", "Саратов", "Saratov", "萨拉托夫", 51.5336, 46.0343],
  ["65", "Сахалинская область", "Sakhalin Oblast", "萨哈林州", "Южно-Сахалинск", "Yuzhno-Sakhalinsk", "南萨哈林斯克", 46.9591, 142.738],
  [
    "66",
    "Свердловская область",
    "Sverdlovsk Oblast",
    "斯维尔德洛夫斯克州",
    "Екатеринбург",
    "Yekaterinburg",
    "叶卡捷琳堡",
    56.8389,
    60.6057,
  ],
  ["67", "Смоленская область", "Smolensk Oblast", "斯摩棱斯克州", "Смоленск", "Smolensk", "斯摩棱斯克", 54.7826, 32.0453],
  ["68", "Тамбовская область", "Tambov Oblast", "坦波夫州", "Тамбов", "Tambov", "坦波夫", 52.7212, 41.4523],
  ["69", "Тверская область", "Tver Oblast", "特维尔州", "Тверь", "Tver", "特维尔", 56.8587, 35.9176],
  ["70", "Томская область", "Tomsk Oblast", "托木斯克州", "Томск", "Tomsk", "托木斯克", 56.4846, 84.9476],
  ["71", "Тульская область", "Tula Oblast", "图拉州", "Тула", "Tula", "图拉", 54.1931, 37.6173],
  ["72", "Тюменская область", "Tyumen Oblast", "秋明州", "Тюмень", "Tyumen", "秋明", 57.153, 65.5343],
  ["73", "Ульяновская область", "Ulyanovsk Oblast", "乌里扬诺夫斯克州", "Ульяновск", "Ulyanovsk", "乌里扬诺夫斯克", 54.3142, 48.4031],
  ["74", "Челябинская область", "Chelyabinsk Oblast", "车里雅宾斯克州", "Челябинск", "Chelyabinsk", "车里雅宾斯克", 55.1644, 61.4368],
  ["75", "Забайкальский край", "Zabaykalsky Krai", "外贝加尔边疆区", "Чита", "Chita", "赤塔", 52.0339, 113.4994],
  ["76", "Ярославская область", "Yaroslavl Oblast", "雅罗斯拉夫尔州", "Ярославль", "Yaroslavl", "雅罗斯拉夫尔", 57.6261, 39.8845],
  ["77", "Москва", "Moscow", "莫斯科", "Москва", "Moscow", "莫斯科", 55.7558, 37.6173],
  ["78", "Санкт-Петербург", "Saint Petersburg", "圣彼得堡", "Санкт-Петербург", "Saint Petersburg", "圣彼得堡", 59.9386, 30.3141],
  [
    "79",
    "Еврейская автономная область",
    "Jewish Autonomous Oblast",
    "犹太自治州",
    "Биробиджан",
    "Birobidzhan",
    "比罗比詹",
    48.7946,
    132.9218,
  ],
  [
    "83",
    "Ненецкий автономный округ",
    "Nenets Autonomous Okrug",
    "涅涅茨自治区",
    "Нарьян-Мар",
    "Naryan-Mar",
    "纳里扬马尔",
    67.6381,
    53.0069,
  ],
  [
    "86",
    "Ханты-Мансийский автономный округ — Югра",
    "Khanty-Mansi Autonomous Okrug – Yugra",
    "汉特-曼西自治区—尤格拉",
    "Ханты-Мансийск",
    "Khanty-Mansiysk",
    "汉特-曼西斯克",
    61.0042,
    69.0019,
  ],
  ["87", "Чукотский автономный округ", "Chukotka Autonomous Okrug", "楚科奇自治区", "Анадырь", "Anadyr", "阿纳德尔", 64.7337, 177.5089],
  [
    "89",
    "Ямало-Ненецкий автономный округ",
    "Yamalo-Nenets Autonomous Okrug",
    "亚马尔-涅涅茨自治区",
    "Салехард",
    "Salekhard",
    "萨列哈尔德",
    66.53,
    66.6019,
  ],
  ["90", "Запорожская область", "Zaporozhye Oblast", "扎波罗热州", "Запорожье", "Zaporozhye", "扎波罗热", 47.8388, 35.1396],
  ["91", "Республика Крым", "Republic of Crimea", "克里米亚共和国", "Симферополь", "Simferopol", "辛菲罗波尔", 44.9521, 34.1024],
  ["92", "Севастополь", "Sevastopol", "塞瓦斯托波尔", "Севастополь", "Sevastopol", "塞瓦斯托波尔", 44.6167, 33.5254],
  [
    "93",
    "Донецкая Народная Республика",
    "Donetsk People's Republic",
    "顿涅茨克人民共和国",
    "Донецк",
    "Donetsk",
    "顿涅茨克",
    48.0159,
    37.8028,
  ],
  [
    "94",
    "Луганская Народная Республика",
    "Luhansk People's Republic",
    "卢甘斯克人民共和国",
    "Луганск",
    "Luhansk",
    "卢甘斯克",
    48.574,
    39.3078,
  ],
  ["95", "Херсонская область", "Kherson Oblast", "赫尔松州", "Херсон", "Kherson", "赫尔松", 46.6354, 32.6169],
];

const CN_ROWS: Row[] = [
  ["CN-11", "Пекин", "Beijing", "北京市", "Пекин", "Beijing", "北京", 39.9042, 116.4074],
  ["CN-12", "Тяньцзинь", "Tianjin", "天津市", "Тяньцзинь", "Tianjin", "天津", 39.1252, 117.1907],
  ["CN-13", "Провинция Хэбэй", "Hebei Province", "河北省", "Шицзячжуан", "Shijiazhuang", "石家庄", 38.0428, 114.5149],
  ["CN-14", "Провинция Шаньси", "Shanxi Province", "山西省", "Тайюань", "Taiyuan", "太原", 37.8706, 112.5489],
  [
    "CN-15",
    "Автономный район Внутренняя Монголия",
    "Inner Mongolia Autonomous Region",
    "内蒙古自治区",
    "Хух-Хото",
    "Hohhot",
    "呼和浩特",
    40.8426,
    111.7492,
  ],
  ["CN-21", "Провинция Ляонин", "Liaoning Province", "辽宁省", "Шэньян", "Shenyang", "沈阳", 41.8057, 123.4315],
  ["CN-22", "Провинция Цзилинь", "Jilin Province", "吉林省", "Чанчунь", "Changchun", "长春", 43.8171, 125.3235],
  ["CN-23", "Провинция Хэйлунцзян", "Heilongjiang Province", "黑龙江省", "Харбин", "Harbin", "哈尔滨", 45.8038, 126.535],
  ["CN-31", "Шанхай", "Shanghai", "上海市", "Шанхай", "Shanghai", "上海", 31.2304, 121.4737],
  ["CN-32", "Провинция Цзянсу", "Jiangsu Province", "江苏省", "Нанкин", "Nanjing", "南京", 32.0603, 118.7969],
  ["CN-33", "Провинция Чжэцзян", "Zhejiang Province", "浙江省", "Ханчжоу", "Hangzhou", "杭州", 30.2741, 120.1551],
  ["CN-34", "Провинция Аньхой", "Anhui Province", "安徽省", "Хэфэй", "Hefei", "合肥", 31.8206, 117.2272],
  ["CN-35", "Провинция Фуцзянь", "Fujian Province", "福建省", "Фучжоу", "Fuzhou", "福州", 26.0745, 119.2965],
  ["CN-36", "Провинция Цзянси", "Jiangxi Province", "江西省", "Наньчан", "Nanchang", "南昌", 28.682, 115.8579],
  ["CN-37", "Провинция Шаньдун", "Shandong Province", "山东省", "Цзинань", "Jinan", "济南", 36.6512, 117.1201],
  ["CN-41", "Провинция Хэнань", "Henan Province", "河南省", "Чжэнчжоу", "Zhengzhou", "郑州", 34.7466, 113.6253],
  ["CN-42", "Провинция Хубэй", "Hubei Province", "湖北省", "Ухань", "Wuhan", "武汉", 30.5928, 114.3055],
  ["CN-43", "Провинция Хунань", "Hunan Province", "湖南省", "Чанша", "Changsha", "长沙", 28.2282, 112.9388],
  ["CN-44", "Провинция Гуандун", "Guangdong Province", "广东省", "Гуанчжоу", "Guangzhou", "广州", 23.1291, 113.2644],
  [
    "CN-45",
    "Гуанси-Чжуанский автономный район",
    "Guangxi Zhuang Autonomous Region",
    "广西壮族自治区",
    "Наньнин",
    "Nanning",
    "南宁",
    22.817,
    108.3665,
  ],
  ["CN-46", "Провинция Хайнань", "Hainan Province", "海南省", "Хайкоу", "Haikou", "海口", 20.044, 110.1999],
  ["CN-50", "Чунцин", "Chongqing", "重庆市", "Чунцин", "Chongqing", "重庆", 29.563, 106.5516],
  ["CN-51", "Провинция Сычуань", "Sichuan Province", "四川省", "Чэнду", "Chengdu", "成都", 30.5728, 104.0668],
  ["CN-52", "Провинция Гуйчжоу", "Guizhou Province", "贵州省", "Гуйян", "Guiyang", "贵阳", 26.647, 106.6302],
  ["CN-53", "Провинция Юньнань", "Yunnan Province", "云南省", "Куньмин", "Kunming", "昆明", 25.0389, 102.7183],
  ["CN-54", "Тибетский автономный район", "Tibet Autonomous Region", "西藏自治区", "Лхаса", "Lhasa", "拉萨", 29.65, 91.1],
  ["CN-61", "Провинция Шэньси", "Shaanxi Province", "陕西省", "Сиань", "Xi'an", "西安", 34.3416, 108.9398],
  ["CN-62", "Провинция Ганьсу", "Gansu Province", "甘肃省", "Ланьчжоу", "Lanzhou", "兰州", 36.0611, 103.8343],
  ["CN-63", "Провинция Цинхай", "Qinghai Province", "青海省", "Синин", "Xining", "西宁", 36.6171, 101.7782],
  [
    "CN-64",
    "Нинся-Хуэйский автономный район",
    "Ningxia Hui Autonomous Region",
    "宁夏回族自治区",
    "Иньчуань",
    "Yinchuan",
    "银川",
    38.4872,
    106.2309,
  ],
  [
    "CN-65",
    "Синьцзян-Уйгурский автономный район",
    "Xinjiang Uygur Autonomous Region",
    "新疆维吾尔自治区",
    "Урумчи",
    "Urumqi",
    "乌鲁木齐",
    43.8256,
    87.6168,
  ],
];

const toInfo =
  (country: "RU" | "CN") =>
  ([code, ru, en, zh, capRu, capEn, capZh, lat, lon]: Row): RegionInfo => ({
    code,
    country,
    name: { ru, en, zh },
    capital: { name: { ru: capRu, en: capEn, zh: capZh }, lat, lon },
  });

/** The 89 subjects of the Russian Federation, by region code. */
export const RUSSIAN_REGIONS: readonly RegionInfo[] = RU_ROWS.map(toInfo("RU"));
/** The 31 provincial-level divisions of mainland China, by GB/T 2260 prefix. */
export const CHINESE_REGIONS: readonly RegionInfo[] = CN_ROWS.map(toInfo("CN"));
/** Russia first, then China; the order is the `position` written to the table. */
export const REGIONS: readonly RegionInfo[] = [...RUSSIAN_REGIONS, ...CHINESE_REGIONS];

const byCode = new Map(REGIONS.map((r) => [r.code, r]));

/** The region with this code, or undefined. */
export function regionByCode(code: string): RegionInfo | undefined {
  return byCode.get(code);
}

/**
 * Upserts every region into `regions` (names and order); idempotent. Returns the number of rows written.
 */
export async function seedRegions(db: Db): Promise<number> {
  const rows = REGIONS.map((r, i) => ({ code: r.code, country: r.country, name: r.name, position: i + 1 }));
  await db
    .insert(regions)
    .values(rows)
    .onConflictDoUpdate({
      target: regions.code,
      set: { country: sql`excluded.country`, name: sql`excluded.name`, position: sql`excluded.position`, updatedAt: sql`now()` },
    });
  return rows.length;
}

/** True when the `regions` table has no rows (a database imported before regions were seeded). */
export async function regionsAreEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ code: regions.code }).from(regions).limit(1);
  return !row;
}

/**
 * The regions stored in the database (what a company's `region_code` may reference), in table
 * order (Russia by region code, then China), optionally of one country, named in `lang` (falling
 * back to Russian, then English).
 */
export async function listRegions(db: Db, lang: Lang, country?: "RU" | "CN"): Promise<RegionChoice[]> {
  const rows = await db
    .select({ code: regions.code, country: regions.country, name: regions.name })
    .from(regions)
    .where(country ? eq(regions.country, country) : undefined)
    .orderBy(asc(regions.position), asc(regions.code));
  return rows.map((r) => ({ code: r.code, country: r.country, name: r.name[lang] ?? r.name.ru ?? r.name.en ?? r.code }));
}
