import { Button } from "@codegouvfr/react-dsfr/Button";
import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { Card } from "@codegouvfr/react-dsfr/Card";
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { Alert } from "@codegouvfr/react-dsfr/Alert";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ROLE_LABELS } from "#contract/roles";
import { MANAGER_ROLES, STAFF_ROLES, hasAnyRole, type Role } from "#contract/roles";
import type { DemandeResume, PeutCreer } from "#contract/schemas/demande";
import type { Agrement } from "#contract/schemas/agrement";
import type { BandeauInformatif } from "#contract/schemas/reference";
import type { StatutSimplifie } from "#contract/statuts";
import {
  callEndpoint,
  compterDemandes,
  compterMesDossiers,
  lireDemande,
  lireProcedure,
  lireUtilisateurCourant,
  listerBandeaux,
  listerMesDemandes,
  verifierNouvelleDemande,
} from "~/.server/api-client.server";
import { requireUser } from "~/.server/auth.server";
import {
  BADGES_AGREMENT,
  agrementAccessible,
  changementsACharger,
} from "~/components/agrement/agrement";
import { chargerMonAgrement } from "~/components/agrement/mon-agrement.server";
import { TUILES_OPERATEUR } from "~/components/agrement/tuiles-operateur";
import {
  TUILE_MES_CHANGEMENTS,
  TuilesChangementIncomplet,
} from "~/components/changement-notable/accueil";
import { mesChangements } from "~/components/changement-notable/extension.server";
import { commentaireRetourEdition } from "~/components/demande/complement/complement";
import { CarteDossier } from "~/components/dossier/carte-dossier";
import {
  InvitationReferencement,
  TUILE_ETABLISSEMENTS,
  TuileAReferencer,
} from "~/components/home/referencement";
import { staffTilesFor } from "~/components/home/staff-tiles";
import { ExportRapportsAnnuels } from "~/components/home/export-rapports-annuels";
import { anneesExportPour } from "~/components/home/export-rapports-annuels.server";
import { TuileRapportAnnuel } from "~/components/home/rapport-annuel";
import { aDesEtablissements } from "~/components/referencement/referencement.server";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

/**
 * Home (spec §2 "Home for staff" / "Home for applicants"): the current user
 * from `GET /api/user/account`. Applicants also get their approval
 * (`GET /api/agrement/mon-agrement`), the information banners, their
 * requests (`GET /api/demandes/mes-demandes`, active first, newest first),
 * whether they may create a new one (`GET /api/demande/can/deposernouvelledemande`),
 * for a draft the form step to resume at (first incomplete step of its
 * procedure, else the summary) and for a request returned for edition the
 * instructor's comment (`GET /api/demande/{id}`). With an approval, also
 * whether the company has a referenced establishment
 * (`GET /api/demandeur/has-etablissement`, spec §6); with an approval valid
 * or withdrawn, its change requests
 * (`GET /api/changement-notables/mes-changements-notables`, spec §4).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const user = await callEndpoint(request, context, lireUtilisateurCourant);
  const demandeur = user.roles.includes("demandeur");
  const vide = {
    bandeaux: [] as BandeauInformatif[],
    demandes: [] as DemandeResume[],
    peutCreer: null as PeutCreer | null,
    etapes: {} as Record<string, number>,
    commentaires: {} as Record<string, string | null>,
    agrement: null as Agrement | null,
    hasEtablissement: false,
    changements: [] as DemandeResume[],
  };
  if (!demandeur)
    return {
      ...vide,
      user,
      demandeur,
      tiles: staffTilesFor(user.roles),
      // Counts shown on the tiles (GET /api/demande/nb-demandes, /api/demande/count; ADR 0026).
      comptesTuiles: await comptesDesTuiles(request, context, user.roles),
      // The yearly export of the annual activity reports, staff only.
      anneesExportRapports: anneesExportPour(user.roles, context),
    };
  const [agrement, bandeaux, demandes, peutCreer] = await Promise.all([
    chargerMonAgrement(request, context),
    callEndpoint(request, context, listerBandeaux, { query: { demandeType: "demande" } }),
    callEndpoint(request, context, listerMesDemandes),
    callEndpoint(request, context, verifierNouvelleDemande),
  ]);
  const etapes: Record<string, number> = {};
  const commentaires: Record<string, string | null> = {};
  await Promise.all(
    demandes.map(async (demande) => {
      if (demande.statutSimplifie === "brouillon") {
        const procedure = await callEndpoint(request, context, lireProcedure, {
          params: { id: demande.id },
        });
        const incomplete = ([1, 2, 3] as const).find((etape) => !procedure.etapesCompletes[etape]);
        etapes[demande.id] = incomplete ?? 4;
      } else if (demande.etat === "en_edition") {
        const detail = await callEndpoint(request, context, lireDemande, {
          params: { kind: "demande", id: demande.id },
        });
        commentaires[demande.id] = commentaireRetourEdition(detail.infosComplementaires);
      }
    }),
  );
  const agree = agrementAccessible(agrement);
  return {
    user,
    demandeur,
    tiles: [],
    comptesTuiles: {} as Record<string, string>,
    anneesExportRapports: [] as number[],
    bandeaux,
    demandes,
    peutCreer,
    etapes,
    commentaires,
    agrement: agree ? agrement : null,
    hasEtablissement: agree ? await aDesEtablissements(request, context) : false,
    // Spec §4: loaded for a valid approval (the 'À compléter' tile of an
    // incomplete one) or a withdrawn one (their cards, under the requests).
    changements: changementsACharger(agrement, demandes)
      ? await mesChangements(request, context)
      : [],
  };
}

/**
 * The count each staff tile shows, by tile id (ADR 0026):
 * "Mes dossiers" from `GET /api/demande/nb-demandes` (managers), "Tous les
 * dossiers" from `GET /api/demande/count` (staff), both scoped by the API
 * as the lists are. A count that fails leaves its tile without one.
 */
