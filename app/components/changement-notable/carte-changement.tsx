/**
 * What a notable change's card shows of its own (spec §2 "Application
 * card"; the frame is `CarteDossier`, ADR 0044): its badge and its
 * decision callouts.
 */
import { DELAIS } from "#contract/delais";
import { TEXTE_RECOURS } from "#contract/messages/index";
import type { DemandeResume } from "#contract/schemas/demande";
import {
  ACCENTS_DECISION,
  ConsulterDecision,
  LienLettre,
  LienMonAgrement,
  type ContenuEncadre,
} from "~/components/demande/decision-demande";
import { badgeStatut, classeBadge } from "~/components/demande/statut-badge";

/**
 * The badge of a notable change (spec §4 colours): the simplified status's,
 * except the extension's own decision states — `disponible` (decision to
 * consult) and `terminee` (extension granted and seen).
 */
export function badgeChangement(demande: Pick<DemandeResume, "etat" | "statutSimplifie">): {
  libelle: string;
  classe: string;
} {
  if (demande.etat === "disponible")
    return { libelle: "Décision disponible", classe: "fr-badge--success" };
  if (demande.etat === "terminee")
    return { libelle: "Extension accordée", classe: "fr-badge--success" };
  const badge = badgeStatut(demande.statutSimplifie);
  return { libelle: badge.libelle, classe: classeBadge(badge) };
}

/** The status badge of a notable change, as a DSFR badge. */
export function BadgeChangement({
  demande,
  className,
}: {
  demande: Pick<DemandeResume, "etat" | "statutSimplifie">;
  className?: string;
}) {
  const badge = badgeChangement(demande);
  return (
    <p className={["fr-badge", badge.classe, className].filter(Boolean).join(" ")}>
      {badge.libelle}
    </p>
  );
}

/** States whose card shows the decision file in its callout rather than in its footer. */
const ETATS_DECISION_DANS_ENCADRE = ["disponible", "refusee"];

/** Whether the card's callout already offers the decision file. */
export function decisionChangementDansEncadre(demande: Pick<DemandeResume, "etat">): boolean {
  return ETATS_DECISION_DANS_ENCADRE.includes(demande.etat);
}

/**
 * The decision callout of a notable change's card: decision to consult
 * (`disponible`: the "Consulter la décision" form), extension granted and
 * seen (`terminee`) or tacitly granted (a link to /mon-agrement), refused or
 * tacitly rejected (the letter and the appeal routes); null otherwise.
 */
export function encadreDecisionChangement(demande: DemandeResume): ContenuEncadre | null {
  if (demande.etat === "disponible")
    return {
      titre: "La décision sur votre demande d'extension est disponible",
      texte:
        "Consultez la décision de l'Anah sur l'extension du périmètre d'intervention de votre agrément.",
      ...ACCENTS_DECISION.accorde,
      suite: <ConsulterDecision demande={demande} type="changement-notable" />,
    };
  if (demande.etat === "terminee")
    return {
      titre: "L'extension de votre périmètre d'intervention a été accordée",
      texte:
        "Votre agrément couvre désormais le périmètre demandé ; une attestation modificative a été émise.",
      ...ACCENTS_DECISION.accorde,
      suite: <LienMonAgrement />,
    };
  switch (demande.statutSimplifie) {
    case "accordee_tacitement":
      return {
        titre: "Votre demande d'extension a été accordée tacitement",
        texte: `Faute de décision dans le délai de ${DELAIS.acceptationTacite.enLettres}, votre demande est réputée acceptée : votre périmètre d'intervention est étendu.`,
        ...ACCENTS_DECISION.accorde,
        suite: <LienMonAgrement />,
      };
    case "refusee":
    case "rejetee_tacitement":
      return {
        titre: "Votre demande d'extension a été refusée",
        texte: `La lettre de décision motivée de l'Anah est disponible. ${TEXTE_RECOURS}`,
        ...ACCENTS_DECISION.refus,
        suite: demande.decision ? <LienLettre fichier={demande.decision} /> : null,
      };
    default:
      return null;
  }
}
