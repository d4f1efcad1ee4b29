/**
 * Server side of the perimeter of a step, for either type of case file
 * (the request's step 2, an extension's step 1; spec §5 Perimeter, ADR
 * 0044): the perimeter as posted, the search a post asks for without
 * JavaScript, and the answer that sends every posted value back.
 */
import { data, type AppLoadContext } from "@remix-run/node";
import type { Departement } from "#contract/schemas/geographie";
import {
  departementsCouverts,
  nomsPostes,
  rechercherCommunes,
  rechercherEpcis,
  valeursListe,
} from "~/components/demande/formulaire/formulaire.server";
import {
  INTENT_RECHERCHE_EPCIS,
  type ChoixPerimetre,
  type RecherchePerimetre,
} from "~/components/demande/formulaire/perimetre";
import {
  estRecherchePerimetre,
  type NomsPerimetre,
  type ResultatPerimetre,
} from "./perimetre-etape";

/** The perimeter of a post: the codes ticked and the names of the EPCI and communes shown. */
export interface PerimetrePoste {
  choix: ChoixPerimetre;
  noms: NomsPerimetre;
}

/**
 * The perimeter posted, empty values dropped. Without JavaScript a
 * département stays ticked under its ticked région: such départements are
 * dropped, the région covers them.
 */
export function perimetreDuPost(
  formData: FormData,
  departements: readonly Departement[],
): PerimetrePoste {
  const regions = valeursListe(formData, "regions");
  const regionsCochees = new Set(regions);
  return {
    choix: {
      regions,
      departements: valeursListe(formData, "departements").filter(
        (code) => !regionsCochees.has(departements.find((d) => d.code === code)?.codeRegion ?? ""),
      ),
      epcis: valeursListe(formData, "epcis"),
      communes: valeursListe(formData, "communes"),
    },
    noms: nomsPostes(formData),
  };
}

/**
 * The search a post asks for (the pickers' "Rechercher" without
 * JavaScript), null for any other post: EPCI by name, or communes within
 * the régions and départements ticked.
 */
export async function recherchePostee(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  departements: readonly Departement[],
  choix: ChoixPerimetre,
): Promise<RecherchePerimetre | null> {
  const intent = formData.get("intent");
  if (!estRecherchePerimetre(intent)) return null;
  const resultat =
    intent === INTENT_RECHERCHE_EPCIS
      ? await rechercherEpcis(request, context, String(formData.get("rechercheEpci") ?? ""))
      : await rechercherCommunes(
          request,
          context,
          String(formData.get("rechercheCommune") ?? ""),
          departementsCouverts(departements, choix.regions, choix.departements),
        );
  return { type: intent, resultat };
}

/**
 * The answer to a search or a refused post of the step: `resultat` with a
 * new `cle` after its `vue`, so that the form remounts from the posted values.
 */
export function reponsePerimetre<Resultat extends ResultatPerimetre>(
  { vue, ...reste }: Omit<Resultat, "cle">,
  status: number,
) {
  return data({ vue, cle: crypto.randomUUID(), ...reste } as Resultat, { status });
}
