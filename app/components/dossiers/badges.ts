/**
 * How the staff lists show a file's state, step and deadline (spec §4
 * "Badge colours", DESIGN §3 steps, §5 deadlines). Staff see the raw state
 * (contract/libelles.ts), in the colour of its family.
 */
import type { EtatDemande } from "#contract/etats";
import { LIBELLES_ETAPE_INSTRUCTION, LIBELLES_ETAT_DEMANDE } from "#contract/libelles";
import type { EtapeInstruction, EtatNormalise } from "#contract/statuts";
import type { BadgeStatut, CouleurBadge, SeveriteBadge } from "~/components/demande/statut-badge";

type Teinte = { severity: SeveriteBadge } | { couleur: CouleurBadge };

const BLEU: Teinte = { severity: "info" };
const JAUNE: Teinte = { couleur: "yellow-tournesol" };
const VIOLET: Teinte = { couleur: "purple-glycine" };
const AVERTISSEMENT: Teinte = { severity: "warning" };
const ERREUR: Teinte = { severity: "error" };
const SUCCES: Teinte = { severity: "success" };

// Spec §4 "Badge colours": blue for drafts; yellow for what was submitted,
// assigned or is being examined (a received complement included); purple
// while the applicant owes documents; warning for a refusal under way,
// cancellation and suspension; error for a refusal, a tacit rejection (shown
// as a refusal) and a withdrawal; success for a granted, pending or
// available approval and a tacit grant.
const TEINTE_PAR_ETAT: Record<EtatDemande, Teinte> = {
  brouillon: BLEU,
  arrete_perime: BLEU,
  deposee: JAUNE,
  affectee: JAUNE,
  en_edition: VIOLET,
  incomplete: VIOLET,
  refus_en_attente: AVERTISSEMENT,
  refus_refuse: JAUNE,
  refus_confirme: AVERTISSEMENT,
  complete: JAUNE,
  complete_complement_demande: VIOLET,
  complete_complement_recu: JAUNE,
  complete_sans_crhh: JAUNE,
  complete_sans_crhh_complement_demande: VIOLET,
  complete_sans_crhh_complement_recu: JAUNE,
  annulee: AVERTISSEMENT,
  instruite_crhh: JAUNE,
  instruite_crhh_complement_demande: VIOLET,
  instruite_crhh_complement_recu: JAUNE,
  instruite_instructeur: JAUNE,
  instruite_superviseur: JAUNE,
  agrement_en_attente: SUCCES,
  agrement_modifie_en_attente: SUCCES,
  agrement_procedure_en_cours: AVERTISSEMENT,
  agrement_retire: ERREUR,
  agree: SUCCES,
  refusee: ERREUR,
  disponible: SUCCES,
  terminee: BLEU,
  rejetee_tacitement: ERREUR,
  accordee_tacitement: SUCCES,
};

/**
 * The state badge of a file in a staff list: the raw state's label and the
 * colour of spec §4. A withdrawal procedure without suspension leaves the
 * approval in force (normalised `agree`): success rather than warning.
 */
export function badgeEtat(etat: EtatDemande, normalise?: EtatNormalise): BadgeStatut {
  const teinte: Teinte =
    etat === "agrement_procedure_en_cours" && normalise === "agree"
      ? SUCCES
      : (TEINTE_PAR_ETAT[etat] ?? JAUNE);
  return {
    libelle: LIBELLES_ETAT_DEMANDE[etat] ?? etat,
    severity: "severity" in teinte ? teinte.severity : null,
    couleur: "couleur" in teinte ? teinte.couleur : null,
  };
}

/** The step badge's label (DESIGN §3 steps). */
export function libelleEtape(etape: EtapeInstruction): string {
  return LIBELLES_ETAPE_INSTRUCTION[etape] ?? etape;
}

/** One marker of the instruction clock next to its deadline. */
export interface MarqueurDelai {
  libelle: string;
  severity: SeveriteBadge;
}

/**
 * The markers of the 3-month instruction clock (DESIGN §5): "Réputé rejeté"
 * (error) once it expired, else "Expire bientôt" (warning) in its last 15
 * days; "Suspendu" (info) while a completeness or complement request stops
 * it.
 */
export function marqueursDelai(dossier: {
  reputeRejete: boolean;
  expireBientot: boolean;
  delaiSuspendu: boolean;
}): MarqueurDelai[] {
  const marqueurs: MarqueurDelai[] = [];
  if (dossier.reputeRejete) marqueurs.push({ libelle: "Réputé rejeté", severity: "error" });
  else if (dossier.expireBientot)
    marqueurs.push({ libelle: "Expire bientôt", severity: "warning" });
  if (dossier.delaiSuspendu) marqueurs.push({ libelle: "Suspendu", severity: "info" });
  return marqueurs;
}