async function comptesDesTuiles(
  request: Request,
  context: AppLoadContext,
  roles: readonly Role[],
): Promise<Record<string, string>> {
  const [mes, tous] = await Promise.all([
    hasAnyRole(roles, MANAGER_ROLES)
      ? callEndpoint(request, context, compterMesDossiers).catch(() => null)
      : null,
    hasAnyRole(roles, STAFF_ROLES)
      ? callEndpoint(request, context, compterDemandes).catch(() => null)
      : null,
  ]);
  const dossiers = (n: number) => `${n.toLocaleString("fr-FR")} dossier${n > 1 ? "s" : ""}`;
  const comptes: Record<string, string> = {};
  if (mes) comptes["mes-dossiers"] = dossiers(mes.nbDemandes);
  if (tous)
    comptes["tous-les-dossiers"] =
      `${dossiers(tous.total)} : ${tous.demande.toLocaleString("fr-FR")} demande${tous.demande > 1 ? "s" : ""} d'agrément, ` +
      `${tous["changement-notable"].toLocaleString("fr-FR")} changement${tous["changement-notable"] > 1 ? "s" : ""} notable${tous["changement-notable"] > 1 ? "s" : ""}`;
  return comptes;
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-py-6w">
      <h1>Bonjour {data.user.firstName}</h1>
      {!data.demandeur ? <StaffHome /> : data.agrement ? <OperateurAgreeHome /> : <ApplicantHome />}
    </div>
  );
}

