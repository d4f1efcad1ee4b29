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
import type { EtapeDatee } from "./chronologie.ts";
import { commentaireEtDonnees, estRefus, TYPE_AVIS } from "./commentaires.ts";
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

/** Steps 1 and 2 of a request, as the `contenu` column holds them. */
type Contenu = { etape1: ReturnType<typeof etape1>; etape2?: Etape2 };

/** The request being written, and what its rows carry from one step of its path to the next. */
interface Redaction {
  contexte: ContexteSociete;
  dossier: DossierPlan;
  /** Its file number, once deposited. */
  numero: string | null;
  instructeur: AgentPlan | null;
  decisionPieceJointeId: string | null;
  dateAvisDecideur: number | null;
  motifAnnulation: string | null;
  /** Complementary information still awaiting the applicant's answer. */
  enAttente: Lot["info_complementaire"];
  /** Opinions given so far, by type: the revision of the next one. */
  revisions: Map<TypeAvis, number>;
  resultat: Resultat;
}

/** A step as written in the history: its row's id, its actor and its comment. */
interface Pas {
  etape: EtapeDatee;
  historiqueId: number;
  acteur: string | null;
  commentaire: string | null;
}

/** Generates the rows of `dossier` (rank `index` in the plan) into the company's lot. */
export function lignesDossier(
  contexte: ContexteSociete,
  dossier: DossierPlan,
  index: number,
  precedents: Map<string, Resultat>,
): Resultat {
  const numero = numeroDossier(contexte, dossier);
  const contenu = contenuDossier(contexte, dossier, precedents);
  const redaction: Redaction = {
    contexte,
    dossier,
    numero,
    instructeur: null,
    decisionPieceJointeId: null,
    dateAvisDecideur: null,
    motifAnnulation: null,
    enAttente: [],
    revisions: new Map(),
    resultat: { etape2: contenu.etape2, attestations: [] },
  };
  piecesRedaction(redaction);
  const premier = contexte.premierHistorique[index];
  dossier.chronologie.etapes.forEach((etape, rang) =>
    lignesEtape(redaction, etape, premier + rang),
  );
  contexte.lot.demande.push(ligneDemande(redaction, contenu));
  if (dossier.chronologie.dateDepot !== null) echanges(contexte, dossier, redaction.instructeur);
  return redaction.resultat;
}

/**
 * Steps 1 and 2 of `dossier`: step 2 once its path saved it (always for a
 * notable change, which extends the perimeter of the approval request
 * found in `precedents`).
 */
function contenuDossier(
  contexte: ContexteSociete,
  dossier: DossierPlan,
  precedents: Map<string, Resultat>,
): Contenu {
  const { hasard, societe, referentiel } = contexte;
  const contenu: Contenu = { etape1: etape1(societe, societe.qualites[0]) };
  const avecEtape2 =
    dossier.kind === "changement-notable" ||
    dossier.chronologie.etapes.some((etape) => etape.action === "ENREGISTRE_BROUILLON_STEP_2");
  if (avecEtape2)
    contenu.etape2 =
      dossier.kind === "demande"
        ? etape2(hasard, referentiel, societe.siege, dossier.arrete === "courant")
        : extension(
            hasard,
            referentiel,
            societe.siege,
            precedents.get(dossier.demandeAgrement!)!.etape2!,
          );
  return contenu;
}

/** Step-3 files, put in while the draft was written. */
function piecesRedaction({ contexte, dossier }: Redaction): void {
  const { hasard, societe } = contexte;
  const { chronologie, kind } = dossier;
  const depot = chronologie.dateDepot;
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
        deposeParId: societe.representant.id,
        date:
          chronologie.debut +
          hasard.reel() * Math.max(0, finRedaction - chronologie.debut - 60_000),
      });
}

/**
 * The rows of one step of the path (history row `rangHistorique`): the
 * history row, then what its action adds (information, answers, opinion,
 * decision documents).
 */
function lignesEtape(redaction: Redaction, etape: EtapeDatee, rangHistorique: number): void {
  const { contexte, dossier } = redaction;
  const historiqueId = contexte.numerotation.historique(rangHistorique);
  if (etape.action === "AFFECTER_INSTRUCTEUR")
    redaction.instructeur = contexte.hasard.choix(contexte.equipe.instructeurs);
  const acteur = acteurEtape(redaction, etape);
  const { commentaire, donnees } = commentaireEtDonnees(
    contexte,
    dossier,
    etape,
    redaction.instructeur,
  );
  contexte.lot.historique.push({
    id: historiqueId,
    ressourceType: dossier.kind,
    ressourceId: dossier.id,
    action: etape.action,
    etatAvant: etape.etatAvant,
    etatApres: etape.etatApres,
    acteurId: acteur,
    acteurRole: etape.role,
    commentaire,
    donnees,
    date: new Date(etape.date),
  });
  const pas: Pas = { etape, historiqueId, acteur, commentaire };
  effetsAction(redaction, pas);
  reponseDemandeur(redaction, pas);
  if (etape.valeurAvis) ligneAvis(redaction, pas);
  piecesAgrement(redaction, pas);
}

