/**
 * What a history row of the scale dataset says besides the transition:
 * the comment and the data the handlers of api/domain/demandes write for
 * each action (reasons, grounds, deadlines, opinions, procedures).
 */
import type { TypeAvis, ValeurAvis } from "../../../../contract/etats.ts";
import type { ContexteSociete } from "./contexte.ts";
import type { EtapeDatee } from "./chronologie.ts";
import type { Hasard } from "./hasard.ts";
import type { AgentPlan } from "./personnel.ts";
import type { DossierPlan } from "./plan.ts";
import {
  COMMENTAIRES_AVIS,
  MOTIFS_ANNULATION,
  MOTIFS_REFUS,
  MOTIFS_RETRAIT,
  RAISONS_COMPLEMENT,
  RAISONS_COMPLETUDE,
  RAISONS_EDITION,
} from "./vocabulaire.ts";

/** Opinion type recorded by each action giving one (avis.ts, refus.ts, decision.ts). */
export const TYPE_AVIS: Record<string, TypeAvis> = {
  EXPRIMER_AVIS_CRHH: "avis_crhh",
  EXPRIMER_AVIS_INSTRUCTEUR: "avis_instructeur",
  EXPRIMER_AVIS_SUPERVISEUR: "avis_superviseur",
  EXPRIMER_AVIS_DECIDEUR: "avis_decideur",
  PROPOSER_REFUS_DEMANDE: "avis_instructeur",
  CONFIRMER_REFUS: "avis_superviseur",
  MOTIVER_REFUS: "avis_decideur",
};

/** What a history row says besides the transition: its comment and its data. */
export interface Mentions {
  commentaire: string | null;
  donnees: Record<string, unknown> | null;
}

/** Whether `valeur` is a decision refusing the approval or the perimeter extension. */
export function estRefus(valeur: ValeurAvis): boolean {
  return valeur === "AGREMENT_REFUSE" || valeur === "EXTENSION_PERIMETRE_REFUSE";
}

/**
 * The comment and data a handler writes with the history row of `etape`
 * (api/domain/demandes). Each action is read by one of the helpers below,
 * so at most one of them draws from the company's generator.
 */
export function commentaireEtDonnees(
  contexte: ContexteSociete,
  dossier: DossierPlan,
  etape: EtapeDatee,
  instructeur: AgentPlan | null,
): Mentions {
  const { hasard } = contexte;
  return (
    mentionsInstruction(hasard, etape, instructeur) ??
    mentionsRefus(hasard, etape) ??
    mentionsAgrement(hasard, dossier, etape) ??
    mentionsAvis(hasard, dossier, etape) ?? { commentaire: null, donnees: null }
  );
}

/** Assignment, completeness, supplement and edition rounds, cancellation, tacit rejection; undefined for other actions. */
function mentionsInstruction(
  hasard: Hasard,
  etape: EtapeDatee,
  instructeur: AgentPlan | null,
): Mentions | undefined {
  switch (etape.action) {
    case "AFFECTER_INSTRUCTEUR":
      return {
        commentaire: null,
        donnees: { instructeurId: instructeur!.id, instructeurPrecedentId: null },
      };
    case "DEMANDER_COMPLEMENT_COMPLETUDE":
      return {
        commentaire: hasard.choix(RAISONS_COMPLETUDE),
        donnees: { dateEcheance: etape.dateEcheance },
      };
    case "DEMANDER_COMPLEMENT":
      return {
        commentaire: hasard.choix(RAISONS_COMPLEMENT),
        donnees: { dateEcheance: etape.dateEcheance },
      };
    case "RETOURNER_EN_EDITION":
      return { commentaire: hasard.choix(RAISONS_EDITION), donnees: null };
    case "DONNER_COMPLEMENT":
    case "DEPOSER_EN_EDITION":
      return {
        commentaire:
          etape.action === "DONNER_COMPLEMENT" && hasard.chance(0.5)
            ? "Veuillez trouver ci-joint les pièces demandées."
            : null,
        donnees: {
          joursSuspendus: etape.joursSuspendus,
          dateLimiteInstruction: etape.dateLimiteInstruction,
        },
      };
    case "CONFIRMER_COMPLETUDE":
      return {
        commentaire: null,
        donnees: { consultationCrhh: etape.etatApres === "complete" ? "oui" : "non" },
      };
    case "ANNULER_DEMANDE":
      return { commentaire: hasard.choix(MOTIFS_ANNULATION), donnees: null };
    case "REJETER_TACITEMENT_DOSSIER":
      return { commentaire: null, donnees: { dateLimiteInstruction: etape.dateLimiteInstruction } };
  }
  return undefined;
}

