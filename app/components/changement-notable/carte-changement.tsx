import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DELAIS } from "#contract/delais";
import { TEXTE_RECOURS } from "#contract/messages/index";
import type { DemandeResume } from "#contract/schemas/demande";
import { aujourdhuiParis } from "#contract/validation";
import { actionDisponible } from "~/components/demande/carte-demande";
import { echeanceDepassee } from "~/components/demande/complement/complement";
import { descriptionFichier } from "~/components/demande/decision-demande";
import { badgeStatut, classeBadge } from "~/components/demande/statut-badge";
import { dateFr } from "~/utils/dates";
import {
  URL_MES_CHANGEMENTS,
  TYPE_EXTENSION,
  titreChangement,
  urlCompletudeChangement,
  urlRecapitulatifChangement,
} from "./extension";

/** Where the card's "Consulter la décision" form posts (VISUALISER_RESULTAT, then the file). */
export function urlDecisionChangement(id: string): string {
  return `/changement-notable/decision/${id}`;
}

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

/**
 * One notable change on `/mes-demandes-changement-notable` (spec §2
 * "Application card", as the approval request's `CarteDemande`): title,
 * badge, dates, content by status (draft: "Continuer"; in progress: a
 * sentence; incomplete: the deadline alert and "Compléter ma demande", or
 * for a change returned for edition "Modifier ma demande"; cancelled: the
 * reason; decisions: a callout each), a details toggle (`<details>`), the
 * recap and messaging tiles (not for a draft; messaging hidden once
 * closed) and the decision download.
 */
export function CarteChangement({ demande }: { demande: DemandeResume }) {
  const brouillon = demande.statutSimplifie === "brouillon";
  const titreId = `changement-${demande.id}-titre`;
  const messagerieVisible = !brouillon && !demande.messagerie.closed;
  const decisionDansEncadre = ["disponible", "refusee"].includes(demande.etat);
  return (
    <article className="fr-card fr-card--no-arrow fr-mb-4w" aria-labelledby={titreId}>
      <div className="fr-card__body">
        <div className="fr-card__content">
          <h3 className="fr-card__title" id={titreId}>
            {titreChangement(demande)}
          </h3>
          <div className="fr-card__start">
            <ul className="fr-badges-group">
              <li>
                <BadgeChangement demande={demande} />
              </li>
            </ul>
          </div>
          <div className="fr-card__desc">
            <DatesChangement demande={demande} />
            <ContenuChangement demande={demande} />
            <DetailsChangement demande={demande} />
          </div>
        </div>
        <div className="fr-card__footer">
          {!brouillon ? (
            <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list fr-mb-2w">
              <li className="fr-col-12 fr-col-md-6">
                <Tile
                  title="Récapitulatif de la demande"
                  titleAs="h4"
                  desc="Le périmètre demandé et les pièces justificatives déposées"
                  linkProps={{ to: urlRecapitulatifChangement(demande.id) }}
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
                    linkProps={{ to: `/messagerie/changement-notable?id=${demande.id}` }}
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
                    to: `${URL_MES_CHANGEMENTS}/${TYPE_EXTENSION}/formulaire?id=${demande.id}`,
                  }}
                  iconId="fr-icon-edit-line"
                >
                  Continuer
                </Button>
              </li>
            ) : null}
            {demande.decision && !decisionDansEncadre ? (
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
          </ul>
        </div>
      </div>
    </article>
  );
}

