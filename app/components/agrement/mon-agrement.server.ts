/** The signed-in applicant's approval, as the layout, the home and /mon-agrement read it. */
import type { AppLoadContext } from "@remix-run/node";
import type { Agrement } from "#contract/schemas/agrement";
import { callEndpoint, lireMonAgrement } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import { t } from "~/i18n";
import { agrementAccessible } from "./agrement";

/**
 * `GET /api/agrement/mon-agrement`: the applicant's approval, or null when
 * he has none (404). Other failures are thrown (ApiError, login redirect).
 */
export function chargerMonAgrement(
  request: Request,
  context: AppLoadContext,
): Promise<Agrement | null> {
  return callEndpoint(request, context, lireMonAgrement).catch((error: unknown) => {
    if (error instanceof Response && error.status === 404) return null;
    throw error;
  });
}

/**
 * The guard of the pages of approved applicants (spec §2 guarded pages, §4
 * approval accessible when en_cours or suspendu): a signed-in demandeur
 * (403 page otherwise, `requireRole`) holding such an approval, which is
 * returned. Without one, or with an approval withdrawn or expired, throws
 * the redirect home with an information notification saying `sansAgrement`.
 */
export async function chargerAgrementDuDemandeur(
  request: Request,
  context: AppLoadContext,
  sansAgrement = "Votre structure ne détient pas d'agrément en cours de validité.",
): Promise<Agrement> {
  await requireRole(request, context, "demandeur");
  const agrement = await chargerMonAgrement(request, context);
  if (!agrement || !agrementAccessible(agrement))
    throw await redirectWithToast(
      "/",
      { type: "info", titre: t("notification.titre.info"), description: sansAgrement },
      { request, context },
    );
  return agrement;
}
