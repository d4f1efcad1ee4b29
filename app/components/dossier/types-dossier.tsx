/**
 * What differs, for the applicant's pages, between the two types of case
 * file (ADR 0044): the approval request and the notable change. The pages
 * and the card that are the same for both (completeness, decision, the
 * card of spec §2 "Application card") are written once against this
 * description; adding a type means one more entry here and its texts.
 */
import type { ReactNode } from "react";
import type { TypeDossier } from "#contract/etats";
import type { DemandeResume } from "#contract/schemas/demande";
import type { BreadcrumbSegment } from "~/components/breadcrumb-segments";
import {
  BadgeChangement,
  badgeChangement,
  decisionChangementDansEncadre,
  encadreDecisionChangement,
} from "~/components/changement-notable/carte-changement";
import {
  FORMULAIRE_EXTENSION,
  URL_MES_CHANGEMENTS,
  titreChangement,
  urlCompletudeChangement,
  urlRecapitulatifChangement,
} from "~/components/changement-notable/extension";
import {
  BadgeStatutDemande,
  FormulaireAppliquerArrete,
  actionDisponible,
  faitsPropresDemande,
  texteBrouillonDemande,
  titreDemande,
} from "~/components/demande/carte-demande";
import {
  STATUTS_DECISION_DANS_ENCADRE,
  encadreDecisionDemande,
  type ContenuEncadre,
} from "~/components/demande/decision-demande";
import { FORMULAIRE_DEMANDE } from "~/components/demande/formulaire/formulaire-demande";
import type { FormulaireEtapes } from "~/components/dossier/formulaire-etapes";
import { badgeStatut } from "~/components/demande/statut-badge";
import { dateFr } from "~/utils/dates";

/** The fields of a case file that its title and badge read. */
export type DossierAffiche = Pick<DemandeResume, "numeroDossier" | "etat" | "statutSimplifie">;

/** One type of case file, as the applicant's pages show it. */
export interface DescriptionDossier {
  type: TypeDossier;
  /** The `h1` of the completeness page (spec §2). */
  titreCompletude: string;
  /** Where the applicant follows files of this type: the page, its "back" link, the breadcrumb above it. */
  espace: { href: string; retour: string; parents: BreadcrumbSegment[] };
  /** "Demande d'agrément n° …" or "Demande d'extension de périmètre n° …". */
  titre(dossier: Pick<DossierAffiche, "numeroDossier">): string;
  /** The status's label (spec §4), as the badge says it. */
  libelleStatut(dossier: DossierAffiche): string;
  /** The status badge (spec §4 colours), a DSFR `fr-badge`. */
  Badge(props: { dossier: DossierAffiche; className?: string }): JSX.Element;
  /** `/demande/demande/completude/{id}` or `/changement-notable/completude/{id}` (spec §2). */
  urlCompletude(id: string): string;
  /** The form in steps (DESIGN §6: one URL per step). */
  formulaire: FormulaireEtapes<number>;
  /** Where "Suivant" leads after the attachments step: the request's step 4, the change's recap. */
  urlApresPieces(id: string): string;
  /** The recap page (spec §2) and what its tile on the card says. */
  recapitulatif: { url(id: string): string; description: string };
  /** The cancellation page when the applicant may cancel this type from its card (ANNULER_DEMANDE), else null. */
  urlAnnulation: ((id: string) => string) | null;
  /** What a draft's card says, `etape` being where it resumes when the type knows it. */
  texteBrouillon(dossier: DemandeResume, etape: number | undefined): string;
  /** A draft's own button instead of "Continuer" when it must first be changed (a request under a superseded arrêté). */
  avantDeContinuer(dossier: DemandeResume): ReactNode | null;
  /** The decision callout of the card, null when the file has none (see `EncadreDecision`). */
  encadreDecision(dossier: DemandeResume): ContenuEncadre | null;
  /** Whether that callout already offers the decision file (else the card's footer does). */
  decisionDansEncadre(dossier: DemandeResume): boolean;
  /** Whether the details toggle names the company (a change is always the applicant's own approval's). */
  afficheStructure: boolean;
  /** The details toggle's facts proper to this type, after the shared ones. */
  faitsPropres(dossier: DemandeResume): [string, string][];
}

/** The two types (spec §2 routes, §3 Demande and ChangementNotable), by `TypeDossier`. */
export const DESCRIPTIONS_DOSSIER: Record<TypeDossier, DescriptionDossier> = {
  demande: {
    type: "demande",
    titreCompletude: "Compléter ma demande d'agrément",
    espace: { href: "/", retour: "Retour à l'accueil", parents: [] },
    titre: titreDemande,
    libelleStatut: (dossier) => badgeStatut(dossier.statutSimplifie).libelle,
    Badge: ({ dossier, className }) => (
      <BadgeStatutDemande statut={dossier.statutSimplifie} className={className} />
    ),
    urlCompletude: (id) => `/demande/demande/completude/${id}`,
    formulaire: FORMULAIRE_DEMANDE,
    urlApresPieces: (id) => FORMULAIRE_DEMANDE.url(id, 4),
    recapitulatif: {
      url: (id) => `/demande/demande/recapitulatif/${id}`,
      description: "Les informations et pièces justificatives déposées",
    },
    urlAnnulation: (id) => `/demande/demande/annulation/${id}`,
    texteBrouillon: (dossier, etape) => texteBrouillonDemande(dossier, etape ?? 1),
    avantDeContinuer: (dossier) =>
      actionDisponible(dossier, "APPLIQUER_ARRETE") ? (
        <FormulaireAppliquerArrete demande={dossier} />
      ) : null,
    encadreDecision: encadreDecisionDemande,
    decisionDansEncadre: (dossier) =>
      STATUTS_DECISION_DANS_ENCADRE.includes(dossier.statutSimplifie),
    afficheStructure: true,
    faitsPropres: faitsPropresDemande,
  },
  "changement-notable": {
    type: "changement-notable",
    titreCompletude: "Compléter ma demande de changement notable",
    espace: {
      href: URL_MES_CHANGEMENTS,
      retour: "Retour à mes demandes de changement notable",
      parents: [{ label: "Mes demandes de changement notable", href: URL_MES_CHANGEMENTS }],
    },
    titre: titreChangement,
    libelleStatut: (dossier) => badgeChangement(dossier).libelle,
    Badge: ({ dossier, className }) => <BadgeChangement demande={dossier} className={className} />,
    urlCompletude: urlCompletudeChangement,
    formulaire: FORMULAIRE_EXTENSION,
    urlApresPieces: urlRecapitulatifChangement,
    recapitulatif: {
      url: urlRecapitulatifChangement,
      description: "Le périmètre demandé et les pièces justificatives déposées",
    },
    urlAnnulation: null,
    texteBrouillon: () =>
      "Votre demande n'est pas encore déposée. Reprenez-la là où vous vous étiez arrêté.",
    avantDeContinuer: () => null,
    encadreDecision: encadreDecisionChangement,
    decisionDansEncadre: decisionChangementDansEncadre,
    afficheStructure: false,
    faitsPropres: (dossier) =>
      dossier.dateLimiteInstruction && dossier.statutSimplifie === "in_progress"
        ? [["Décision attendue au plus tard le", dateFr(dossier.dateLimiteInstruction)]]
        : [],
  },
};
