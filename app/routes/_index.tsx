import { Button } from "@codegouvfr/react-dsfr/Button";
import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { Card } from "@codegouvfr/react-dsfr/Card";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { Alert } from "@codegouvfr/react-dsfr/Alert";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ROLE_LABELS } from "#contract/roles";
import type { BandeauInformatif } from "#contract/schemas/reference";
import type { UtilisateurCourant } from "#contract/schemas/utilisateur";
import { apiJson } from "~/.server/api.server";
import { requireUser } from "~/.server/auth.server";
import { staffTilesFor } from "~/components/home/staff-tiles";
import { pageTitle } from "~/utils/title";

/**
 * Home (spec §2 "Home for staff" / "Home for applicants"): the current user
 * from `GET /api/user/account`; applicants also get the information banners.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const user = await apiJson<UtilisateurCourant>(request, context, "/api/user/account");
  const demandeur = user.roles.includes("demandeur");
  const bandeaux = demandeur
    ? await apiJson<BandeauInformatif[]>(request, context, "/api/bandeaux-informatifs", {
        query: { demandeType: "demande" },
      })
    : [];
  return { user, demandeur, tiles: demandeur ? [] : staffTilesFor(user.roles), bandeaux };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-py-6w">
      <h1>Bonjour {data.user.firstName}</h1>
      {data.demandeur ? <ApplicantHome /> : <StaffHome />}
    </div>
  );
}

function StaffHome() {
  const { user, tiles } = useLoaderData<typeof loader>();
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
                <span className="fr-display-block">
                  Service : {user.service?.nom ?? "Services centraux de l'Anah"}
                </span>
                <span className="fr-display-block">
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
              linkProps={{ to: tile.href }}
              enlargeLinkOrButton
            />
          </li>
        ))}
      </ul>
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

function ApplicantHome() {
  const { bandeaux } = useLoaderData<typeof loader>();
  return (
    <>
      {bandeaux.map((bandeau) => (
        <Alert
          key={bandeau.id}
          className="fr-mb-3w"
          severity="info"
          title={bandeau.titre ?? "Information"}
          description={bandeau.message}
          small={!bandeau.titre}
        />
      ))}
      <h2 className="fr-h4">Mes demandes d'agrément</h2>
      <p>Aucune demande en cours</p>
      <Button linkProps={{ to: "/demande/formulaire" }} iconId="fr-icon-add-line">
        Déposer une demande d'agrément
      </Button>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Accueil") }];
