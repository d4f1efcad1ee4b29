/**
 * What the `/activite` page loads (spec §2, §7 Activities): the indicators
 * and the five breakdowns for the filters, called
 * together, and the charts drawn on the server from them. Server only: it
 * reaches the endpoint declarations of contract/api (kept out of the
 * browser's bundles, as app/.server/api-client.server.ts explains).
 */
import type { AppLoadContext } from "@remix-run/node";
import {
  exporterActivite,
  lireDetailsAgrementsAccordes,
  lireDetailsChargeInstructeurs,
  lireDetailsDelaiMoyen,
  lireDetailsDeposee,
  lireDetailsReputesRejetes,
  lireIndicateursActivite,
} from "../../../contract/api/activites.ts";
import {
  ETAPES_INSTRUCTION,
  LIBELLES_ETAPES,
  versParamsActivite,
  type ChargeInstructeur,
  type DetailsDelaiMoyen,
  type FiltresActivite,
  type IndicateursActivite,
  type MoisDepots,
} from "../../../contract/schemas/activites.ts";
import { callEndpoint } from "~/.server/api-client.server";
import { MAX_INSTRUCTEURS_GRAPHIQUE, SERIES } from "./series";
import { COULEURS_DSFR, graphiqueBarres, graphiqueMensuel } from "../graphiques/graphiques.server";

export { exporterActivite };
export { MAX_INSTRUCTEURS_GRAPHIQUE, SERIES };

/**
 * Loads everything the page shows for `filtres` (valid ones: the page checks
 * the period first), with the reader's token: six API calls at once, then
 * the charts (rendered in parallel; cached by data in the renderer).
 */
export async function chargerActivite(
  request: Request,
  context: AppLoadContext,
  filtres: FiltresActivite,
) {
  const encodedQuery = versParamsActivite(filtres);
  const [indicateurs, deposee, delais, charge, reputes, agrements] = await Promise.all([
    callEndpoint(request, context, lireIndicateursActivite, { encodedQuery }),
    callEndpoint(request, context, lireDetailsDeposee, { encodedQuery }),
    callEndpoint(request, context, lireDetailsDelaiMoyen, { encodedQuery }),
    callEndpoint(request, context, lireDetailsChargeInstructeurs, { encodedQuery }),
    callEndpoint(request, context, lireDetailsReputesRejetes, { encodedQuery }),
    callEndpoint(request, context, lireDetailsAgrementsAccordes, { encodedQuery }),
  ]);
  const a = indicateurs.agrementsAccordes;
  const etatsAgrements = [
    ["Actifs hors procédure", a.actifs - a.procedureEnCours],
    ["En procédure sans suspension", a.procedureEnCours],
    ["Suspendus", a.suspendus],
    ["Retirés", a.retires],
    ["Périmés", a.perimes],
  ] as const;
  const graphiques = await dessinerGraphiques({
    indicateurs,
    deposee,
    delais,
    charge,
    etatsAgrements,
  });
  return {
    indicateurs,
    deposee,
    delais,
    charge,
    reputes,
    agrements,
    etatsAgrements,
    graphiques,
  };
}

/** What the charts are drawn from: four of the API's answers and the approvals' states as (label, count). */
interface DonneesGraphiques {
  indicateurs: IndicateursActivite;
  deposee: MoisDepots[];
  delais: DetailsDelaiMoyen;
  charge: ChargeInstructeur[];
  etatsAgrements: readonly (readonly [string, number])[];
}

/**
 * The page's five charts, drawn in parallel from `donnees`, each null when
 * it would be empty: deposits and decisions by month, deposited files by
 * instruction step, processing times, files by instructor (the assigned
 * ones with the most files, {@link MAX_INSTRUCTEURS_GRAPHIQUE} at most),
 * granted approvals by state.
 */
async function dessinerGraphiques({
  indicateurs,
  deposee,
  delais,
  charge,
  etatsAgrements,
}: DonneesGraphiques) {
  const chargeDessinee = charge
    .filter((ligne) => ligne.instructeurId !== null)
    .sort((x, y) => y.nbDossiers - x.nbDossiers)
    .slice(0, MAX_INSTRUCTEURS_GRAPHIQUE);

  const [graphiqueDepots, graphiqueEtapes, graphiqueDelais, graphiqueCharge, graphiqueAgrements] =
    await Promise.all([
      deposee.length
        ? graphiqueMensuel(
            deposee.flatMap((mois) => [
              { categorie: mois.mois, serie: SERIES.mensuel[0], valeur: mois.deposees },
              { categorie: mois.mois, serie: SERIES.mensuel[1], valeur: mois.validees },
              { categorie: mois.mois, serie: SERIES.mensuel[2], valeur: mois.refusees },
            ]),
            "Dépôts et décisions par mois",
            SERIES.mensuel,
          )
        : null,
      indicateurs.nbDemandesDeposees.total
        ? graphiqueBarres(
            ETAPES_INSTRUCTION.map((etape) => ({
              categorie: LIBELLES_ETAPES[etape],
              serie: SERIES.etapes[0],
              valeur: indicateurs.nbDemandesDeposees.parEtape[etape],
            })),
            "Dossiers déposés par étape d'instruction",
            SERIES.etapes,
            [COULEURS_DSFR.bleuFrance],
          )
        : null,
      indicateurs.nbJoursTraitement.nbDecisions
        ? graphiqueBarres(
            delais.distribution.map((tranche) => ({
              categorie: tranche.libelle,
              serie: SERIES.delais[0],
              valeur: tranche.nb,
            })),
            "Répartition des délais de traitement",
            SERIES.delais,
            [COULEURS_DSFR.menthe],
          )
        : null,
      chargeDessinee.length
        ? graphiqueBarres(
            chargeDessinee.flatMap((ligne) => [
              {
                categorie: ligne.instructeur,
                serie: SERIES.charge[0],
                valeur: ligne.nbEnCours,
              },
              {
                categorie: ligne.instructeur,
                serie: SERIES.charge[1],
                valeur: ligne.nbDossiers - ligne.nbEnCours,
              },
            ]),
            "Dossiers par instructeur",
            SERIES.charge,
            [COULEURS_DSFR.bleuFrance, COULEURS_DSFR.cumulus],
          )
        : null,
      indicateurs.agrementsAccordes.total
        ? graphiqueBarres(
            etatsAgrements.map(([categorie, valeur]) => ({
              categorie,
              serie: SERIES.agrements[0],
              valeur,
            })),
            "Agréments accordés par état",
            SERIES.agrements,
            [COULEURS_DSFR.glycine],
          )
        : null,
    ]);
  return {
    depots: graphiqueDepots,
    etapes: graphiqueEtapes,
    delais: graphiqueDelais,
    charge: graphiqueCharge,
    agrements: graphiqueAgrements,
  };
}
