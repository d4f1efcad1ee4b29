/**
 * Rows of one request of the scale dataset: the request itself (steps 1
 * and 2, clock, assignment, decision columns), one history row per
 * transition of its path (comment and data from commentaires.ts), its
 * opinions, complementary information, attachment records (step-3 files,
 * recap at deposit, answers, decision documents, certificates), then its
 * messages and notes (echanges.ts).
 */
import type { TypeAvis } from "../../../../contract/etats.ts";
import { RUBRIQUES_DEMANDE } from "../../../../contract/pieces-jointes.ts";
import type { Etape2 } from "../../../../contract/schemas/demande.ts";
import { INFOS_EN_ATTENTE_DE_REPONSE } from "../../../domain/demandes/ecriture-action.ts";
import { RAISON_REJET_TACITE } from "../../../domain/demandes/rejet-tacite.ts";
import { commentaireEtDonnees, TYPE_AVIS } from "./commentaires.ts";
import { echanges } from "./echanges.ts";
import {
  numeroAgrement,
  numeroDossier,
  piece,
  type ContexteSociete,
  type Lot,
} from "./contexte.ts";
import { ACTION_ACCORD_TACITE } from "./parcours.ts";
import type { AgentPlan } from "./personnel.ts";
import { alerteEnvoyee, type DossierPlan } from "./plan.ts";
import { etape1, etape2, extension } from "./societes.ts";

/** What the approval rows of a company need from its requests. */
export interface Resultat {
  etape2: Etape2 | undefined;
  /** Certificates issued on the request (decision, then each modification), oldest first. */
  attestations: { pieceId: string; date: number; historiqueId: number }[];
}

/** Step-3 rubrics that need a file before deposit. */
const RUBRIQUES_OBLIGATOIRES = RUBRIQUES_DEMANDE.filter((rubrique) => rubrique.minPj > 0).map(
  (rubrique) => rubrique.code,
);