/** Who took `etape`: the applicant, the assigned instructor (drawn if none yet), the team's CRHH or supervisor; null for the system. */
function acteurEtape(redaction: Redaction, etape: EtapeDatee): string | null {
  const { hasard, equipe, societe } = redaction.contexte;
  if (etape.role === "demandeur") return societe.representant.id;
  if (etape.role === "instructeur")
    return (redaction.instructeur ??= hasard.choix(equipe.instructeurs)).id;
  if (etape.role === "crhh") return equipe.crhh.id;
  if (etape.role === "superviseur") return equipe.superviseur.id;
  return null;
}

/**
 * Adds an attachment record of the request filed with the history row of
 * `pas`, by nobody and at its date unless `valeurs` says otherwise; returns its id.
 */
function pieceEtape(
  { contexte, dossier }: Redaction,
  pas: Pas,
  valeurs: { rubrique: string } & Partial<Parameters<typeof piece>[1]>,
): string {
  return piece(contexte, {
    ressourceType: dossier.kind,
    ressourceId: dossier.id,
    deposeParId: null,
    historiqueId: pas.historiqueId,
    date: pas.etape.date,
    ...valeurs,
  });
}

/** Adds complementary information of type `infoType` given at the step of `pas`. */
function info(
  redaction: Redaction,
  pas: Pas,
  infoType: string,
  raison: string | null,
  dateEcheance?: string,
): void {
  const ligne = {
    ressourceType: redaction.dossier.kind,
    ressourceId: redaction.dossier.id,
    infoType,
    raison,
    dateEcheance: dateEcheance ?? null,
    dateReponse: null as Date | null,
    delaiDepasse: false,
    historiqueId: pas.historiqueId,
    date: new Date(pas.etape.date),
  };
  redaction.contexte.lot.info_complementaire.push(ligne);
  if ((INFOS_EN_ATTENTE_DE_REPONSE as readonly string[]).includes(infoType))
    redaction.enAttente.push(ligne);
}

/** What the action of `pas` adds by itself: deposit documents, requests for information, overdue answers, cancellation, tacit decisions. */
function effetsAction(redaction: Redaction, pas: Pas): void {
  const { etape, commentaire } = pas;
  const { numero } = redaction;
  switch (etape.action) {
    case "DEPOSER":
    case "DEPOSER_EN_EDITION":
      for (const [rubrique, prefixe] of [
        ["pj_recap_demande", "recapitulatif"],
        ["synthese_demande", "synthese"],
      ])
        pieceEtape(redaction, pas, {
          rubrique,
          nom: `${prefixe}-${numero}.pdf`,
          date: etape.date + 1000,
        });
      break;
    case "DEMANDER_COMPLEMENT_COMPLETUDE":
      info(redaction, pas, "complement_completude", commentaire, etape.dateEcheance);
      break;
    case "DEMANDER_COMPLEMENT":
      info(redaction, pas, "complement", commentaire, etape.dateEcheance);
      break;
    case "RETOURNER_EN_EDITION":
      info(redaction, pas, "edition", commentaire);
      break;
    case "DELAIS_COMPLETUDE_DEPASSE":
    case "DELAIS_AJOUT_PJ_DEPASSE":
      for (const attente of redaction.enAttente)
        if (attente.dateEcheance) attente.delaiDepasse = true;
      break;
    case "ANNULER_DEMANDE":
      redaction.motifAnnulation = commentaire;
      break;
    case "REJETER_TACITEMENT_DOSSIER":
      redaction.dateAvisDecideur = etape.date;
      info(redaction, pas, "rejet_tacite", RAISON_REJET_TACITE);
      redaction.decisionPieceJointeId = pieceEtape(redaction, pas, {
        rubrique: "decision_rejet_tacite",
        nom: `avis-rejet-tacite-${numero}.pdf`,
      });
      break;
    case ACTION_ACCORD_TACITE:
      redaction.dateAvisDecideur = etape.date;
      info(
        redaction,
        pas,
        "accord_tacite",
        "Sans réponse dans les deux mois, l'extension de périmètre est accordée tacitement.",
      );
      break;
  }
}

/** The applicant's answer (supplement given, or new deposit after edition) closes what awaited it; a supplement brings files. */
function reponseDemandeur(redaction: Redaction, pas: Pas): void {
  const { action, date } = pas.etape;
  if (action === "DONNER_COMPLEMENT" || action === "DEPOSER_EN_EDITION") {
    for (const attente of redaction.enAttente) attente.dateReponse = new Date(date);
    redaction.enAttente.length = 0;
  }
  if (action === "DONNER_COMPLEMENT")
    for (let fichier = redaction.contexte.hasard.entier(1, 3); fichier > 0; fichier--)
      pieceEtape(redaction, pas, {
        rubrique: "pj_add",
        deposeParId: redaction.contexte.societe.representant.id,
      });
}

