/**
 * `GET /dev/profile/start` (contract/profile-start.ts): the start page's state of the caller — no
 * company (`start`, with open invitations), an active employee (`profile`) or a blocked one.
 */
import * as start from "#contract/profile-start.ts";
import type { ProfileStart } from "#contract/profile-start.ts";
import { requireCaller } from "./caller.ts";
import { invitationsFor } from "./profile-employees.ts";
import { implement, resource } from "./resource.ts";
import { DomainError } from "../errors.ts";

export const profileStartResource = resource("/dev/profile", [
  implement(start.getProfileStart, async (c) => {
    const { userId, stored } = requireCaller(c);
    const own = await c.var.auth.profile(userId, stored);
    if (!own) throw new DomainError("unauthorized", "The account no longer exists");
    const organization = own.organization;
    const next: ProfileStart["next"] =
      organization?.employeeStatus === "active" ? "profile" : organization?.employeeStatus === "blocked" ? "blocked" : "start";
    return { data: { next, organization, invitations: next === "start" ? await invitationsFor(c.var.db, own) : [] } };
  }),
]);