/** Generates the rows of `dossier` (rank `index` in the plan) into the company's lot. */
export function lignesDossier(
  contexte: ContexteSociete,
  dossier: DossierPlan,
  index: number,
  precedents: Map<string, Resultat>,
): Resultat {
  const { hasard, societe, equipe, lot, referentiel } = contexte;
  const { chronologie } = dossier;
  const kind = dossier.kind;
  const numero = numeroDossier(contexte, dossier);
  const representant = societe.representant;
  const qualite = societe.qualites[0];
  const contenu: { etape1: ReturnType<typeof etape1>; etape2?: Etape2 } = {
    etape1: etape1(societe, qualite),
  };
  const avecEtape2 =
    kind === "changement-notable" ||
    chronologie.etapes.some((etape) => etape.action === "ENREGISTRE_BROUILLON_STEP_2");
  if (avecEtape2)
    contenu.etape2 =
      kind === "demande"
        ? etape2(hasard, referentiel, societe.siege, dossier.arrete === "courant")
        : extension(
            hasard,
            referentiel,
            societe.siege,
            precedents.get(dossier.demandeAgrement!)!.etape2!,
          );
  const resultat: Resultat = { etape2: contenu.etape2, attestations: [] };

  let instructeur: AgentPlan | null = null;
  let decisionPieceJointeId: string | null = null;
  let dateAvisDecideur: number | null = null;
  let motifAnnulation: string | null = null;
  const enAttente: Lot["info_complementaire"] = [];
  const revisions = new Map<TypeAvis, number>();
  const premier = contexte.premierHistorique[index];
  const depot = chronologie.dateDepot;

  // Step-3 files, put in while the draft was written.
  const finRedaction = depot ?? chronologie.fin;
  const rubriques =
    kind === "changement-notable"
      ? ["pj_compl"]
      : depot
        ? [...RUBRIQUES_OBLIGATOIRES, ...(hasard.chance(0.4) ? ["pj_compl"] : [])]
        : hasard.plusieurs(RUBRIQUES_OBLIGATOIRES, hasard.entier(0, RUBRIQUES_OBLIGATOIRES.length));
  for (const rubrique of rubriques)
    for (let fichier = hasard.chance(0.25) ? 2 : 1; fichier > 0; fichier--)
      piece(contexte, {
        ressourceType: kind,
        ressourceId: dossier.id,
        rubrique,
        deposeParId: representant.id,
        date:
          chronologie.debut +
          hasard.reel() * Math.max(0, finRedaction - chronologie.debut - 60_000),
      });

  chronologie.etapes.forEach((etape, rang) => {
    const historiqueId = contexte.numerotation.historique(premier + rang);
    const { date } = etape;
    let acteur: string | null = null;
    if (etape.action === "AFFECTER_INSTRUCTEUR") instructeur = hasard.choix(equipe.instructeurs);
    if (etape.role === "demandeur") acteur = representant.id;
    else if (etape.role === "instructeur")
      acteur = (instructeur ??= hasard.choix(equipe.instructeurs)).id;
    else if (etape.role === "crhh") acteur = equipe.crhh.id;
    else if (etape.role === "superviseur") acteur = equipe.superviseur.id;
    const { commentaire, donnees } = commentaireEtDonnees(contexte, dossier, etape, instructeur);
    lot.historique.push({
      id: historiqueId,
      ressourceType: kind,
      ressourceId: dossier.id,
      action: etape.action,
      etatAvant: etape.etatAvant,
      etatApres: etape.etatApres,
      acteurId: acteur,
      acteurRole: etape.role,
      commentaire,
      donnees,
      date: new Date(date),
    });
    const info = (infoType: string, raison: string | null, dateEcheance?: string) => {
      const ligne = {
        ressourceType: kind,
        ressourceId: dossier.id,
        infoType,
        raison,
        dateEcheance: dateEcheance ?? null,
        dateReponse: null as Date | null,
        delaiDepasse: false,
        historiqueId,
        date: new Date(date),
      };
      lot.info_complementaire.push(ligne);
      if ((INFOS_EN_ATTENTE_DE_REPONSE as readonly string[]).includes(infoType))
        enAttente.push(ligne);
    };
    switch (etape.action) {
      case "DEPOSER":
      case "DEPOSER_EN_EDITION":
        for (const [rubrique, prefixe] of [
          ["pj_recap_demande", "recapitulatif"],
          ["synthese_demande", "synthese"],
        ])
          piece(contexte, {
            ressourceType: kind,
            ressourceId: dossier.id,
            rubrique,
            nom: `${prefixe}-${numero}.pdf`,
            deposeParId: null,
            historiqueId,
            date: date + 1000,
          });
        break;
      case "DEMANDER_COMPLEMENT_COMPLETUDE":
        info("complement_completude", commentaire, etape.dateEcheance);
        break;
      case "DEMANDER_COMPLEMENT":
        info("complement", commentaire, etape.dateEcheance);
        break;
      case "RETOURNER_EN_EDITION":
        info("edition", commentaire);
        break;
      case "DELAIS_COMPLETUDE_DEPASSE":
      case "DELAIS_AJOUT_PJ_DEPASSE":
        for (const attente of enAttente) if (attente.dateEcheance) attente.delaiDepasse = true;
        break;
      case "ANNULER_DEMANDE":
        motifAnnulation = commentaire;
        break;
      case "REJETER_TACITEMENT_DOSSIER":
        dateAvisDecideur = date;
        info("rejet_tacite", RAISON_REJET_TACITE);
        decisionPieceJointeId = piece(contexte, {
          ressourceType: kind,
          ressourceId: dossier.id,
          rubrique: "decision_rejet_tacite",
          nom: `avis-rejet-tacite-${numero}.pdf`,
          deposeParId: null,
          historiqueId,
          date,
        });
        break;
      case ACTION_ACCORD_TACITE:
        dateAvisDecideur = date;
        info(
          "accord_tacite",
          "Sans réponse dans les deux mois, l'extension de périmètre est accordée tacitement.",
        );
        break;
    }
    if (etape.action === "DONNER_COMPLEMENT" || etape.action === "DEPOSER_EN_EDITION") {
      for (const attente of enAttente) attente.dateReponse = new Date(date);
      enAttente.length = 0;
    }
    if (etape.action === "DONNER_COMPLEMENT")
      for (let fichier = hasard.entier(1, 3); fichier > 0; fichier--)
        piece(contexte, {
          ressourceType: kind,
          ressourceId: dossier.id,
          rubrique: "pj_add",
          deposeParId: representant.id,
          historiqueId,
          date,
        });
    if (etape.valeurAvis) {
      const typeAvis = TYPE_AVIS[etape.action];
      const revision = revisions.get(typeAvis) ?? 0;
      revisions.set(typeAvis, revision + 1);
      const decideur = typeAvis === "avis_decideur";
      const pieceJointeId = hasard.chance(0.08)
        ? piece(contexte, {
            ressourceType: kind,
            ressourceId: dossier.id,
            rubrique: decideur ? "pj_avis_decideur" : "pj_avis",
            deposeParId: acteur,
            historiqueId,
            date,
          })
        : null;
      lot.avis.push({
        ressourceType: kind,
        ressourceId: dossier.id,
        typeAvis,
        valeur: etape.valeurAvis,
        commentaire,
        auteurId: acteur,
        revision,
        pieceJointeId,
        historiqueId,
        dateAvis: new Date(date),
      });
      if (decideur) dateAvisDecideur = date;
      const refus =
        etape.valeurAvis === "AGREMENT_REFUSE" || etape.valeurAvis === "EXTENSION_PERIMETRE_REFUSE";
      if (refus) {
        info("refus", commentaire);
        decisionPieceJointeId = piece(contexte, {
          ressourceType: kind,
          ressourceId: dossier.id,
          rubrique: "decision_refus",
          nom: `decision-refus-${numero}.pdf`,
          deposeParId: null,
          historiqueId,
          date,
        });
      }
    }
    // Certificates: at the grant, then at each modification of the approval.
    if (etape.valeurAvis === "AGREMENT_VALIDE" || etape.action === "MODIFIER_AGREMENT") {
      const pieceId = piece(contexte, {
        ressourceType: "agrement",
        ressourceId: dossier.agrement!.id,
        rubrique: "attestation",
        nom: `attestation-agrement-${numeroAgrement(contexte, dossier)}.pdf`,
        deposeParId: null,
        historiqueId,
        date,
        fichier: contexte.fichiers.attestation,
      });
      resultat.attestations.push({ pieceId, date, historiqueId });
      decisionPieceJointeId = pieceId;
    }
    if (etape.decision === "agrement_retire")
      decisionPieceJointeId = piece(contexte, {
        ressourceType: kind,
        ressourceId: dossier.id,
        rubrique: "decision_retrait",
        nom: `decision-retrait-${numeroAgrement(contexte, dossier)}.pdf`,
        deposeParId: null,
        historiqueId,
        date,
      });
  });

  const octroi = dossier.agrement?.dateOctroi ?? null;
  const agrementId =
    dossier.agrement?.id ??
    (dossier.demandeAgrement
      ? contexte.plan.dossiers.find((autre) => autre.id === dossier.demandeAgrement)!.agrement!.id
      : null);
  lot.demande.push({
    id: dossier.id,
    kind,
    typeChangement: kind === "changement-notable" ? "extension_perimetre" : null,
    societeId: societe.id,
    demandeurId: representant.id,
    arreteId:
      dossier.arrete === "courant" ? referentiel.arretes.courant.id : referentiel.arretes.ancien.id,
    etat: dossier.etat,
    version: chronologie.etapes.length,
    numeroDossier: numero,
    contenu,
    etapesEnregistrees: contenu.etape2 ? [1, 2] : [1],
    raisonSociale: societe.raisonSociale,
    siren: societe.siren,
    qualite,
    codeDepartement: societe.siege.departement,
    codeRegion: societe.siege.region,
    serviceInstructeurId: equipe.service.id,
    instructeurId: instructeur ? (instructeur as AgentPlan).id : null,
    dateCreation: new Date(chronologie.debut),
    dateModification: new Date(chronologie.fin),
    dateDepot: depot === null ? null : new Date(depot),
    dateEcheance: chronologie.dateEcheance,
    dateLimiteInstruction: chronologie.dateLimiteInstruction,
    suspenduDepuis:
      chronologie.suspenduDepuis === null ? null : new Date(chronologie.suspenduDepuis),
    dateAgrement: octroi === null ? null : new Date(octroi),
    dateOctroi: octroi === null ? null : new Date(octroi),
    motifAnnulation,
    messagerieFermee: dossier.etat === "annulee",
    complement: chronologie.complement,
    dateAvisDecideur: dateAvisDecideur === null ? null : new Date(dateAvisDecideur),
    decisionPieceJointeId,
    agrementId,
    alerteExpirationEnvoyee: alerteEnvoyee(dossier, contexte.plan.options.aujourdhui),
  });
  if (depot !== null) echanges(contexte, dossier, instructeur);
  return resultat;
}
