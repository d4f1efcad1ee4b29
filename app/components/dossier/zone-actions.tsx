import { Link } from "@remix-run/react";
import type { EtatDemande, TypeDossier } from "#contract/etats";
import type { DemandeResume } from "#contract/schemas/demande";
import type { EtapeInstruction } from "#contract/statuts";
import { libelleAction, repartirActions, urlAction } from "./actions";

/**
 * The actions area of a file (spec §4): the main actions as buttons, then,
 * set apart under "Autres actions", the secondary ones (reassign, cancel,
 * tacit rejection, approval and procedure actions, DEMANDER_COMPLEMENT
 * outside affectee). Each button is a link to the action's form page, so
 * it works without JavaScript. Only actions the API lists are shown. When
 * none is, the area says why: a consulting role, or what
 * the file waits for at its step.
 */
export function ZoneActions({
  kind,
  demande,
  consultation,
}: {
  kind: TypeDossier;
  demande: Pick<DemandeResume, "id" | "etat" | "etapeInstruction" | "actionsDisponibles">;
  /** The reader's roles only consult files (central roles): no action is ever his. */
  consultation: boolean;
}) {
  const { principales, autres } = repartirActions(demande);
  return (
    <section aria-labelledby="actions-titre" className="fr-mb-4w">
      <h2 id="actions-titre" className="fr-h5">
        Actions
      </h2>
      {principales.length === 0 && autres.length === 0 ? (
        <p>{raisonSansAction(demande, consultation)}</p>
      ) : null}
      {principales.length ? (
        <ul className="fr-btns-group fr-btns-group--inline-md">
          {principales.map((action) => (
            <li key={action}>
              <Link className="fr-btn" to={urlAction(kind, demande.id, action)}>
                {libelleAction(action)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {autres.length ? (
        <>
          <h3 id="autres-actions-titre" className="fr-h6 fr-mb-1w">
            Autres actions
          </h3>
          <ul
            className="fr-btns-group fr-btns-group--inline-md fr-btns-group--sm"
            aria-labelledby="autres-actions-titre"
          >
            {autres.map((action) => (
              <li key={action}>
                <Link className="fr-btn fr-btn--secondary" to={urlAction(kind, demande.id, action)}>
                  {libelleAction(action)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** What a file waits for, by state where the step says too little, else by step. */
const ATTENTE_PAR_ETAT: Partial<Record<EtatDemande, string>> = {
  incomplete: "un complément a été demandé au demandeur : le dossier attend sa réponse.",
  en_edition:
    "le dossier a été renvoyé au demandeur pour correction : il attend son nouveau dépôt.",
  refus_confirme: "le refus est confirmé : l'instructeur en rédige la motivation.",
};
const ATTENTE_PAR_ETAPE: Record<EtapeInstruction, string> = {
  awaitingAssignment: "le dossier attend d'être affecté à un instructeur par un superviseur.",
  checkingDemande: "le dossier est vérifié par l'instructeur qui lui est affecté.",
  awaitingCrhh: "le dossier attend l'avis du comité régional (CRHH).",
  pendingInstructorFinalize: "l'instructeur finalise son avis sur le dossier.",
  awaitingDecision: "le dossier attend l'avis ou la décision du superviseur.",
  preparingTransmission: "la décision est prise : le demandeur ne l'a pas encore consultée.",
  terminated: "l'instruction de ce dossier est terminée.",
};

/**
 * Why no action is offered on `demande`: central roles
 * consult only; otherwise what the file waits for at its step.
 */
export function raisonSansAction(
  demande: Pick<DemandeResume, "etat" | "etapeInstruction">,
  consultation: boolean,
): string {
  if (consultation) return "Votre rôle permet de consulter les dossiers, pas d'agir sur eux.";
  const attente =
    ATTENTE_PAR_ETAT[demande.etat as EtatDemande] ??
    ATTENTE_PAR_ETAPE[demande.etapeInstruction as EtapeInstruction] ??
    "aucune action n'est prévue pour vous à cette étape.";
  return `Aucune action ne vous revient à cette étape : ${attente}`;
}
