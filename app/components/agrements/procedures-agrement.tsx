import { Link } from "@remix-run/react";
import { libelleEtat } from "#contract/libelles";
import {
  LIBELLES_ETAT_AGREMENT,
  type EtatAgrement,
  type ProcedureAgrementDetail,
} from "#contract/schemas/agrements-liste";
import { LIBELLES_DECISION_PROCEDURE, LIBELLES_TYPE_PROCEDURE } from "#contract/schemas/procedures";
import { libelleAction } from "~/components/dossier/actions";
import {
  TableauHistorique,
  type TableauHistoriqueProps,
} from "~/components/dossier/section-historique";
import { dateFr } from "~/utils/dates";

/** French labels of a withdrawal procedure's state (spec §4 Agreement procedure). */
const LIBELLES_ETAT_PROCEDURE: Record<string, { libelle: string; classe: string }> = {
  en_cours: { libelle: "En cours", classe: "fr-badge--new" },
  termine: { libelle: "Terminée", classe: "fr-badge--info" },
  perime: { libelle: "Close par la péremption de l'agrément", classe: "fr-badge--warning" },
};

/** History actions of the approval itself (not in the requests' action labels). */
const LIBELLES_ACTION_AGREMENT: Record<string, string> = {
  PEREMPTION_AGREMENT: "Péremption de l'agrément (5 ans)",
};

/** How a procedure's history words its actions and the approval's states. */
const LIBELLES_HISTORIQUE_PROCEDURE: TableauHistoriqueProps["libelles"] = {
  action: ({ action }) => LIBELLES_ACTION_AGREMENT[action] ?? libelleAction(action),
  etat: ({ etatApres }) =>
    etatApres ? (LIBELLES_ETAT_AGREMENT[etatApres as EtatAgrement] ?? libelleEtat(etatApres)) : "—",
};

/**
 * "Procédures de retrait" of the approval page (spec §3 Agreement
 * procedure, §7 `GET api/procedure_agrement/{id}`): each
 * procedure, newest first, with its type, state badge, notification date,
 * decision and its own history (date, action, state, who, comment), and a
 * link to the file it was run on.
 */
export function ProceduresAgrement({
  procedures,
}: {
  procedures: readonly ProcedureAgrementDetail[];
}) {
  return (
    <section id="procedures" aria-labelledby="procedures-titre" className="fr-mb-6w">
      <h2 id="procedures-titre" className="fr-h3">
        Procédures de retrait
      </h2>
      {procedures.length === 0 ? <p>Aucune procédure de retrait n&apos;a été engagée.</p> : null}
      {procedures.map((procedure) => {
        const etat = LIBELLES_ETAT_PROCEDURE[procedure.etat] ?? {
          libelle: procedure.etat,
          classe: "fr-badge--info",
        };
        return (
          <article
            key={procedure.id}
            className="fr-mb-4w"
            aria-labelledby={`procedure-${procedure.id}`}
          >
            <h3 id={`procedure-${procedure.id}`} className="fr-h6 fr-mb-1w">
              {LIBELLES_TYPE_PROCEDURE[procedure.type as keyof typeof LIBELLES_TYPE_PROCEDURE] ??
                procedure.type}
              {` engagée le ${dateFr(procedure.dateCreation)}`}
            </h3>
            <p className="fr-mb-1w">
              <span className={`fr-badge fr-badge--sm ${etat.classe}`}>{etat.libelle}</span>
            </p>
            <ul className="fr-mb-2w">
              {procedure.data.dateNotification ? (
                <li>Notifiée à l&apos;opérateur le {dateFr(procedure.data.dateNotification)}</li>
              ) : null}
              {procedure.data.decision ? (
                <li>
                  {LIBELLES_DECISION_PROCEDURE[
                    procedure.data.decision as keyof typeof LIBELLES_DECISION_PROCEDURE
                  ] ?? procedure.data.decision}
                  {procedure.data.dateDecision
                    ? ` (décision du ${dateFr(procedure.data.dateDecision)})`
                    : ""}
                </li>
              ) : null}
              {procedure.demandeId ? (
                <li>
                  <Link to={`/dossier/demande/${encodeURIComponent(procedure.demandeId)}`}>
                    Voir le dossier de la procédure
                  </Link>
                </li>
              ) : null}
            </ul>
            {procedure.historique.length ? (
              <TableauHistorique
                id={`procedure-${procedure.id}-historique`}
                legende={`Historique de la procédure engagée le ${dateFr(procedure.dateCreation)}`}
                historique={procedure.historique}
                libelles={LIBELLES_HISTORIQUE_PROCEDURE}
              />
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
