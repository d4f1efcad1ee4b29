import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ActionDemande } from "#contract/etats";
import { afficherTaille, afficherTypeFichier } from "#contract/pieces-jointes";
import type { DemandeResume } from "#contract/schemas/demande";
import type { StatutSimplifie } from "#contract/statuts";
import { dateFr } from "~/utils/dates";
import { badgeStatut, classeBadge } from "./statut-badge";

/** Props of {@link CarteDemande}. */
export interface CarteDemandeProps {
  demande: DemandeResume;
  /**
   * Step of the four-step form where a draft resumes (1 to 4), from the
   * procedure's completeness; ignored for any other status.
   */
  etapeFormulaire?: number;
}

/** Whether the API lists `action` among the request's available actions (spec §4). */
export function actionDisponible(demande: DemandeResume, action: ActionDemande): boolean {
  return demande.actionsDisponibles.some((disponible) => disponible.action === action);
}

/** Title of a request card: "Demande d'agrément", with its number once deposited. */
export function titreDemande(demande: Pick<DemandeResume, "numeroDossier">): string {
  return demande.numeroDossier
    ? `Demande d'agrément n° ${demande.numeroDossier}`
    : "Demande d'agrément";
}

/** The status badge of a request (spec §4 colours), as a DSFR badge. */
export function BadgeStatutDemande({
  statut,
  className,
}: {
  statut: StatutSimplifie;
  className?: string;
}) {
  const badge = badgeStatut(statut);
  return (
    <p className={["fr-badge", classeBadge(badge), className].filter(Boolean).join(" ")}>
      {badge.libelle}
    </p>
  );
}

/**
 * One approval request on the applicant's home (spec §2 "Application card"):
 * title, status badge, dates and content by simplified status (draft:
 * creation and modification dates and a link to resume the form; in
 * progress: deposit date; incomplete: deadline alert; cancelled: reason;
 * decisions: a callout each), a details toggle that works without
 * JavaScript (`<details>`), the recap tile, the decision download, the
 * messaging tile with its "Nouveau message" badge (hidden for a draft or a
 * closed thread) and the cancel link when ANNULER_DEMANDE is available.
 */
