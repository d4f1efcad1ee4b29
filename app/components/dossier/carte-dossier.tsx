import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { TypeDossier } from "#contract/etats";
import type { DemandeResume } from "#contract/schemas/demande";
import { aujourdhuiParis } from "#contract/validation";
import { actionDisponible } from "~/components/demande/carte-demande";
import { echeanceDepassee } from "~/components/demande/complement/complement";
import { EncadreDecision, descriptionFichier } from "~/components/demande/decision-demande";
import { DESCRIPTIONS_DOSSIER, type DescriptionDossier } from "~/components/dossier/types-dossier";
import { adresseMessagerie } from "~/components/messagerie/messagerie";
import { dateFr } from "~/utils/dates";

/** Props of {@link CarteDossier}. */
export interface CarteDossierProps {
  type: TypeDossier;
  demande: DemandeResume;
  /**
   * Step of the form where a draft resumes (a request's 1 to 4, from the
   * procedure's completeness); without it, the form finds it; ignored for
   * any other status.
   */
  etapeFormulaire?: number;
  /** The instructor's comment when the request was returned for edition (en_edition). */
  commentaireEdition?: string | null;
}

/**
 * One case file of the applicant (spec §2 "Application card"), approval
 * request on the home page or notable change on
 * /mes-demandes-changement-notable, what differs being the type's
 * description (ADR 0044): title, status badge, dates and content by status
 * (draft: creation and modification dates and "Continuer"; in progress:
 * deposit date; incomplete: the deadline alert with "Compléter ma demande"
 * (DONNER_COMPLEMENT), or for a request returned for edition the
 * instructor's comment and "Modifier ma demande"; cancelled: reason;
 * decisions: the type's callout), a details toggle that works without
 * JavaScript (`<details>`), the recap tile, the decision download (when
 * the callout does not already offer it), the messaging tile with its
 * "Nouveau message" badge (hidden for a draft or a closed thread) and the
 * cancel link when ANNULER_DEMANDE is available and the type has a
 * cancellation page.
 */
export function CarteDossier({
  type,
  demande,
  etapeFormulaire,
  commentaireEdition = null,
}: CarteDossierProps) {
  const description = DESCRIPTIONS_DOSSIER[type];
  const brouillon = demande.statutSimplifie === "brouillon";
  const titreId = `${type}-${demande.id}-titre`;
  return (
    <article className="fr-card fr-card--no-arrow fr-mb-4w" aria-labelledby={titreId}>
      <div className="fr-card__body">
        <div className="fr-card__content">
          <h3 className="fr-card__title" id={titreId}>
            {description.titre(demande)}
          </h3>
          <div className="fr-card__start">
            <ul className="fr-badges-group">
              <li>
                <description.Badge dossier={demande} />
              </li>
            </ul>
          </div>
          <div className="fr-card__desc">
            <Dates demande={demande} />
            <Contenu
              description={description}
              demande={demande}
              etapeFormulaire={etapeFormulaire}
              commentaireEdition={commentaireEdition}
            />
            <Details description={description} demande={demande} />
          </div>
        </div>
        <div className="fr-card__footer">
          {!brouillon ? (
            <TuilesDossier type={type} description={description} demande={demande} />
          ) : null}
          <ActionsDossier
            description={description}
            demande={demande}
            etapeFormulaire={etapeFormulaire}
          />
        </div>
      </div>
    </article>
  );
}

/**
 * The tiles of a file past its draft: its recap, and its messaging with
 * the "Nouveau message" badge unless the thread is closed.
 */
