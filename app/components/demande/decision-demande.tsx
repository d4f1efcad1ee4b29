import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DELAIS } from "#contract/delais";
import { TEXTE_RECOURS } from "#contract/messages/index";
import { afficherTaille, afficherTypeFichier } from "#contract/pieces-jointes";
import type { TypeDossier } from "#contract/etats";
import type { DemandeResume, PieceJointe } from "#contract/schemas/demande";
import type { Agrement } from "#contract/schemas/agrement";
import type { StatutSimplifie } from "#contract/statuts";
import { dateFr } from "~/utils/dates";

/**
 * Where a card's "Consulter la décision" form posts (VISUALISER_RESULTAT,
 * then the file): `/demande/demande/decision/{id}` or
 * `/changement-notable/decision/{id}`.
 */
export function urlDecision(type: TypeDossier, id: string): string {
  return `${type === "demande" ? "/demande/demande" : "/changement-notable"}/decision/${id}`;
}

/**
 * The decision file of a request: its `decision` (certificate or letter),
 * else the current certificate of the approval granted on it; null before
 * any decision.
 */
export function fichierDecision(
  demande: Pick<DemandeResume, "decision"> & { agrement?: Agrement | null },
): PieceJointe | null {
  if (demande.decision) return demande.decision;
  const attestations = demande.agrement?.attestations ?? [];
  return (
    (attestations.find((attestation) => attestation.isCurrent) ?? attestations[0])?.pieceJointe ??
    null
  );
}

/** " (PDF, 12,5 Ko)": what a download link says to screen readers about its file. */
export function descriptionFichier(fichier: PieceJointe): string {
  return ` (${afficherTypeFichier(fichier.mimeType)}, ${afficherTaille(fichier.size)})`;
}

/** Statuses whose request card shows the decision file in its callout rather than in its footer. */
export const STATUTS_DECISION_DANS_ENCADRE: readonly StatutSimplifie[] = [
  "disponible",
  "refusee",
  "rejetee_tacitement",
];

/** A decision callout of a card, as data: see {@link EncadreDecision}. */
export interface ContenuEncadre {
  titre: string;
  texte: string;
  /** DSFR accent of the callout. */
  accent: string;
  icone: string;
  /** What the callout offers to do (a form or a link), if anything. */
  suite?: ReactNode;
}

/** Accent and icon of the callout of a decision that grants, or refuses, what was asked. */
export const ACCENTS_DECISION = {
  accorde: { accent: "fr-callout--green-emeraude", icone: "fr-icon-success-line" },
  refus: { accent: "fr-callout--pink-tuile", icone: "fr-icon-close-circle-line" },
};

/** The "Consulter la décision" button: a plain POST form, so that it works without JavaScript. */
export function ConsulterDecision({
  demande,
  type,
}: {
  demande: DemandeResume;
  type: TypeDossier;
}) {
  return (
    <form method="post" action={urlDecision(type, demande.id)} className="fr-mt-2w">
      <button type="submit" className="fr-btn fr-icon-download-line fr-btn--icon-left">
        Consulter la décision
        {demande.decision ? (
          <span className="fr-sr-only">{descriptionFichier(demande.decision)}</span>
        ) : null}
      </button>
    </form>
  );
}

/** The refusal letter or tacit-rejection notice, as a download link. */
export function LienLettre({ fichier }: { fichier: PieceJointe }) {
  return (
    <p className="fr-mt-2w fr-mb-0">
      <a
        className="fr-link fr-icon-download-line fr-link--icon-left"
        href={`/piece-jointe/${fichier.id}`}
        download={fichier.nom}
      >
        Télécharger la lettre de décision
        <span className="fr-sr-only">{descriptionFichier(fichier)}</span>
      </a>
    </p>
  );
}

/** "Voir mon agrément", under a callout that changed the approval. */
export function LienMonAgrement() {
  return (
    <p className="fr-mt-2w fr-mb-0">
      <Link className="fr-link fr-icon-arrow-right-line fr-link--icon-right" to="/mon-agrement">
        Voir mon agrément
      </Link>
    </p>
  );
}