function StaffHome() {
  const { user, tiles } = useLoaderData<typeof loader>();
  const { comptesTuiles } = useLoaderData<typeof loader>();
  const { anneesExportRapports } = useLoaderData<typeof loader>();
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

/**
 * Applicant without an approval (spec §2 "Home for applicants"): banners,
 * one card per request, "Aucune demande en cours" when there is none, and
 * the new-request button only when the API allows it (else its reason);
 * after a withdrawn approval, the cards of its change requests (spec §4).
 */
function ApplicantHome() {
  const { bandeaux, demandes, peutCreer, etapes, commentaires, changements } =
    useLoaderData<typeof loader>();
  return (
    <>
      {/* The general banners are the layout's, under the header: only this page's info ones here. */}
      {bandeaux
        .filter((bandeau) => bandeau.type !== "general")
        .map((bandeau) => (
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
        <CarteDossier
          key={demande.id}
          type="demande"
          demande={demande}
          etapeFormulaire={etapes[demande.id]}
          commentaireEdition={commentaires[demande.id] ?? null}
        />
      ))}
      {peutCreer?.can ? (
        <Button linkProps={{ to: "/demande/formulaire" }} iconId="fr-icon-add-line">
          Déposer une demande d'agrément
        </Button>
      ) : peutCreer?.raison && !demandes.some(estActive) ? (
        <p className="fr-text--sm">{peutCreer.raison}</p>
      ) : null}
      {changements.length ? (
        <>
          <h2 className="fr-h4 fr-mt-6w">Mes demandes de changement notable</h2>
          {changements.map((changement) => (
            <CarteDossier key={changement.id} type="changement-notable" demande={changement} />
          ))}
        </>
      ) : null}
    </>
  );
}

/**
 * Applicant holding an approval (en_cours or suspendu; spec §2 "Home for
 * applicants", approved version): the approval's number and validity, the
 * cards of requests whose decision is still to be consulted (so that
 * VISUALISER_RESULTAT stays reachable); while the company has no
 * establishment, the reference-establishments prompt (approval en_cours
 * only: a suspended one may not reference) and the 'À référencer' tile;
 * and the quick-access tiles ({@link TUILES_OPERATEUR}: only pages that
 * exist, then the establishments' list).
 */
function OperateurAgreeHome() {
  const { agrement, demandes, hasEtablissement, changements } = useLoaderData<typeof loader>();
  if (!agrement) return null;
  const aConsulter = demandes.filter((demande) => demande.statutSimplifie === "disponible");
  const badge = BADGES_AGREMENT[agrement.etat];
  // Spec §3 Demande dateNotificationSuspension, read on the request the approval was granted on.
  const suspension =
    agrement.etat === "suspendu"
      ? demandes.find((demande) => demande.id === agrement.demandeId)?.dateNotificationSuspension
      : null;
  return (
    <>
      <p className="fr-text--lead">
        Votre structure est agréée Mon Accompagnateur Rénov' sous le numéro{" "}
        <strong>{agrement.numeroAgrement}</strong>, jusqu'au {dateFr(agrement.dateFin)}.{" "}
        <span className={`fr-badge ${badge.classe}`}>{badge.libelle}</span>
      </p>
      {suspension ? (
        <p>{`Votre agrément est suspendu depuis le ${dateFr(suspension)}, date de notification de la procédure de retrait.`}</p>
      ) : null}
      {aConsulter.length ? (
        <>
          <h2 className="fr-h4">Décision à consulter</h2>
          {aConsulter.map((demande) => (
            <CarteDossier key={demande.id} type="demande" demande={demande} />
          ))}
        </>
      ) : null}
      {!hasEtablissement && agrement.etat === "en_cours" ? <InvitationReferencement /> : null}
      {!hasEtablissement ? (
        <>
          <h2 className="fr-h4">À faire</h2>
          <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list fr-mb-4w">
            <li className="fr-col-12 fr-col-md-4">
              <TuileAReferencer />
            </li>
          </ul>
        </>
      ) : null}
      <TuileRapportAnnuel agrement={agrement} />
      <TuilesChangementIncomplet changements={changements} />
      <h2 className="fr-h4">Accès rapides</h2>
      <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list">
        {[...TUILES_OPERATEUR, TUILE_MES_CHANGEMENTS, TUILE_ETABLISSEMENTS].map((tuile) => (
          <li key={tuile.id} className="fr-col-12 fr-col-md-4">
            <Tile
              title={tuile.titre}
              titleAs="h3"
              desc={tuile.description}
              linkProps={{ to: tuile.href }}
              enlargeLinkOrButton
            />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Whether a request is still under way: its card already tells why no new one can start. */
function estActive(demande: { statutSimplifie: StatutSimplifie }): boolean {
  return ["brouillon", "in_progress", "incomplete"].includes(demande.statutSimplifie);
}

export const meta: MetaFunction = () => [{ title: pageTitle("Accueil") }];