function TuilesDossier({
  type,
  description,
  demande,
}: {
  type: TypeDossier;
  description: DescriptionDossier;
  demande: DemandeResume;
}) {
  return (
    <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list fr-mb-2w">
      <li className="fr-col-12 fr-col-md-6">
        <Tile
          title="Récapitulatif de la demande"
          titleAs="h4"
          desc={description.recapitulatif.description}
          linkProps={{ to: description.recapitulatif.url(demande.id) }}
          orientation="horizontal"
          small
          enlargeLinkOrButton
        />
      </li>
      {!demande.messagerie.closed ? (
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
            linkProps={{ to: adresseMessagerie(type, demande.id) }}
            orientation="horizontal"
            small
            enlargeLinkOrButton
          />
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The buttons of a file: what comes before continuing a draft, or
 * "Continuer"; the decision's download when the callout does not already
 * offer it; the cancel link when ANNULER_DEMANDE is available and the type
 * has a cancellation page.
 */
function ActionsDossier({
  description,
  demande,
  etapeFormulaire,
}: {
  description: DescriptionDossier;
  demande: DemandeResume;
  etapeFormulaire: number | undefined;
}) {
  const brouillon = demande.statutSimplifie === "brouillon";
  const avantDeContinuer = brouillon ? description.avantDeContinuer(demande) : null;
  return (
    <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left">
      {avantDeContinuer ? (
        <li>{avantDeContinuer}</li>
      ) : brouillon ? (
        <li>
          <Button
            linkProps={{ to: description.formulaire.url(demande.id, etapeFormulaire) }}
            iconId="fr-icon-edit-line"
          >
            Continuer
          </Button>
        </li>
      ) : null}
      {demande.decision && !description.decisionDansEncadre(demande) ? (
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
      {description.urlAnnulation && actionDisponible(demande, "ANNULER_DEMANDE") ? (
        <li>
          <Button
            priority="tertiary"
            iconId="fr-icon-close-circle-line"
            linkProps={{ to: description.urlAnnulation(demande.id) }}
          >
            {brouillon ? "Supprimer le brouillon" : "Annuler la demande"}
          </Button>
        </li>
      ) : null}
    </ul>
  );
}

/** The dates under the badge: created and modified for a draft, else deposited; then what the status adds. */
function Dates({ demande }: { demande: DemandeResume }) {
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

/** The decision callout when the type has one for this file, else what its status says. */
function Contenu({
  description,
  demande,
  etapeFormulaire,
  commentaireEdition,
}: {
  description: DescriptionDossier;
  demande: DemandeResume;
  etapeFormulaire: number | undefined;
  commentaireEdition: string | null;
}): ReactNode {
  const encadre = description.encadreDecision(demande);
  if (encadre) return <EncadreDecision encadre={encadre} />;
  switch (demande.statutSimplifie) {
    case "brouillon":
      return <p className="fr-text--sm">{description.texteBrouillon(demande, etapeFormulaire)}</p>;
    case "in_progress":
      return (
        <p className="fr-text--sm">
          Votre demande est en cours d'examen par la délégation locale de l'Anah. Vous serez averti
          par courriel de chaque étape.
        </p>
      );
    case "incomplete":
      return (
        <AlerteIncomplete
          description={description}
          demande={demande}
          commentaireEdition={commentaireEdition}
        />
      );
    case "annulee":
      return (
        <p>
          <strong>Motif de l'annulation :</strong> {demande.motifAnnulation ?? "non renseigné"}
        </p>
      );
    default:
      return null;
  }
}

/**
 * An incomplete file: returned for edition (en_edition, approval requests
 * only: the instructor's comment and "Modifier ma demande"), or awaiting
 * documents (the deadline, passed or not, and "Compléter ma demande" when
 * DONNER_COMPLEMENT is available).
 */
function AlerteIncomplete({
  description,
  demande,
  commentaireEdition,
}: {
  description: DescriptionDossier;
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
                  to={description.formulaire.url(demande.id)}
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
                to={description.urlCompletude(demande.id)}
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

/** The details toggle (`<details>`, works without JavaScript): the shared facts, then the type's own. */
function Details({
  description,
  demande,
}: {
  description: DescriptionDossier;
  demande: DemandeResume;
}) {
  const faits: [string, string][] = [
    ["Numéro de dossier", demande.numeroDossier ?? "Attribué au dépôt"],
    ...(description.afficheStructure
      ? ([["Structure", demande.raisonSociale ?? "—"]] as [string, string][])
      : []),
    ["Statut", description.libelleStatut(demande)],
    ["Date de création", dateFr(demande.dateCreation)],
    ["Dernière modification", dateFr(demande.dateModification)],
  ];
  if (demande.dateDepot) faits.push(["Date de dépôt", dateFr(demande.dateDepot)]);
  if (demande.dateEcheance && demande.statutSimplifie === "incomplete")
    faits.push(["Date limite de réponse", dateFr(demande.dateEcheance)]);
  faits.push(...description.faitsPropres(demande));
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
