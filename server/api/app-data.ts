/** The app data resource (contract/app-data.ts): `GET /app/data`, cached by browsers for five minutes. */
import * as appData from "#contract/app-data.ts";
import { loadAppData } from "../catalog/app-data.ts";
import { PUBLIC_CACHE } from "./http.ts";
import { implement, resource } from "./resource.ts";

export const appDataResource = resource("/app/data", [
  implement(appData.getAppData, async (c, { query }) => {
    const data = await loadAppData(c.var.db, query.lang);
    c.header("Cache-Control", PUBLIC_CACHE);
    return { data };
  }),
]);