export function CarteDemande({ demande, etapeFormulaire = 1 }: CarteDemandeProps) {
  const statut = demande.statutSimplifie;
  const brouillon = statut === "brouillon";
  const titreId = `demande-${demande.id}-titre`;
  const messagerieVisible = !brouillon && !demande.messagerie.closed;
  return (
    <article className="fr-card fr-card--no-arrow fr-mb-4w" aria-labelledby={titreId}>
      <div className="fr-card__body">
        <div className="fr-card__content">
          <h3 className="fr-card__title" id={titreId}>
            {titreDemande(demande)}
          </h3>
          <div className="fr-card__start">
            <ul className="fr-badges-group">
              <li>
                <BadgeStatutDemande statut={statut} />
              </li>
            </ul>
          </div>
          <div className="fr-card__desc">
            <DatesDemande demande={demande} />
            <ContenuStatut demande={demande} etapeFormulaire={etapeFormulaire} />
            <DetailsDemande demande={demande} />
          </div>
        </div>
        <div className="fr-card__footer">
          {!brouillon ? (
            <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list fr-mb-2w">
              <li className="fr-col-12 fr-col-md-6">
                <Tile
                  title="Récapitulatif de la demande"
                  titleAs="h4"
                  desc="Les informations et pièces justificatives déposées"
                  linkProps={{ to: `/demande/demande/recapitulatif/${demande.id}` }}
                  orientation="horizontal"
                  small
                  enlargeLinkOrButton
                />
              </li>
              {messagerieVisible ? (
                <li className="fr-col-12 fr-col-md-6">
                  <Tile
                    title="Messagerie"
                    titleAs="h4"
                    desc="Échanger avec le service instructeur"
                    start={
                      demande.nouveauMessage ? (
                        <p className="fr-badge fr-badge--sm fr-badge--new">Nouveau message</p>
                      ) : undefined
                    }
                    linkProps={{ to: `/messagerie/demande?id=${demande.id}` }}
                    orientation="horizontal"
                    small
                    enlargeLinkOrButton
                  />
                </li>
              ) : null}
            </ul>
          ) : null}
          <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left">
            {brouillon ? (
              <li>
                <Button
                  linkProps={{
                    to: `/demande/formulaire?id=${demande.id}&etape=${etapeFormulaire}`,
                  }}
                  iconId="fr-icon-edit-line"
                >
                  Continuer
                </Button>
              </li>
            ) : null}
            {demande.decision ? (
              <li>
                <a
                  className="fr-btn fr-btn--secondary fr-icon-download-line"
                  href={`/piece-jointe/${demande.decision.id}`}
                  download={demande.decision.nom}
                >
                  Télécharger la décision
                  <span className="fr-sr-only">
                    {` (${afficherTypeFichier(demande.decision.mimeType)}, ${afficherTaille(demande.decision.size)})`}
                  </span>
                </a>
              </li>
            ) : null}
            {actionDisponible(demande, "ANNULER_DEMANDE") ? (
              <li>
                <Button
                  priority="tertiary"
                  iconId="fr-icon-close-circle-line"
                  linkProps={{ to: `/demande/demande/annulation/${demande.id}` }}
                >
                  Annuler la demande
                </Button>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </article>
  );
}

function DatesDemande({ demande }: { demande: DemandeResume }) {
  const lignes: [string, string][] = [];
  if (demande.statutSimplifie === "brouillon") {
    lignes.push(["Créée le", dateFr(demande.dateCreation)]);
    lignes.push(["Modifiée le", dateFr(demande.dateModification)]);
  } else if (demande.dateDepot) {
    lignes.push(["Déposée le", dateFr(demande.dateDepot)]);
  }
  if (demande.statutSimplifie === "annulee")
    lignes.push(["Annulée le", dateFr(demande.dateModification)]);
  if (demande.dateAgrement && ["agree", "agrement_suspendu"].includes(demande.statutSimplifie))
    lignes.push(["Agréée le", dateFr(demande.dateAgrement)]);
  return (
    <p className="fr-mb-2w">
      {lignes.map(([libelle, valeur]) => (
        <span key={libelle} className="fr-display-block">
          {libelle} {valeur}
        </span>
      ))}
    </p>
  );
}

function ContenuStatut({
  demande,
  etapeFormulaire,
}: {
  demande: DemandeResume;
  etapeFormulaire: number;
}): ReactNode {
  switch (demande.statutSimplifie) {
    case "brouillon":
      return (
        <p className="fr-text--sm">
          {demande.etat === "arrete_perime"
            ? "Votre brouillon a été commencé sous un arrêté qui n'est plus en vigueur : reprenez-le pour le mettre à jour avant de le déposer."
            : `Votre demande n'est pas encore déposée. Reprenez-la à l'étape ${Math.min(etapeFormulaire, 4)} sur 4.`}
        </p>
      );
    case "in_progress":
      return (
        <p className="fr-text--sm">
          Votre demande est en cours d'examen par la délégation locale de l'Anah. Vous serez averti
          par courriel de chaque étape.
        </p>
      );
    case "incomplete":
      return <AlerteIncomplete demande={demande} />;
    case "annulee":
      return (
        <p>
          <strong>Motif de l'annulation :</strong> {demande.motifAnnulation ?? "non renseigné"}
        </p>
      );
    default:
      return <DecisionCallOut demande={demande} />;
  }
}

function AlerteIncomplete({ demande }: { demande: DemandeResume }) {
  if (demande.etat === "en_edition") {
    return (
      <Alert
        className="fr-mb-2w"
        severity="warning"
        as="h4"
        title="Votre demande vous a été retournée pour modification"
        description={
          <>
            <p>
              Modifiez votre demande selon les indications du service instructeur, puis déposez-la
              de nouveau.
            </p>
            {actionDisponible(demande, "DEPOSER_EN_EDITION") ? (
              <p>
                <Link className="fr-link" to={`/demande/formulaire?id=${demande.id}`}>
                  Modifier ma demande
                </Link>
              </p>
            ) : null}
          </>
        }
      />
    );
  }
  const depasse = demande.etatNormalise === "complement_demande_completude_delai_depasse";
  return (
    <Alert
      className="fr-mb-2w"
      severity={depasse ? "error" : "warning"}
      as="h4"
      title="Votre demande est incomplète"
      description={
        <>
          <p>
            {depasse
              ? `Le délai pour transmettre les éléments demandés a expiré le ${dateFr(demande.dateEcheance)}.`
              : demande.dateEcheance
                ? `Transmettez les éléments demandés par le service instructeur avant le ${dateFr(demande.dateEcheance)}.`
                : "Transmettez les éléments demandés par le service instructeur."}
          </p>
          {actionDisponible(demande, "DONNER_COMPLEMENT") ? (
            <p>
              <Link className="fr-link" to={`/demande/demande/completude/${demande.id}`}>
                Compléter ma demande
              </Link>
            </p>
          ) : null}
        </>
      }
    />
  );
}

const APPEL =
  "Vous disposez d'un délai de deux mois à compter de sa notification pour former un recours gracieux auprès de l'Anah, un recours hiérarchique auprès du ministre chargé du logement ou un recours contentieux devant le tribunal administratif.";

function DecisionCallOut({ demande }: { demande: DemandeResume }) {
  const agreeLe = demande.dateAgrement ? ` depuis le ${dateFr(demande.dateAgrement)}` : "";
  const contenu: Partial<Record<StatutSimplifie, { titre: string; texte: string }>> = {
    refusee: {
      titre: "Votre demande d'agrément a été refusée",
      texte: `La décision motivée de l'Anah vous a été notifiée. ${APPEL}`,
    },
    rejetee_tacitement: {
      titre: "Votre demande d'agrément a été refusée",
      texte: `Le délai d'instruction de trois mois a expiré sans décision expresse : votre demande est réputée rejetée. ${APPEL} Vous pouvez aussi déposer une nouvelle demande.`,
    },
    disponible: {
      titre: "La décision sur votre demande est disponible",
      texte:
        "L'Anah a statué sur votre demande d'agrément. Téléchargez la décision pour en prendre connaissance.",
    },
    agree: {
      titre: "Votre structure est agréée",
      texte: `Votre structure est agréée Mon Accompagnateur Rénov'${agreeLe}. Référencez vos établissements pour être visible des ménages.`,
    },
    accordee_tacitement: {
      titre: "Votre demande a été accordée tacitement",
      texte: "Faute de décision dans le délai de deux mois, votre demande est réputée acceptée.",
    },
    agrement_retire: {
      titre: "Votre agrément a été retiré",
      texte: `Votre agrément Mon Accompagnateur Rénov' a été retiré et vos établissements ne sont plus référencés. ${APPEL}`,
    },
    agrement_suspendu: {
      titre: "Votre agrément est suspendu",
      texte:
        "Une procédure de retrait de votre agrément est en cours. Pendant la suspension, qui dure au plus trois mois, vos établissements ne sont plus visibles des ménages et vous ne pouvez pas en référencer de nouveaux.",
    },
  };
  const decision = contenu[demande.statutSimplifie];
  if (!decision) return null;
  return (
    <CallOut className="fr-mb-2w" title={decision.titre} titleAs="h4" iconId="fr-icon-info-line">
      {decision.texte}
    </CallOut>
  );
}

function DetailsDemande({ demande }: { demande: DemandeResume }) {
  const faits: [string, string][] = [
    ["Numéro de dossier", demande.numeroDossier ?? "Attribué au dépôt"],
    ["Structure", demande.raisonSociale ?? "—"],
    ["Statut", badgeStatut(demande.statutSimplifie).libelle],
    ["Date de création", dateFr(demande.dateCreation)],
    ["Dernière modification", dateFr(demande.dateModification)],
  ];
  if (demande.dateDepot) faits.push(["Date de dépôt", dateFr(demande.dateDepot)]);
  if (demande.dateEcheance && demande.statutSimplifie === "incomplete")
    faits.push(["Date limite de réponse", dateFr(demande.dateEcheance)]);
  if (demande.dateAgrement) faits.push(["Date d'agrément", dateFr(demande.dateAgrement)]);
  return (
    <details className="fr-mb-2w">
      <summary className="fr-text--bold">Détails de la demande</summary>
      <dl className="fr-mt-2w fr-mb-0">
        {faits.map(([libelle, valeur]) => (
          <div key={libelle} className="fr-mb-1w">
            <dt className="fr-text--sm fr-mb-0">{libelle}</dt>
            <dd className="fr-ml-0 fr-text--bold">{valeur}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