/**
 * The decision callout of an approval request's card (spec §2 "Application
 * card": refused, tacitly rejected, suspended, withdrawn, available,
 * granted, tacitly granted each have their own), null for the other
 * statuses. A refusal, a tacit rejection and a withdrawal quote the appeal
 * routes of the catalogue (TEXTE_RECOURS, contract/messages/recours.ts),
 * the same text as the letters.
 */
export function encadreDecisionDemande(demande: DemandeResume): ContenuEncadre | null {
  const lettre = demande.decision ? <LienLettre fichier={demande.decision} /> : null;
  switch (demande.statutSimplifie) {
    case "disponible":
      return {
        titre: "Votre demande a reçu une décision",
        texte:
          "L'Anah a statué sur votre demande d'agrément. Consultez la décision pour en prendre connaissance.",
        accent: "fr-callout--green-emeraude",
        icone: "fr-icon-mail-line",
        suite: <ConsulterDecision demande={demande} type="demande" />,
      };
    case "agree":
      return {
        titre: "Votre structure est agréée",
        texte: `Votre structure est agréée Mon Accompagnateur Rénov'${
          demande.dateAgrement ? ` depuis le ${dateFr(demande.dateAgrement)}` : ""
        }. Référencez vos établissements pour être visible des ménages.`,
        ...ACCENTS_DECISION.accorde,
        suite: <LienMonAgrement />,
      };
    case "accordee_tacitement":
      return {
        titre: "Votre demande a été accordée tacitement",
        texte: `Faute de décision dans le délai de ${DELAIS.acceptationTacite.enLettres}, votre demande est réputée acceptée.`,
        ...ACCENTS_DECISION.accorde,
      };
    case "refusee":
      return {
        titre: "Votre demande d'agrément a été refusée",
        texte: `La lettre de décision motivée de l'Anah est disponible. ${TEXTE_RECOURS}`,
        ...ACCENTS_DECISION.refus,
        suite: lettre,
      };
    case "rejetee_tacitement":
      return {
        titre: "Votre demande d'agrément a été rejetée tacitement",
        texte: `Le délai d'instruction de ${DELAIS.instruction.enLettres} a expiré sans décision expresse : votre demande est réputée rejetée. ${TEXTE_RECOURS} Vous pouvez aussi déposer une nouvelle demande.`,
        ...ACCENTS_DECISION.refus,
        suite: lettre,
      };
    case "agrement_suspendu":
      return {
        titre: "Votre agrément est suspendu",
        texte: `Une procédure de retrait de votre agrément est en cours. Pendant la suspension, qui dure au plus ${DELAIS.suspension.enLettres}, vos établissements ne sont plus visibles des ménages et vous ne pouvez pas en référencer de nouveaux.`,
        accent: "fr-callout--orange-terre-battue",
        icone: "fr-icon-warning-line",
      };
    case "agrement_retire":
      return {
        titre: "Votre agrément a été retiré",
        texte: `Votre agrément Mon Accompagnateur Rénov' a été retiré et vos établissements ne sont plus référencés. ${TEXTE_RECOURS}`,
        ...ACCENTS_DECISION.refus,
      };
    default:
      return null;
  }
}

/**
 * A decision callout of a card (spec §2 "Application card"): a DSFR callout
 * with a French title (h4, under the card's h3) and text, plus what the
 * decision offers — the "Consulter la décision" form (VISUALISER_RESULTAT,
 * then the file), the letter, or a link to /mon-agrement.
 */
export function EncadreDecision({ encadre }: { encadre: ContenuEncadre }) {
  return (
    <div className={`fr-callout ${encadre.accent} ${encadre.icone} fr-mb-2w`}>
      <h4 className="fr-callout__title">{encadre.titre}</h4>
      <p className="fr-callout__text">{encadre.texte}</p>
      {encadre.suite}
    </div>
  );
}
