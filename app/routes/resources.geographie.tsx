import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "#contract/validation";
import { requireUser } from "~/.server/auth.server";
import {
  communesDuCodePostal,
  rechercherCommunes,
  rechercherEpcis,
} from "~/components/demande/formulaire/formulaire.server";
import type { RechercheGeographie } from "~/components/demande/formulaire/geographie";

/**
 * `/resources/geographie` (JSON, for the form's JavaScript only; DESIGN §6:
 * without JavaScript the same searches are form posts):
 * - `?type=epcis&query=` → EPCI matches (at least 3 characters);
 * - `?type=communes&query=&departements=75&departements=92` → communes of
 *   those départements (at least 1 character);
 * - `?type=codePostal&codePostal=75011` → the communes of a postal code.
 * Answers `RechercheGeographie` (`erreur` set when the search is refused).
 * Signed-in users only, like the form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const query = url.searchParams.get("query") ?? "";
  let resultat: RechercheGeographie;
  if (type === "epcis") {
    resultat = await rechercherEpcis(request, context, query);
  } else if (type === "communes") {
    resultat = await rechercherCommunes(
      request,
      context,
      query,
      url.searchParams.getAll("departements").filter(Boolean),
    );
  } else if (type === "codePostal") {
    const codePostal = url.searchParams.get("codePostal") ?? "";
    resultat = {
      terme: codePostal,
      resultats: await communesDuCodePostal(request, context, codePostal),
      erreur: /^\d{5}$/.test(codePostal.trim()) ? null : MESSAGES.codePostal,
    };
  } else {
    return Response.json({ message: "Type de recherche inconnu." }, { status: 400 });
  }
  return Response.json(resultat, { headers: { "Cache-Control": "private, no-store" } });
}