/** The opinion row of a step giving one (sometimes with a file), and the refusal decision it may be. */
function ligneAvis(redaction: Redaction, pas: Pas): void {
  const { contexte, dossier } = redaction;
  const { etape, acteur, commentaire, historiqueId } = pas;
  const typeAvis = TYPE_AVIS[etape.action];
  const revision = redaction.revisions.get(typeAvis) ?? 0;
  redaction.revisions.set(typeAvis, revision + 1);
  const decideur = typeAvis === "avis_decideur";
  const pieceJointeId = contexte.hasard.chance(0.08)
    ? pieceEtape(redaction, pas, {
        rubrique: decideur ? "pj_avis_decideur" : "pj_avis",
        deposeParId: acteur,
      })
    : null;
  contexte.lot.avis.push({
    ressourceType: dossier.kind,
    ressourceId: dossier.id,
    typeAvis,
    valeur: etape.valeurAvis!,
    commentaire,
    auteurId: acteur,
    revision,
    pieceJointeId,
    historiqueId,
    dateAvis: new Date(etape.date),
  });
  if (decideur) redaction.dateAvisDecideur = etape.date;
  if (estRefus(etape.valeurAvis!)) {
    info(redaction, pas, "refus", commentaire);
    redaction.decisionPieceJointeId = pieceEtape(redaction, pas, {
      rubrique: "decision_refus",
      nom: `decision-refus-${redaction.numero}.pdf`,
    });
  }
}

/** Certificates (at the grant, then at each modification of the approval) and the withdrawal decision. */
function piecesAgrement(redaction: Redaction, pas: Pas): void {
  const { contexte, dossier } = redaction;
  const { etape, historiqueId } = pas;
  if (etape.valeurAvis === "AGREMENT_VALIDE" || etape.action === "MODIFIER_AGREMENT") {
    const pieceId = pieceEtape(redaction, pas, {
      ressourceType: "agrement",
      ressourceId: dossier.agrement!.id,
      rubrique: "attestation",
      nom: `attestation-agrement-${numeroAgrement(contexte, dossier)}.pdf`,
      fichier: contexte.fichiers.attestation,
    });
    redaction.resultat.attestations.push({ pieceId, date: etape.date, historiqueId });
    redaction.decisionPieceJointeId = pieceId;
  }
  if (etape.decision === "agrement_retire")
    redaction.decisionPieceJointeId = pieceEtape(redaction, pas, {
      rubrique: "decision_retrait",
      nom: `decision-retrait-${numeroAgrement(contexte, dossier)}.pdf`,
    });
}

/** The request's own row, with the columns its path set. */
function ligneDemande(redaction: Redaction, contenu: Contenu): Lot["demande"][number] {
  const { contexte, dossier, instructeur, dateAvisDecideur } = redaction;
  const { societe, equipe, referentiel } = contexte;
  const { chronologie, kind } = dossier;
  const depot = chronologie.dateDepot;
  const octroi = dossier.agrement?.dateOctroi ?? null;
  const agrementId =
    dossier.agrement?.id ??
    (dossier.demandeAgrement
      ? contexte.plan.dossiers.find((autre) => autre.id === dossier.demandeAgrement)!.agrement!.id
      : null);
  return {
    id: dossier.id,
    kind,
    typeChangement: kind === "changement-notable" ? "extension_perimetre" : null,
    societeId: societe.id,
    demandeurId: societe.representant.id,
    arreteId:
      dossier.arrete === "courant" ? referentiel.arretes.courant.id : referentiel.arretes.ancien.id,
    etat: dossier.etat,
    version: chronologie.etapes.length,
    numeroDossier: redaction.numero,
    contenu,
    etapesEnregistrees: contenu.etape2 ? [1, 2] : [1],
    raisonSociale: societe.raisonSociale,
    siren: societe.siren,
    qualite: societe.qualites[0],
    codeDepartement: societe.siege.departement,
    codeRegion: societe.siege.region,
    serviceInstructeurId: equipe.service.id,
    instructeurId: instructeur ? instructeur.id : null,
    dateCreation: new Date(chronologie.debut),
    dateModification: new Date(chronologie.fin),
    dateDepot: depot === null ? null : new Date(depot),
    dateEcheance: chronologie.dateEcheance,
    dateLimiteInstruction: chronologie.dateLimiteInstruction,
    suspenduDepuis:
      chronologie.suspenduDepuis === null ? null : new Date(chronologie.suspenduDepuis),
    dateAgrement: octroi === null ? null : new Date(octroi),
    dateOctroi: octroi === null ? null : new Date(octroi),
    motifAnnulation: redaction.motifAnnulation,
    messagerieFermee: dossier.etat === "annulee",
    complement: chronologie.complement,
    dateAvisDecideur: dateAvisDecideur === null ? null : new Date(dateAvisDecideur),
    decisionPieceJointeId: redaction.decisionPieceJointeId,
    agrementId,
    alerteExpirationEnvoyee: alerteEnvoyee(dossier, contexte.plan.options.aujourdhui),
  };
}
