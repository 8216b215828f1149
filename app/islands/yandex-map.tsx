/**
 * The supplier's location on a Yandex map (spec §7: JS API v3, `ru_RU`-style language, loaded lazily
 * on mount). Rendered only when YANDEX_MAPS_API_KEY is set and the company has coordinates: the
 * server renders an empty frame (nothing is fetched without JavaScript — the "open the map" link
 * beside the address stays), and after hydration the API script is added once per page, with the
 * page's CSP nonce, then a map with one marker is drawn. A failed load leaves the frame hidden.
 * An island (ADR 035), hydrated when it scrolls into view: the API is only fetched for a visitor who
 * gets to the map.
 */
import { useEffect, useRef, useState } from "react";
import type { Lang } from "../lib/i18n.ts";

/** The API's `lang` parameter per interface language. */
const MAP_LANG: Record<Lang, string> = { ru: "ru_RU", en: "en_US", zh: "en_US" };

interface Ymaps3 {
  ready: Promise<void>;
  YMap: new (element: HTMLElement, props: object) => { addChild(child: object): unknown; destroy(): void };
  YMapDefaultSchemeLayer: new (props: object) => object;
  YMapDefaultFeaturesLayer: new (props: object) => object;
  YMapMarker: new (props: object, element: HTMLElement) => object;
}

let loading: Promise<Ymaps3> | null = null;

function loadYmaps3(apiKey: string, lang: Lang, nonce: string | undefined): Promise<Ymaps3> {
  loading ??= new Promise<Ymaps3>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://api-maps.yandex.ru/v3/?apikey=${encodeURIComponent(apiKey)}&lang=${MAP_LANG[lang]}`;
    if (nonce) script.nonce = nonce;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { ymaps3?: Ymaps3 }).ymaps3;
      if (api) void api.ready.then(() => resolve(api), reject);
      else reject(new Error("ymaps3 missing"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Yandex Maps API did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/** The CSP nonce of this page, from any script that carries it (browsers expose it as a property only). */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

export interface YandexMapProps {
  apiKey: string;
  lang: Lang;
  latitude: number;
  longitude: number;
  label: string;
}

export default function YandexMap({ apiKey, lang, latitude, longitude, label }: YandexMapProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let map: { destroy(): void } | null = null;
    let cancelled = false;
    loadYmaps3(apiKey, lang, pageNonce()).then(
      (ymaps3) => {
        if (cancelled || !frame.current) return;
        const created = new ymaps3.YMap(frame.current, { location: { center: [longitude, latitude], zoom: 14 } });
        created.addChild(new ymaps3.YMapDefaultSchemeLayer({}));
        created.addChild(new ymaps3.YMapDefaultFeaturesLayer({}));
        const pin = document.createElement("div");
        pin.className = "map-pin";
        pin.title = label;
        created.addChild(new ymaps3.YMapMarker({ coordinates: [longitude, latitude] }, pin));
        map = created;
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [apiKey, lang, latitude, longitude, label]);
  if (failed) return null;
  return <div ref={frame} className="supplier-map" role="region" aria-label={label} data-testid="yandex-map" />;
}
