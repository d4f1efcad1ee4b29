/**
 * The recap PDF of an approval request (spec §3 "Approval request content"):
 * what the applicant declared in the three steps, generated at deposit and
 * kept as the `pj_recap_demande` attachment.
 */
import { NON_RENSEIGNE, titreEtapeDemande } from "../../contract/libelles.ts";
import { NIVEAUX_PERIMETRE } from "../../contract/perimetre.ts";
import { RUBRIQUES_DEMANDE, afficherTaille } from "../../contract/pieces-jointes.ts";
import { libelleQualite } from "../../contract/qualites.ts";
import {
  INDICATEURS_ETP,
  LIBELLES_ETP,
  type DemandeDetail,
} from "../../contract/schemas/demande.ts";
import { afficherDate, afficherDecimal } from "../../contract/validation.ts";
import { dateParis, terminerDocumentAnah, texteWinAnsi } from "./identite.ts";
import { creerDocumentDemande, ligne, noms, section, sousSection } from "./mise-en-page.ts";

export const TITRE_RECAP_DEMANDE = "Récapitulatif de la demande d'agrément";

/** A file listed in step 3. */
export interface FichierRecap {
  rubrique: string;
  nom: string;
  /** Bytes. */
  size: number;
}

/**
 * The recap of `detail` as PDF bytes: number and dates; step 1 (signatory,
 * structure, head-office address with the commune's name); step 2
 * (perimeter by name, ETP figures with a decimal comma, activity share,
 * optional missions); step 3 (the files of `options.piecesJointes` by
 * rubric, with their sizes). `options.genereLe` dates the footer and the
 * metadata. Missing steps print "Non renseigné".
 */
export async function genererRecapDemande(
  detail: DemandeDetail,
  options: { genereLe: Date; piecesJointes: FichierRecap[] },
): Promise<Buffer> {
  const document = creerDocumentDemande(TITRE_RECAP_DEMANDE, detail, options.genereLe);
  const { etape1, etape2, libelles } = detail;
  ligne(document, "Structure", detail.raisonSociale);
  ligne(document, "Date de création de la demande", dateParis(detail.dateCreation));
  ligne(document, "Date de dépôt", detail.dateDepot ? dateParis(detail.dateDepot) : "Non déposée");
  ligne(document, "Dernière modification", dateParis(detail.dateModification));
  if (detail.serviceInstructeur)
    ligne(document, "Service instructeur", detail.serviceInstructeur.nom);

  section(document, `Étape 1 – ${titreEtapeDemande(1)}`);
  sousSection(document, "Signataire");
  ligne(document, "Nom", etape1?.signataireNom);
  ligne(document, "Prénom", etape1?.signatairePrenom);
  ligne(document, "Qualité", etape1?.signataireQualite);
  sousSection(document, "Structure");
  ligne(document, "Raison sociale", detail.raisonSociale);
  ligne(document, "SIREN", detail.siren);
  ligne(
    document,
    "Qualité de la structure",
    etape1 ? libelleQualite(etape1.structureQualite) : undefined,
  );
  ligne(document, "Forme juridique", libelles.formeJuridique ?? etape1?.formeJuridique);
  ligne(document, "Date de création", etape1 ? afficherDate(etape1.dateCreationStructure) : null);
  ligne(document, "Téléphone", etape1?.telephone);
  ligne(document, "Adresse électronique", etape1?.email);
  sousSection(document, "Adresse du siège");
  ligne(document, "Adresse", etape1?.adresse);
  if (etape1?.complementAdresse) ligne(document, "Complément d'adresse", etape1.complementAdresse);
  ligne(document, "Code postal", etape1?.codePostal);
  ligne(document, "Commune", libelles.commune ?? etape1?.commune);

  section(document, `Étape 2 – ${titreEtapeDemande(2)}`);
  sousSection(document, "Périmètre d'intervention");
  if (etape2) {
    for (const { cle, libelle } of NIVEAUX_PERIMETRE)
      ligne(document, libelle, noms(etape2[cle], libelles[cle]));
    if (etape2.precisions) ligne(document, "Précisions", etape2.precisions);
  } else {
    document.text(NON_RENSEIGNE);
  }
  sousSection(document, "Moyens humains (équivalents temps plein)");
  for (const code of INDICATEURS_ETP) {
    const libelle = LIBELLES_ETP[code];
    const valeur = etape2?.[code];
    ligne(document, libelle, valeur === undefined ? null : afficherDecimal(valeur));
  }
  const part = etape2?.part_activite_previsionnelle;
  ligne(
    document,
    "Part prévisionnelle de l'activité d'accompagnement",
    part === undefined ? null : `${afficherDecimal(part)} %`,
  );
  if (etape2?.missionsFacultatives !== undefined)
    ligne(document, "Missions facultatives", etape2.missionsFacultatives ? "Oui" : "Non");

  section(document, `Étape 3 – ${titreEtapeDemande(3)}`);
  const rubriques = [
    ...RUBRIQUES_DEMANDE.map((rubrique) => ({ code: rubrique.code, libelle: rubrique.libelle })),
    ...[...new Set(options.piecesJointes.map((piece) => piece.rubrique))]
      .filter((code) => !RUBRIQUES_DEMANDE.some((rubrique) => rubrique.code === code))
      .map((code) => ({ code, libelle: code })),
  ];
  for (const rubrique of rubriques) {
    const pieces = options.piecesJointes.filter((piece) => piece.rubrique === rubrique.code);
    sousSection(document, rubrique.libelle);
    if (pieces.length === 0) document.text("Aucun fichier");
    for (const piece of pieces)
      document.text(texteWinAnsi(`• ${piece.nom} (${afficherTaille(piece.size)})`), {
        indent: 10,
      });
  }

  return terminerDocumentAnah(document, options.genereLe);
}