function DatesChangement({ demande }: { demande: DemandeResume }) {
  const lignes: [string, string][] = [];
  if (demande.statutSimplifie === "brouillon") {
    lignes.push(["Créée le", dateFr(demande.dateCreation)]);
    lignes.push(["Modifiée le", dateFr(demande.dateModification)]);
  } else if (demande.dateDepot) {
    lignes.push(["Déposée le", dateFr(demande.dateDepot)]);
  }
  if (demande.statutSimplifie === "annulee")
    lignes.push(["Annulée le", dateFr(demande.dateModification)]);
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

/** A decision callout (h4 under the card's h3). */
function Encadre({
  titre,
  texte,
  accent,
  icone,
  suite,
}: {
  titre: string;
  texte: string;
  accent: string;
  icone: string;
  suite?: ReactNode;
}) {
  return (
    <div className={`fr-callout ${accent} ${icone} fr-mb-2w`}>
      <h4 className="fr-callout__title">{titre}</h4>
      <p className="fr-callout__text">{texte}</p>
      {suite}
    </div>
  );
}

function LienMonAgrement() {
  return (
    <p className="fr-mt-2w fr-mb-0">
      <Link className="fr-link fr-icon-arrow-right-line fr-link--icon-right" to="/mon-agrement">
        Voir mon agrément
      </Link>
    </p>
  );
}

function ContenuChangement({ demande }: { demande: DemandeResume }): ReactNode {
  if (demande.etat === "disponible")
    return (
      <Encadre
        titre="La décision sur votre demande d'extension est disponible"
        texte="Consultez la décision de l'Anah sur l'extension du périmètre d'intervention de votre agrément."
        accent="fr-callout--green-emeraude"
        icone="fr-icon-success-line"
        suite={
          <form method="post" action={urlDecisionChangement(demande.id)} className="fr-mt-2w">
            <button type="submit" className="fr-btn fr-icon-download-line fr-btn--icon-left">
              Consulter la décision
              {demande.decision ? (
                <span className="fr-sr-only">{descriptionFichier(demande.decision)}</span>
              ) : null}
            </button>
          </form>
        }
      />
    );
  if (demande.etat === "terminee")
    return (
      <Encadre
        titre="L'extension de votre périmètre d'intervention a été accordée"
        texte="Votre agrément couvre désormais le périmètre demandé ; une attestation modificative a été émise."
        accent="fr-callout--green-emeraude"
        icone="fr-icon-success-line"
        suite={<LienMonAgrement />}
      />
    );
  switch (demande.statutSimplifie) {
    case "brouillon":
      return (
        <p className="fr-text--sm">
          Votre demande n'est pas encore déposée. Reprenez-la là où vous vous étiez arrêté.
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
    case "accordee_tacitement":
      return (
        <Encadre
          titre="Votre demande d'extension a été accordée tacitement"
          texte={`Faute de décision dans le délai de ${DELAIS.acceptationTacite.enLettres}, votre demande est réputée acceptée : votre périmètre d'intervention est étendu.`}
          accent="fr-callout--green-emeraude"
          icone="fr-icon-success-line"
          suite={<LienMonAgrement />}
        />
      );
    case "refusee":
    case "rejetee_tacitement":
      return (
        <Encadre
          titre="Votre demande d'extension a été refusée"
          texte={`La lettre de décision motivée de l'Anah est disponible. ${TEXTE_RECOURS}`}
          accent="fr-callout--pink-tuile"
          icone="fr-icon-close-circle-line"
          suite={
            demande.decision ? (
              <p className="fr-mt-2w fr-mb-0">
                <a
                  className="fr-btn fr-btn--secondary fr-icon-download-line fr-btn--icon-left"
                  href={`/piece-jointe/${demande.decision.id}`}
                  download={demande.decision.nom}
                >
                  Télécharger la lettre de décision
                  <span className="fr-sr-only">{descriptionFichier(demande.decision)}</span>
                </a>
              </p>
            ) : null
          }
        />
      );
    default:
      return null;
  }
}

function AlerteIncomplete({ demande }: { demande: DemandeResume }) {
  if (demande.etat === "en_edition")
    return (
      <Alert
        className="fr-mb-2w"
        severity="warning"
        as="h4"
        title="Votre demande vous a été retournée pour modification"
        description={
          <p className="fr-mt-2w">
            <Link
              className="fr-btn fr-btn--sm fr-icon-edit-line fr-btn--icon-left"
              to={`${URL_MES_CHANGEMENTS}/${TYPE_EXTENSION}/formulaire?id=${demande.id}`}
            >
              Modifier ma demande
            </Link>
          </p>
        }
      />
    );
  const depasse =
    demande.etatNormalise === "complement_demande_completude_delai_depasse" ||
    echeanceDepassee(demande.dateEcheance, aujourdhuiParis());
  return (
    <Alert
      className="fr-mb-2w"
      severity={depasse ? "error" : "warning"}
      as="h4"
      title="Le service instructeur demande des pièces complémentaires"
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
                to={urlCompletudeChangement(demande.id)}
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

function DetailsChangement({ demande }: { demande: DemandeResume }) {
  const faits: [string, string][] = [
    ["Numéro de dossier", demande.numeroDossier ?? "Attribué au dépôt"],
    ["Statut", badgeChangement(demande).libelle],
    ["Date de création", dateFr(demande.dateCreation)],
    ["Dernière modification", dateFr(demande.dateModification)],
  ];
  if (demande.dateDepot) faits.push(["Date de dépôt", dateFr(demande.dateDepot)]);
  if (demande.dateLimiteInstruction && demande.statutSimplifie === "in_progress")
    faits.push(["Décision attendue au plus tard le", dateFr(demande.dateLimiteInstruction)]);
  if (demande.dateEcheance && demande.statutSimplifie === "incomplete")
    faits.push(["Date limite de réponse", dateFr(demande.dateEcheance)]);
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
