import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { Card } from "@codegouvfr/react-dsfr/Card";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { ROLE_LABELS } from "#contract/roles";
import type { UtilisateurCourant } from "#contract/schemas/utilisateur";
import { ExportRapportsAnnuels } from "~/components/home/export-rapports-annuels";
import type { AccueilAgent } from "~/components/home/staff-home.server";

/**
 * Staff home (spec §2 "Home for staff"): the user's card (service, first
 * role, link to the account settings), the quick-access tiles with their
 * counts, the annual reports' export and the documentation call-out.
 */
export function StaffHome({
  user,
  tiles,
  comptesTuiles,
  anneesExportRapports,
}: Omit<AccueilAgent, "kind"> & { user: UtilisateurCourant }) {
  const premierRole = user.roles[0];
  return (
    <>
      <div className="fr-grid-row fr-mb-4w">
        <div className="fr-col-12 fr-col-md-6">
          <Card
            title={`${user.firstName} ${user.lastName}`}
            titleAs="h2"
            desc={
              <>
                <span className="portail-ligne">
                  Service : {user.service?.nom ?? "Services centraux de l'Anah"}
                </span>
                <span className="portail-ligne">
                  Rôle : {premierRole ? ROLE_LABELS[premierRole] : ""}
                </span>
              </>
            }
            linkProps={{ to: "/account/params" }}
            end={<p className="fr-text--sm fr-mb-0">Voir les paramètres de mon compte</p>}
            size="small"
            border
            enlargeLink
          />
        </div>
      </div>
      <h2 className="fr-h4">Accès rapides</h2>
      <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list">
        {tiles.map((tile) => (
          <li key={tile.id} className="fr-col-12 fr-col-md-4">
            <Tile
              title={tile.titre}
              titleAs="h3"
              desc={tile.description}
              detail={comptesTuiles[tile.id]}
              linkProps={{ to: tile.href }}
              enlargeLinkOrButton
            />
          </li>
        ))}
      </ul>
      <ExportRapportsAnnuels annees={anneesExportRapports} />
      <CallOut
        className="fr-mt-6w"
        title="Documentation"
        titleAs="h2"
        iconId="fr-icon-questionnaire-line"
      >
        Les textes et la documentation sur l'agrément Mon Accompagnateur Rénov' sont sur{" "}
        <a
          href="https://www.anah.gouv.fr/mon-accompagnateur-renov"
          target="_blank"
          rel="noopener noreferrer"
          title="Mon Accompagnateur Rénov' sur le site de l'Anah - nouvelle fenêtre"
        >
          le site de l'Anah
        </a>
        .
      </CallOut>
    </>
  );
}
