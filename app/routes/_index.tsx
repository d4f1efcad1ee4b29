import { Button } from "@codegouvfr/react-dsfr/Button";
import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { Card } from "@codegouvfr/react-dsfr/Card";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { Alert } from "@codegouvfr/react-dsfr/Alert";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ROLE_LABELS } from "#contract/roles";
import type { DemandeResume, PeutCreer, ProcedureDemande } from "#contract/schemas/demande";
import type { BandeauInformatif } from "#contract/schemas/reference";
import type { StatutSimplifie } from "#contract/statuts";
import type { UtilisateurCourant } from "#contract/schemas/utilisateur";
import { apiJson } from "~/.server/api.server";
import { requireUser } from "~/.server/auth.server";
import { CarteDemande } from "~/components/demande/carte-demande";
import { staffTilesFor } from "~/components/home/staff-tiles";
import { pageTitle } from "~/utils/title";

/**
 * Home (spec §2 "Home for staff" / "Home for applicants"): the current user
 * from `GET /api/user/account`. Applicants also get the information banners,
 * their requests (`GET /api/demandes/mes-demandes`, active first, newest
 * first), whether they may create a new one
 * (`GET /api/demande/can/deposernouvelledemande`) and, for a draft, the form
 * step to resume at (first incomplete step of its procedure, else the summary).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const user = await apiJson<UtilisateurCourant>(request, context, "/api/user/account");
  const demandeur = user.roles.includes("demandeur");
  if (!demandeur) {
    return {
      user,
      demandeur,
      tiles: staffTilesFor(user.roles),
      bandeaux: [],
      demandes: [],
      peutCreer: null,
      etapes: {} as Record<string, number>,
    };
  }
  const [bandeaux, demandes, peutCreer] = await Promise.all([
    apiJson<BandeauInformatif[]>(request, context, "/api/bandeaux-informatifs", {
      query: { demandeType: "demande" },
    }),
    apiJson<DemandeResume[]>(request, context, "/api/demandes/mes-demandes"),
    apiJson<PeutCreer>(request, context, "/api/demande/can/deposernouvelledemande"),
  ]);
  const etapes: Record<string, number> = {};
  await Promise.all(
    demandes
      .filter((demande) => demande.statutSimplifie === "brouillon")
      .map(async (demande) => {
        const procedure = await apiJson<ProcedureDemande>(
          request,
          context,
          `/api/demande/${demande.id}/procedure`,
        );
        const incomplete = ([1, 2, 3] as const).find((etape) => !procedure.etapesCompletes[etape]);
        etapes[demande.id] = incomplete ?? 4;
      }),
  );
  return { user, demandeur, tiles: [], bandeaux, demandes, peutCreer, etapes };
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

/**
 * Applicant without an approval (spec §2 "Home for applicants"): banners,
 * one card per request, "Aucune demande en cours" when there is none, and
 * the new-request button only when the API allows it (else its reason).
 */
function ApplicantHome() {
  const { bandeaux, demandes, peutCreer, etapes } = useLoaderData<typeof loader>();
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
      {demandes.length === 0 ? <p>Aucune demande en cours</p> : null}
      {demandes.map((demande) => (
        <CarteDemande key={demande.id} demande={demande} etapeFormulaire={etapes[demande.id]} />
      ))}
      {peutCreer?.can ? (
        <Button linkProps={{ to: "/demande/formulaire" }} iconId="fr-icon-add-line">
          Déposer une demande d'agrément
        </Button>
      ) : peutCreer?.raison && !demandes.some(estActive) ? (
        <p className="fr-text--sm">{peutCreer.raison}</p>
      ) : null}
    </>
  );
}

/** Whether a request is still under way: its card already tells why no new one can start. */
function estActive(demande: { statutSimplifie: StatutSimplifie }): boolean {
  return ["brouillon", "in_progress", "incomplete"].includes(demande.statutSimplifie);
}

export const meta: MetaFunction = () => [{ title: pageTitle("Accueil") }];
