/**
 * The supplier's location on a Yandex map (spec §7): the island app/islands/yandex-map.tsx, hydrated
 * when it scrolls into view.
 */
import { Island } from "#app/islands/island.tsx";
import YandexMapIsland, { type YandexMapProps } from "#app/islands/yandex-map.tsx";

export function YandexMap(props: YandexMapProps) {
  return <Island name="yandex-map" load="visible" component={YandexMapIsland} props={props} />;
}
