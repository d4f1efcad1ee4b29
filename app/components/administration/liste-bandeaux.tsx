import { Form } from "@remix-run/react";
import {
  LIBELLES_STATUT_BANDEAU,
  LIBELLES_TYPE_DOSSIER_BANDEAU,
  type BandeauAdministre,
  type StatutBandeau,
} from "#contract/schemas/administration";
import { Tableau } from "~/components/tableau";
import { dateHeureFr } from "~/utils/dates";

/** DSFR badge colour of a status. */
const BADGE: Record<StatutBandeau, string> = {
  programme: "fr-badge--info",
  en_cours: "fr-badge--success",
  termine: "fr-badge--grey",
  retire: "fr-badge--grey",
};

/** "Début" / "Fin" cell: the Paris date and time, or what an empty bound means. */
function borne(iso: string | null, vide: string): string {
  return iso ? dateHeureFr(iso) : vide;
}

/** The banners, newest first: type, text, window, status, and "Retirer" for those not removed. */
export function ListeBandeaux({ bandeaux }: { bandeaux: BandeauAdministre[] }) {
  return (
    <>
      <h2 className="fr-mt-6w">Bandeaux enregistrés</h2>
      <Tableau id="bandeaux" legende="Bandeaux enregistrés">
        <thead>
          <tr>
            <th scope="col">Bandeau</th>
            <th scope="col">Affiché sur</th>
            <th scope="col">Début</th>
            <th scope="col">Fin</th>
            <th scope="col">Statut</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {bandeaux.map((bandeau) => (
            <tr key={bandeau.id}>
              <td className="fr-cell--multiline">
                {bandeau.titre ? <strong>{bandeau.titre} : </strong> : null}
                {bandeau.message}
              </td>
              <td className="fr-cell--multiline">
                {bandeau.type === "general"
                  ? "Toutes les pages"
                  : (LIBELLES_TYPE_DOSSIER_BANDEAU[
                      bandeau.demandeType as keyof typeof LIBELLES_TYPE_DOSSIER_BANDEAU
                    ] ?? bandeau.demandeType)}
              </td>
              <td>{borne(bandeau.dateDebut, "Dès sa création")}</td>
              <td>{borne(bandeau.dateFin, "Sans fin")}</td>
              <td>
                <p className={`fr-badge fr-badge--sm fr-badge--no-icon ${BADGE[bandeau.statut]}`}>
                  {LIBELLES_STATUT_BANDEAU[bandeau.statut]}
                </p>
              </td>
              <td>
                {bandeau.statut === "retire" || bandeau.statut === "termine" ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="retirer" />
                    <input type="hidden" name="bandeauId" value={bandeau.id} />
                    {/* aria-label, not a .fr-sr-only span: positioned absolutely, it would escape the table's scroll box. */}
                    <button
                      type="submit"
                      className="fr-btn fr-btn--sm fr-btn--secondary"
                      aria-label={`Retirer le bandeau « ${bandeau.titre ?? bandeau.message.slice(0, 60)} »`}
                    >
                      Retirer
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Tableau>
    </>
  );
}
