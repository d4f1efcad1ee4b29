import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ActionDemande } from "#contract/etats";
import type { DemandeResume } from "#contract/schemas/demande";
import type { StatutSimplifie } from "#contract/statuts";
import { aujourdhuiParis } from "#contract/validation";
import { dateFr } from "~/utils/dates";
import { echeanceDepassee } from "./complement/complement";
import {
  DecisionDemande,
  STATUTS_DECISION_DANS_ENCADRE,
  descriptionFichier,
} from "./decision-demande";
import { badgeStatut, classeBadge } from "./statut-badge";

/** Props of {@link CarteDemande}. */
export interface CarteDemandeProps {
  demande: DemandeResume;
  /**
   * Step of the four-step form where a draft resumes (1 to 4), from the
   * procedure's completeness; ignored for any other status.
   */
  etapeFormulaire?: number;
  /** The instructor's comment when the request was returned for edition (en_edition). */
  commentaireEdition?: string | null;
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
 * progress: deposit date; incomplete: the deadline alert with "Compléter
 * ma demande" (DONNER_COMPLEMENT), or for a request returned for edition
 * the instructor's comment and "Modifier ma demande"; cancelled: reason;
 * decisions: a callout each, see `DecisionDemande`), a details toggle that
 * works without JavaScript (`<details>`), the recap tile, the decision
 * download (`decision`, when the callout does not already offer it), the
 * messaging tile with its "Nouveau message" badge (hidden for a draft or a
 * closed thread) and the cancel link when ANNULER_DEMANDE is available.
 */
export function CarteDemande({
  demande,
  etapeFormulaire = 1,
  commentaireEdition = null,
}: CarteDemandeProps) {
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
            <ContenuStatut
              demande={demande}
              etapeFormulaire={etapeFormulaire}
              commentaireEdition={commentaireEdition}
            />
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
            {brouillon && actionDisponible(demande, "APPLIQUER_ARRETE") ? (
              <li>
                <FormulaireAppliquerArrete demande={demande} />
              </li>
            ) : brouillon ? (
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
            {demande.decision && !STATUTS_DECISION_DANS_ENCADRE.includes(statut) ? (
              <li>
                <a
                  className="fr-btn fr-btn--secondary fr-icon-download-line"
                  href={`/piece-jointe/${demande.decision.id}`}
                  download={demande.decision.nom}
                >
                  Télécharger la décision
                  <span className="fr-sr-only">{descriptionFichier(demande.decision)}</span>
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
                  {statut === "brouillon" ? "Supprimer le brouillon" : "Annuler la demande"}
                </Button>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </article>
  );
}

/**
 * APPLIQUER_ARRETE on a draft started under a superseded arrêté (ADR 0018):
 * a plain POST form, the same with or without JavaScript, to
 * app/routes/demande.demande.appliquer-arrete.$id.tsx with the version
 * shown; it replaces "Continuer" until the draft is bound to the arrêté in
 * force (the draft steps are not open in `arrete_perime`).
 */
function FormulaireAppliquerArrete({ demande }: { demande: DemandeResume }) {
  return (
    <form method="post" action={`/demande/demande/appliquer-arrete/${demande.id}`}>
      <input type="hidden" name="version" value={demande.version} />
      <button type="submit" className="fr-btn fr-icon-refresh-line fr-btn--icon-left">
        Mettre à jour selon l'arrêté en vigueur
      </button>
    </form>
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
  // Spec §3 Demande: the dates that explain a suspended or withdrawn approval.
  if (demande.dateNotificationSuspension && demande.statutSimplifie === "agrement_suspendu")
    lignes.push(["Suspendue depuis le", dateFr(demande.dateNotificationSuspension)]);
  if (demande.dateDecisionRetrait && demande.statutSimplifie === "agrement_retire")
    lignes.push(["Agrément retiré le", dateFr(demande.dateDecisionRetrait)]);
  return (
    <div className="fr-mb-2w">
      {lignes.map(([libelle, valeur]) => (
        <p key={libelle} className="fr-mb-0">
          {`${libelle} ${valeur}`}
        </p>
      ))}
    </div>
  );
}

function ContenuStatut({
  demande,
  etapeFormulaire,
  commentaireEdition,
}: {
  demande: DemandeResume;
  etapeFormulaire: number;
  commentaireEdition: string | null;
}): ReactNode {
  switch (demande.statutSimplifie) {
    case "brouillon":
      return (
        <p className="fr-text--sm">
          {demande.etat === "arrete_perime"
            ? "Votre brouillon a été commencé sous un arrêté qui n'est plus en vigueur : mettez-le à jour selon l'arrêté en vigueur, puis reprenez-le pour le déposer."
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
      return <AlerteIncomplete demande={demande} commentaireEdition={commentaireEdition} />;
    case "annulee":
      return (
        <p>
          <strong>Motif de l'annulation :</strong> {demande.motifAnnulation ?? "non renseigné"}
        </p>
      );
    default:
      return <DecisionDemande demande={demande} />;
  }
}

function AlerteIncomplete({
  demande,
  commentaireEdition,
}: {
  demande: DemandeResume;
  commentaireEdition: string | null;
}) {
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
            {commentaireEdition ? (
              <p className="portail-pre-line">
                <strong>Commentaire du service instructeur :</strong> {commentaireEdition}
              </p>
            ) : null}
            {actionDisponible(demande, "DEPOSER_EN_EDITION") ? (
              <p className="fr-mt-2w">
                <Link
                  className="fr-btn fr-btn--sm fr-icon-edit-line fr-btn--icon-left"
                  to={`/demande/formulaire?id=${demande.id}`}
                >
                  Modifier ma demande
                </Link>
              </p>
            ) : null}
          </>
        }
      />
    );
  }
  const depasse =
    demande.etatNormalise === "complement_demande_completude_delai_depasse" ||
    echeanceDepassee(demande.dateEcheance, aujourdhuiParis());
  return (
    <Alert
      className="fr-mb-2w"
      severity={depasse ? "error" : "warning"}
      as="h4"
      title={
        demande.etat === "incomplete"
          ? "Votre demande est incomplète"
          : "Le service instructeur demande des pièces complémentaires"
      }
      description={
        <>
          <p>
            {depasse
              ? `Le délai pour transmettre les pièces complémentaires a expiré le ${dateFr(demande.dateEcheance)}.`
              : demande.dateEcheance
                ? `Des pièces complémentaires sont attendues avant le ${dateFr(demande.dateEcheance)}.`
                : "Des pièces complémentaires sont attendues par le service instructeur."}
          </p>
          {actionDisponible(demande, "DONNER_COMPLEMENT") ? (
            <p className="fr-mt-2w">
              <Link
                className="fr-btn fr-btn--sm fr-icon-upload-line fr-btn--icon-left"
                to={`/demande/demande/completude/${demande.id}`}
              >
                Compléter ma demande
              </Link>
            </p>
          ) : null}
        </>
      }
    />
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
  if (demande.dateOctroi) faits.push(["Date d'octroi", dateFr(demande.dateOctroi)]);
  if (demande.dateNotificationSuspension)
    faits.push(["Notification de la suspension", dateFr(demande.dateNotificationSuspension)]);
  if (demande.dateDecisionRetrait)
    faits.push(["Décision de retrait", dateFr(demande.dateDecisionRetrait)]);
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
