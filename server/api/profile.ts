/**
 * The signed-in person's own data (contract/profile.ts; spec §7 Profile): the resource
 * `/api/profile` (the profile, its name and language, the favourites list) and the favourite toggle
 * `/api/products/{id}/favourite`, a resource of its own under the catalogue's prefix (its paths
 * cannot overlap the catalogue's: Hono mounts both sub-apps at `/api/products`).
 */
import * as profile from "#contract/profile.ts";
import { MAX_FAVOURITES, addFavourite, favouriteCards, favouriteIds, removeFavourite } from "../profile/favourites.ts";
import { notFound } from "../errors.ts";
import { requireCaller } from "./caller.ts";
import { invitationsFor } from "./profile-employees.ts";
import { implement, resource } from "./resource.ts";

export const profileResource = resource("/api/profile", [
  implement(profile.getProfile, async (c) => {
    const caller = c.var.caller;
    const own = caller ? await c.var.auth.profile(caller.userId, caller.stored) : null;
    if (!own) return { data: { role: "ANONIM" as const } };
    // Open invitations to the person's e-mail: the profile start page offers to accept them.
    return { data: { ...own, invitations: own.organization ? [] : await invitationsFor(c.var.db, own) } };
  }),
  implement(profile.updateProfile, async (c, { body }) => {
    const { userId } = requireCaller(c);
    await c.var.auth.updateProfile(userId, body);
    const updated = await c.var.auth.profile(userId);
    if (!updated) throw notFound("Profile");
    return { data: updated };
  }),
  implement(profile.listFavourites, async (c, { query: { lang, view, page, perPage } }) => {
    const { userId } = requireCaller(c);
    // `view=ids` is what every page load needs (which stars are on); cards only for the favourites page.
    if (view === "ids") {
      const ids = await favouriteIds(c.var.db, userId);
      return { data: ids.map((id) => ({ id })), meta: { page: 1, perPage: MAX_FAVOURITES, total: ids.length, pages: 1 } };
    }
    const { cards, total } = await favouriteCards(c.var.db, userId, lang, { page, perPage });
    return { data: cards, meta: { page, perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) } };
  }),
]);

export const favouriteResource = resource("/api/products", [
  implement(profile.addFavourite, async (c, { params: { id } }) => {
    await addFavourite(c.var.db, requireCaller(c).userId, id);
    return { data: { id, favourite: true } };
  }),
  implement(profile.removeFavourite, async (c, { params: { id } }) => {
    await removeFavourite(c.var.db, requireCaller(c).userId, id);
    return { data: { id, favourite: false } };
  }),
]);
