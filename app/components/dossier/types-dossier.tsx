/**
 * What differs, for the applicant's pages, between the two types of case
 * file (ADR 0044): the approval request and the notable change. The pages
 * that are the same for both (completeness, decision) are written once
 * against this description; adding a type means one more entry here and
 * its texts.
 */
import type { TypeDossier } from "#contract/etats";
import type { DemandeResume } from "#contract/schemas/demande";
import type { BreadcrumbSegment } from "~/components/breadcrumb-segments";
import { BadgeChangement } from "~/components/changement-notable/carte-changement";
import {
  URL_MES_CHANGEMENTS,
  titreChangement,
  urlCompletudeChangement,
} from "~/components/changement-notable/extension";
import { BadgeStatutDemande, titreDemande } from "~/components/demande/carte-demande";

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
  /** The status badge (spec §4 colours), a DSFR `fr-badge`. */
  Badge(props: { dossier: DossierAffiche; className?: string }): JSX.Element;
  /** `/demande/demande/completude/{id}` or `/changement-notable/completude/{id}` (spec §2). */
  urlCompletude(id: string): string;
}

/** The two types (spec §2 routes, §3 Demande and ChangementNotable), by `TypeDossier`. */
export const DESCRIPTIONS_DOSSIER: Record<TypeDossier, DescriptionDossier> = {
  demande: {
    type: "demande",
    titreCompletude: "Compléter ma demande d'agrément",
    espace: { href: "/", retour: "Retour à l'accueil", parents: [] },
    titre: titreDemande,
    Badge: ({ dossier, className }) => (
      <BadgeStatutDemande statut={dossier.statutSimplifie} className={className} />
    ),
    urlCompletude: (id) => `/demande/demande/completude/${id}`,
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
    Badge: ({ dossier, className }) => <BadgeChangement demande={dossier} className={className} />,
    urlCompletude: urlCompletudeChangement,
  },
};
