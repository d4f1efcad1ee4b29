/**
 * The synthesis PDF of an approval request (spec §3 "Approval request
 * content", rubric `synthese_demande`): one page for the instruction staff,
 * the request at a glance (structure, perimeter counted, staffing, files per
 * rubric), generated at deposit next to the full recap.
 */
import { titreEtapeDemande } from "../../contract/libelles.ts";
import { NIVEAUX_PERIMETRE, type NiveauPerimetre } from "../../contract/perimetre.ts";
import { RUBRIQUES_DEMANDE } from "../../contract/pieces-jointes.ts";
import { libelleQualite } from "../../contract/qualites.ts";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";
import { afficherDecimal } from "../../contract/validation.ts";
import { dateParis, terminerDocumentAnah } from "./identite.ts";
import { creerDocumentDemande, ligne, noms, section } from "./mise-en-page.ts";

export const TITRE_SYNTHESE_DEMANDE = "Synthèse de la demande d'agrément";

/** Singular and plural of each perimeter level, for counts ("1 région", "3 départements"). */
const UNITES_PERIMETRE: Record<NiveauPerimetre, [string, string]> = {
  regions: ["région", "régions"],
  departements: ["département", "départements"],
  epcis: ["EPCI", "EPCI"],
  communes: ["commune", "communes"],
};

/**
 * Every text of variable length is cut (characters) so that the synthesis
 * stays on one page whatever the request holds; the recap has it in full.
 */
const LONGUEUR_MAX = 120;
/** The régions' names: about five lines, the count being given in full above them. */
const LONGUEUR_MAX_REGIONS = 480;

/** "0 commune", "1 commune", "2 communes": French keeps 0 and 1 singular. */
function compte(nombre: number, [singulier, pluriel]: [string, string]): string {
  return `${nombre} ${nombre > 1 ? pluriel : singulier}`;
}

function abreger(texte: string | null | undefined, max = LONGUEUR_MAX): string | null {
  if (!texte) return null;
  return texte.length > max ? `${texte.slice(0, max - 1).trimEnd()}…` : texte;
}

/** "1 région, 3 départements, 0 EPCI, 2 communes": every level, widest first. */
function etendue(perimetre: Record<NiveauPerimetre, string[]>): string {
  return NIVEAUX_PERIMETRE.map(({ cle }) =>
    compte(perimetre[cle].length, UNITES_PERIMETRE[cle]),
  ).join(", ");
}

function ouiNon(valeur: boolean): string {
  return valeur ? "Oui" : "Non";
}

/** "7,5, dont 4 <precision>", or null while the total is not given. */
function etpAvecPart(precision: string, total?: number, part?: number): string | null {
  if (total === undefined) return null;
  const detail = part === undefined ? "" : `, dont ${afficherDecimal(part)} ${precision}`;
  return `${afficherDecimal(total)}${detail}`;
}

/**
 * The synthesis of `detail` as PDF bytes, on a single A4 page: file number,
 * creation and deposit dates (Europe/Paris), instruction service; the
 * structure (name, SIREN, quality, legal form, head-office commune) and its
 * signatory; the perimeter counted by level with the régions' names; the
 * ETP figures and the forecast activity share (decimal comma); the optional
 * missions; and for each step-3 rubric of RUBRIQUES_DEMANDE the number of
 * files among `options.piecesJointes` ("2 fichiers", "Aucun fichier").
 * `options.genereLe` dates the footer and the metadata. Missing steps print
 * "Non renseigné".
 */
export async function genererSyntheseDemande(
  detail: DemandeDetail,
  options: { genereLe: Date; piecesJointes: readonly { rubrique: string }[] },
): Promise<Buffer> {
  const document = creerDocumentDemande(TITRE_SYNTHESE_DEMANDE, detail, options.genereLe);
  const { etape1, etape2, libelles } = detail;
  ligne(document, "Date de création de la demande", dateParis(detail.dateCreation));
  ligne(document, "Date de dépôt", detail.dateDepot ? dateParis(detail.dateDepot) : "Non déposée");
  if (detail.serviceInstructeur)
    ligne(document, "Service instructeur", abreger(detail.serviceInstructeur.nom));

  section(document, "Structure");
  ligne(document, "Raison sociale", abreger(detail.raisonSociale));
  ligne(document, "SIREN", detail.siren);
  ligne(
    document,
    "Qualité de la structure",
    etape1 ? libelleQualite(etape1.structureQualite) : null,
  );
  ligne(document, "Forme juridique", abreger(libelles.formeJuridique ?? etape1?.formeJuridique));
  const commune = libelles.commune ?? etape1?.commune;
  ligne(
    document,
    "Commune du siège",
    commune ? abreger([etape1?.codePostal, commune].filter(Boolean).join(" ")) : null,
  );
  const signataire = etape1
    ? `${etape1.signatairePrenom} ${etape1.signataireNom}, ${etape1.signataireQualite}`
    : null;
  ligne(document, "Signataire", abreger(signataire));

  section(document, "Périmètre d'intervention");
  ligne(document, "Étendue", etape2 ? etendue(etape2) : null);
  if (etape2)
    ligne(
      document,
      "Régions",
      etape2.regions.length
        ? abreger(noms(etape2.regions, libelles.regions), LONGUEUR_MAX_REGIONS)
        : "Aucune",
    );

  section(document, "Moyens humains (équivalents temps plein)");
  ligne(
    document,
    "ETP de la structure",
    etpAvecPart("dédiés à l'accompagnement", etape2?.nb_etp_struct, etape2?.nb_etp_accomp),
  );
  ligne(
    document,
    "ETP prévisionnels dédiés à l'accompagnement",
    etpAvecPart("en renforcé", etape2?.nb_etp_accomp_prev, etape2?.nb_etp_accomp_renf_prev),
  );
  const part = etape2?.part_activite_previsionnelle;
  ligne(
    document,
    "Part prévisionnelle de l'activité d'accompagnement",
    part === undefined ? null : `${afficherDecimal(part)} %`,
  );
  const missions = etape2?.missionsFacultatives;
  ligne(document, "Missions facultatives", missions === undefined ? null : ouiNon(missions));

  section(document, titreEtapeDemande(3));
  for (const rubrique of RUBRIQUES_DEMANDE) {
    const nombre = options.piecesJointes.filter((piece) => piece.rubrique === rubrique.code).length;
    ligne(
      document,
      rubrique.libelle,
      nombre === 0 ? "Aucun fichier" : compte(nombre, ["fichier", "fichiers"]),
    );
  }

  return terminerDocumentAnah(document, options.genereLe);
}
