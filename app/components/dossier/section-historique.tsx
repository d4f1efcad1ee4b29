import { libelleEtat } from "#contract/libelles";
import { ROLE_LABELS, type Role } from "#contract/roles";
import type { EntreeHistorique } from "#contract/schemas/demande";
import { dateHeureFr } from "~/utils/dates";
import { libelleAction } from "./actions";
import { Tableau } from "./tableau";

/**
 * "Historique" (DESIGN §3 "every transition writes one history row", spec
 * §7 historique): one row per transition, newest first as the API sends
 * them: date and time (Europe/Paris), action, state before → after, who
 * acted in which role ("Système" for the deadline jobs) and the comment.
 */
export function SectionHistorique({ historique }: { historique: EntreeHistorique[] }) {
  return (
    <section id="historique" aria-labelledby="historique-titre" className="fr-mb-6w">
      <h2 id="historique-titre" className="fr-h3">
        Historique
      </h2>
      {historique.length === 0 ? (
        <p>Aucune action n'a encore été enregistrée sur ce dossier.</p>
      ) : (
        <Tableau id="historique-tableau" legende="Historique du dossier">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Action</th>
              <th scope="col">État</th>
              <th scope="col">Par</th>
              <th scope="col">Commentaire</th>
            </tr>
          </thead>
          <tbody>
            {historique.map((entree) => (
              <tr key={entree.id}>
                <td>
                  <time dateTime={entree.date}>{dateHeureFr(entree.date)}</time>
                </td>
                {/* Long labels wrap: every column stays in view at 1280 px. */}
                <td className="fr-cell--multiline">{libelleAction(entree.action)}</td>
                <td className="fr-cell--multiline">{transition(entree)}</td>
                <td className="fr-cell--multiline">{acteur(entree)}</td>
                <td className="fr-cell--multiline portail-pre-line">{entree.commentaire ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </Tableau>
      )}
    </section>
  );
}

/** "Déposée → Affectée"; one state alone when it did not change. */
function transition({ etatAvant, etatApres }: EntreeHistorique): string {
  if (!etatAvant && !etatApres) return "";
  if (!etatAvant || etatAvant === etatApres) return libelleEtat(etatApres ?? etatAvant ?? "");
  if (!etatApres) return libelleEtat(etatAvant);
  return `${libelleEtat(etatAvant)} → ${libelleEtat(etatApres)}`;
}

/** "Prénom Nom (Superviseur)"; "Système" for a deadline job. */
function acteur({ acteur }: EntreeHistorique): string {
  if (!acteur) return "Système";
  const role = acteur.role ? ROLE_LABELS[acteur.role as Role] : undefined;
  return `${acteur.prenom} ${acteur.nom}${role ? ` (${role})` : ""}`;
}
