import type { DemandeDetail } from "#contract/schemas/demande";
import { dateFr } from "~/utils/dates";
import { BadgeEtape, BadgeEtat, MarqueursDossier } from "./badges";

/** What the header reads of a file. */
export type DossierEntete = Pick<
  DemandeDetail,
  | "kind"
  | "numeroDossier"
  | "raisonSociale"
  | "siren"
  | "etat"
  | "etatNormalise"
  | "etapeInstruction"
  | "dateDepot"
  | "dateLimiteInstruction"
  | "dateEcheance"
  | "delaiSuspendu"
  | "expireBientot"
  | "reputeRejete"
  | "instructeur"
  | "serviceInstructeur"
> &
  // The approval's dates: the file page gives them, an action page may not.
  Partial<Pick<DemandeDetail, "dateOctroi" | "dateNotificationSuspension" | "dateDecisionRetrait">>;

/** "Demande d'agrément n° …" or "Changement notable n° …" (number once deposited). */
export function titreDossier(demande: Pick<DemandeDetail, "kind" | "numeroDossier">): string {
  const objet = demande.kind === "demande" ? "Demande d'agrément" : "Changement notable";
  return demande.numeroDossier ? `${objet} n° ${demande.numeroDossier}` : objet;
}

/**
 * The identity of a file for staff (spec §2 "file detail"): the company and
 * SIREN, state and step badges with the clock's markers, then the
 * deposit date, the instruction deadline (DESIGN §5), the applicant's
 * pending answer deadline, the assigned instructor and the service.
 * `titre` is the page's h1 (the file title on the detail page, the action's
 * label on an action page).
 */
export function EnteteDossier({ demande, titre }: { demande: DossierEntete; titre: string }) {
  const instructeur = demande.instructeur
    ? `${demande.instructeur.prenom} ${demande.instructeur.nom}`
    : null;
  return (
    <header className="fr-mb-4w">
      <h1 className="fr-mb-1w">{titre}</h1>
      {titre !== titreDossier(demande) ? (
        <p className="fr-text--lead fr-mb-1w">{titreDossier(demande)}</p>
      ) : null}
      <p className="fr-text--lg fr-mb-2w">
        {demande.raisonSociale ?? "Structure non renseignée"}
        {demande.siren ? <span className="fr-text--md"> (SIREN {demande.siren})</span> : null}
      </p>
      <ul className="fr-badges-group fr-mb-2w">
        <li>
          <BadgeEtat demande={demande} />
        </li>
        <li>
          <BadgeEtape demande={demande} />
        </li>
        <MarqueursDossier demande={demande} />
      </ul>
      <dl className="fr-grid-row fr-grid-row--gutters">
        <Element libelle="Date de dépôt" valeur={dateFr(demande.dateDepot)} />
        <Element
          libelle="Date limite d'instruction"
          valeur={
            demande.dateLimiteInstruction
              ? `${dateFr(demande.dateLimiteInstruction)}${demande.delaiSuspendu ? " (délai suspendu)" : ""}`
              : null
          }
        />
        {demande.dateEcheance ? (
          <Element
            libelle="Réponse du demandeur attendue avant le"
            valeur={dateFr(demande.dateEcheance)}
          />
        ) : null}
        {/* Spec §3 Demande dates of the approval's life, once they exist. */}
        {demande.dateOctroi ? (
          <Element libelle="Date d'octroi de l'agrément" valeur={dateFr(demande.dateOctroi)} />
        ) : null}
        {demande.dateNotificationSuspension ? (
          <Element
            libelle="Notification de la suspension"
            valeur={dateFr(demande.dateNotificationSuspension)}
          />
        ) : null}
        {demande.dateDecisionRetrait ? (
          <Element libelle="Décision de retrait" valeur={dateFr(demande.dateDecisionRetrait)} />
        ) : null}
        <Element libelle="Instructeur" valeur={instructeur ?? "Non affecté"} />
        <Element
          libelle="Service instructeur"
          valeur={demande.serviceInstructeur?.nom ?? "Non renseigné"}
        />
      </dl>
    </header>
  );
}

function Element({ libelle, valeur }: { libelle: string; valeur: string | null }) {
  return (
    <div className="fr-col-12 fr-col-sm-6 fr-col-lg-4">
      <dt className="fr-text--bold fr-mb-0">{libelle}</dt>
      <dd className="fr-ml-0">
        {valeur || <span className="fr-text-mention--grey">Non renseignée</span>}
      </dd>
    </div>
  );
}
