/**
 * The synthesis of an annual activity report as PDF (the
 * applicant's synthesis page downloads it, and it opens the staff's ZIP of
 * GET /api/agrement/{id}/telechargement-raa/{annee}): the approval, the
 * state and deposit date, the three steps as answered, and the list of
 * documents. Built with the blocks of courrier.ts.
 */
import {
  GROUPES_PJ_RAPPORT_ANNUEL,
  LIBELLES_ETAT_RAPPORT_ANNUEL,
  type RapportAnnuel,
} from "../../contract/schemas/rapport-annuel.ts";
import { afficherDate, afficherDecimal } from "../../contract/validation.ts";
import { creerCourrier, ecrireIntertitre, ecrireLigne, ecrireParagraphe } from "./courrier.ts";
import { dateParis, terminerDocumentAnah } from "./identite.ts";

/** Title of the synthesis ("Rapport annuel d'activité 2025"). */
export const titreSyntheseRapport = (annee: number) => `Rapport annuel d'activité ${annee}`;

const NON_SAISI = "Non renseigné";
const ouiNon = (valeur: boolean | undefined) =>
  valeur === undefined ? NON_SAISI : valeur ? "Oui" : "Non";
const nombre = (valeur: number | undefined) => (valeur === undefined ? NON_SAISI : String(valeur));
const etp = (valeur: number | undefined) =>
  valeur === undefined ? NON_SAISI : afficherDecimal(valeur);

/**
 * The synthesis of `rapport` as PDF bytes, generated at `genereLe`: the
 * approval's number and holder, the state and deposit date, step 1 (ETP
 * of the structure, of the accompaniment, and per département worked and
 * forecast), step 2 (contracts, files, forecast, subcontracting and its
 * counts), step 3 (the two questions) and the documents by group. A step
 * not saved reads "Non renseigné".
 */
export async function genererSyntheseRapportAnnuel(
  rapport: RapportAnnuel,
  genereLe: Date,
): Promise<Buffer> {
  const document = creerCourrier(
    titreSyntheseRapport(rapport.annee),
    genereLe,
    rapport.numeroAgrement,
  );
  const { effectifs, activite, changements } = rapport.contenu;
  ecrireLigne(document, "Structure", rapport.raisonSociale);
  ecrireLigne(document, "Agrément n°", rapport.numeroAgrement);
  ecrireLigne(document, "Année du rapport", String(rapport.annee));
  ecrireLigne(document, "État", LIBELLES_ETAT_RAPPORT_ANNUEL[rapport.etat]);
  ecrireLigne(
    document,
    "Déposé le",
    rapport.dateDepot ? dateParis(rapport.dateDepot) : "Non déposé",
  );
  ecrireLigne(document, "Date limite de dépôt", afficherDate(rapport.dateLimiteDepot));

  ecrireIntertitre(document, "Étape 1 - Effectifs");
  ecrireLigne(
    document,
    `ETP de la structure au 31/12/${rapport.annee}`,
    etp(effectifs?.etpStructure),
  );
  ecrireLigne(document, "ETP dédiés à l'accompagnement", etp(effectifs?.etpAccompagnement));
  const noms = new Map(
    rapport.departements.map((departement) => [departement.code, departement.nom]),
  );
  if (effectifs?.departements.length)
    for (const ligne of effectifs.departements)
      ecrireLigne(
        document,
        `${noms.get(ligne.code) ?? ligne.code} (${ligne.code})`,
        `${afficherDecimal(ligne.realise)} ETP en ${rapport.annee}, ${afficherDecimal(ligne.previsionnel)} ETP prévus en ${rapport.annee + 1}`,
      );
  else ecrireParagraphe(document, "ETP par département : non renseignés.");

  ecrireIntertitre(document, "Étape 2 - Activité");
  ecrireLigne(document, "Contrats signés", nombre(activite?.nbContratsSignes));
  ecrireLigne(document, "Contrats abandonnés", nombre(activite?.nbContratsAbandonnes));
  ecrireLigne(document, "Dossiers déposés", nombre(activite?.nbDossiersDeposes));
  ecrireLigne(
    document,
    `Accompagnements prévus en ${rapport.annee + 1}`,
    nombre(activite?.nbAccompagnementsPrevisionnels),
  );
  ecrireLigne(document, "Recours à la sous-traitance", ouiNon(activite?.sousTraitance));
  if (activite?.sousTraitance) {
    ecrireLigne(document, "Audits sous-traités", nombre(activite.nbSousTraitanceAudits));
    ecrireLigne(
      document,
      "Prestations renforcées sous-traitées",
      nombre(activite.nbSousTraitancePrestationsRenforcees),
    );
    ecrireLigne(
      document,
      "Missions obligatoires complètes sous-traitées",
      nombre(activite.nbSousTraitanceMissionComplete),
    );
  }

  ecrireIntertitre(document, "Étape 3 - Changements et documents");
  ecrireLigne(document, "Structure du capital modifiée", ouiNon(changements?.capitalModifie));
  ecrireLigne(document, "Gouvernance modifiée", ouiNon(changements?.gouvernanceModifiee));
  for (const groupe of GROUPES_PJ_RAPPORT_ANNUEL) {
    const codes: readonly string[] = groupe.values.map((valeur) => valeur.code);
    const pieces = rapport.piecesJointes.filter((piece) => codes.includes(piece.codeTypePJ));
    if (pieces.length)
      ecrireLigne(document, groupe.libelle, pieces.map((piece) => piece.nom).join(", "));
  }
  return terminerDocumentAnah(document, genereLe);
}