/** The refusal proposal, its dismissal or confirmation, and the stated refusal; undefined for other actions. */
function mentionsRefus(hasard: Hasard, etape: EtapeDatee): Mentions | undefined {
  switch (etape.action) {
    case "PROPOSER_REFUS_DEMANDE":
      return {
        commentaire: hasard.choix(MOTIFS_REFUS),
        donnees: { typeAvis: "avis_instructeur", avis: "proposition_refus" },
      };
    case "REFUSER_REFUS":
      return {
        commentaire:
          "Les éléments du dossier ne justifient pas un refus à ce stade : l'instruction reprend.",
        donnees: null,
      };
    case "CONFIRMER_REFUS":
      return {
        commentaire: null,
        donnees: { typeAvis: "avis_superviseur", avis: "refus_confirme" },
      };
    case "MOTIVER_REFUS":
      return {
        commentaire: hasard.choix(MOTIFS_REFUS),
        donnees: { typeAvis: "avis_decideur", avis: "AGREMENT_REFUSE" },
      };
  }
  return undefined;
}

/** Withdrawal procedures and the viewing of the decision, on the approval; undefined for other actions. */
function mentionsAgrement(
  hasard: Hasard,
  dossier: DossierPlan,
  etape: EtapeDatee,
): Mentions | undefined {
  switch (etape.action) {
    case "CREER_PROCEDURE":
    case "MODIFIER_PROCEDURE":
      return {
        commentaire: hasard.choix(MOTIFS_RETRAIT),
        donnees: {
          agrementId: dossier.agrement!.id,
          type: etape.typeProcedure,
          dateNotification: etape.dateNotification,
        },
      };
    case "TERMINER_PROCEDURE":
      return {
        commentaire:
          etape.decision === "agrement_retire"
            ? "Les observations de la structure ne lèvent pas les manquements constatés."
            : "Les observations de la structure lèvent les manquements constatés : l'agrément est maintenu.",
        donnees: { agrementId: dossier.agrement!.id, decision: etape.decision },
      };
    case "VISUALISER_RESULTAT":
      return { commentaire: null, donnees: { agrementId: dossier.agrement?.id ?? null } };
  }
  return undefined;
}

/** A staff opinion or decision (any other step giving an opinion value); undefined when the step gives none. */
function mentionsAvis(
  hasard: Hasard,
  dossier: DossierPlan,
  etape: EtapeDatee,
): Mentions | undefined {
  if (!etape.valeurAvis) return undefined;
  const valeur = etape.valeurAvis;
  const commentaires = estRefus(valeur)
    ? MOTIFS_REFUS
    : valeur in COMMENTAIRES_AVIS
      ? COMMENTAIRES_AVIS[valeur as keyof typeof COMMENTAIRES_AVIS]
      : COMMENTAIRES_AVIS.FAVORABLE;
  return {
    commentaire: hasard.choix(commentaires),
    donnees: {
      typeAvis: TYPE_AVIS[etape.action],
      avis: valeur,
      ...(valeur === "AGREMENT_VALIDE" ? { agrementId: dossier.agrement!.id } : {}),
    },
  };
}
