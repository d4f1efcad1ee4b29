import { Link } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import type { DemandeResume } from "#contract/schemas/demande";
import { libelleAction, repartirActions, urlAction } from "./actions";

/**
 * The actions area of a file (spec §4): the main actions as buttons, then,
 * set apart under "Autres actions", the secondary ones (reassign, cancel,
 * tacit rejection, approval and procedure actions, DEMANDER_COMPLEMENT
 * outside affectee). Each button is a link to the action's form page, so
 * it works without JavaScript. Only actions the API lists are shown.
 */
export function ZoneActions({
  kind,
  demande,
}: {
  kind: TypeDossier;
  demande: Pick<DemandeResume, "id" | "etat" | "actionsDisponibles">;
}) {
  const { principales, autres } = repartirActions(demande);
  return (
    <section aria-labelledby="actions-titre" className="fr-mb-4w">
      <h2 id="actions-titre" className="fr-h5">
        Actions
      </h2>
      {principales.length === 0 && autres.length === 0 ? (
        <p>Aucune action n'est possible pour vous sur ce dossier dans son état actuel.</p>
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
