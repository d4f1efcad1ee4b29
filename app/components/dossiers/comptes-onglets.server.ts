/**
 * The counts shown on the tabs of the staff lists (ADR
 * 0026): `GET /api/demande/count`, scoped like the list ("Mes dossiers"
 * with `mesDossiers`), no other filter. Kept apart from the list's own
 * loader (liste.server.ts), which calls it beside the list.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import { callEndpoint, compterDemandes } from "~/.server/api-client.server";

/**
 * The files of each whole tab the user sees, or null when the count fails
 * (the list is still shown, its tabs without numbers).
 */
export async function comptesOnglets(
  request: Request,
  context: AppLoadContext,
  mesDossiers: boolean,
): Promise<Record<TypeDossier, number> | null> {
  try {
    const comptes = await callEndpoint(request, context, compterDemandes, {
      query: mesDossiers ? { mesDossiers: "true" } : {},
    });
    return { demande: comptes.demande, "changement-notable": comptes["changement-notable"] };
  } catch {
    // A lapsed session or an API error is the list's to report: its own call meets it too.
    return null;
  }
}
