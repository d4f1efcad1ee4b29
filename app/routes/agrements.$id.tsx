import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { libelleQualite } from "#contract/qualites";
import { TYPES_CHANGEMENT_NOTABLE } from "#contract/etats";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  lireAgrement,
  lireDemande,
  lireProcedureAgrement,
  listerChangementsNotables,
  listerEtablissementsAgrementStaff,
  listerPiecesJointesAdditionnelles,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { BADGES_AGREMENT } from "~/components/agrement/agrement";
import { AttestationsAgrement } from "~/components/agrement/attestations-agrement";
import { PerimetreAgrement } from "~/components/agrement/perimetre-agrement";
import { ProceduresAgrement } from "~/components/agrements/procedures-agrement";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { BadgeEtat } from "~/components/dossiers/badges-dossier";
import { LIBELLES_TYPE_CHANGEMENT } from "~/components/dossiers/filtres-dossiers";
import { lienDetailDossier } from "~/components/dossiers/liste-params";
import { SectionComplements } from "~/components/dossier/section-complements";
import { SectionEtablissements } from "~/components/dossier/section-etablissements";
import { SectionRapportsAnnuels } from "~/components/dossier/section-rapports-annuels";
import { Tableau } from "~/components/tableau";
import { t } from "~/i18n";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

/** A refusal of a secondary read (not allowed, gone meanwhile) leaves its section out. */
function sansRefus<T>(secours: T) {
  return (error: unknown): T => {
    if (error instanceof ApiError && error.status < 500) return secours;
    throw error;
  };
}

/**
 * `/agrements/{id}` (spec §2 /agrements, §3 Agrement): one approval for
 * staff, from `GET /api/agrement/{id}` (404 page when
 * the user may not see it), with the request it was granted on
 * (`GET /api/demande/{id}`: SIREN, file number), each withdrawal procedure
 * with its history (`GET /api/procedure_agrement/{id}`), its referenced
 * establishments, the complements the request received
 * (`GET /api/demande/{id}/pieces-jointes-additionnelles`) and the
 * company's notable changes (`GET /api/changement-notables`, searched by
 * SIREN).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const id = params.id ?? "";
  const agrement = await callEndpoint(request, context, lireAgrement, { params: { id } });
  const [demande, procedures, etablissements, complements] = await Promise.all([
    callEndpoint(request, context, lireDemande, {
      params: { kind: "demande", id: agrement.demandeId },
    }).catch(sansRefus(null)),
    Promise.all(
      agrement.proceduresAgrement.map((procedure) =>
        callEndpoint(request, context, lireProcedureAgrement, {
          params: { id: String(procedure.id) },
        }),
      ),
    ),
    callEndpoint(request, context, listerEtablissementsAgrementStaff, {
      params: { id: agrement.id },
    }).catch(sansRefus(null)),
    callEndpoint(request, context, listerPiecesJointesAdditionnelles, {
      params: { kind: "demande", id: agrement.demandeId },
    }).catch(sansRefus(null)),
  ]);
  const changements = demande?.siren
    ? await callEndpoint(request, context, listerChangementsNotables, {
        encodedQuery: new URLSearchParams({ query: demande.siren }),
      })
        .then((page) => page.result.filter((changement) => changement.siren === demande.siren))
        .catch(sansRefus([]))
    : [];
  return {
    agrement,
    demande: demande
      ? {
          id: demande.id,
          numeroDossier: demande.numeroDossier,
          siren: demande.siren,
          qualite: demande.qualite,
        }
      : null,
    procedures,
    etablissements,
    complements,
    changements,
    breadcrumb: `Agrément n° ${agrement.numeroAgrement}`,
    breadcrumbParents: [{ label: t("navigation.agrements"), href: "/agrements" }],
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Agrément" };

/**
 * The approval page: number and state badge, a summary (company, SIREN,
 * quality, validity, file it was granted on), then its sections with a
 * local menu: perimeter, certificates, withdrawal procedures, notable
 * changes, establishments, annual activity reports, complements received.
 */
export default function PageAgrement() {
  const { agrement, demande, procedures, etablissements, complements, changements } =
    useLoaderData<typeof loader>();
  const badge = BADGES_AGREMENT[agrement.etat];
  const infos: [string, string][] = [
    ["Structure", agrement.raisonSociale],
    ["SIREN", demande?.siren ?? "—"],
    ["Qualité", demande?.qualite ? libelleQualite(demande.qualite) : "—"],
    ["Date d'octroi", dateFr(agrement.dateOctroi)],
    ["Début de validité", dateFr(agrement.dateDebut)],
    ["Fin de validité", dateFr(agrement.dateFin)],
  ];
  return (
    <div className="fr-container fr-pb-6w">
      <h1>Agrément n° {agrement.numeroAgrement}</h1>
      <p className="fr-mb-4w">
        <span className={`fr-badge ${badge.classe}`}>{badge.libelle}</span>
      </p>
      <section className="fr-mb-6w" aria-labelledby="agrement-informations">
        <h2 id="agrement-informations" className="fr-h3">
          Informations
        </h2>
        <dl className="fr-grid-row fr-grid-row--gutters">
          {infos.map(([libelle, valeur]) => (
            <div key={libelle} className="fr-col-12 fr-col-sm-6 fr-col-md-4">
              <dt className="fr-text--sm fr-mb-0">{libelle}</dt>
              <dd className="fr-ml-0 fr-text--bold">{valeur}</dd>
            </div>
          ))}
        </dl>
        {demande ? (
          <p className="fr-mt-2w">
            <Link
              className="fr-link fr-icon-arrow-right-line fr-link--icon-right"
              to={lienDetailDossier("demande", demande.id)}
            >
              {`Dossier de la demande d'agrément${demande.numeroDossier ? ` n° ${demande.numeroDossier}` : ""}`}
            </Link>
          </p>
        ) : null}
      </section>
      <PerimetreAgrement perimetre={agrement.perimetre} />
      <AttestationsAgrement attestations={agrement.attestations} />
      <ProceduresAgrement procedures={procedures} />
      <section id="changements" aria-labelledby="changements-titre" className="fr-mb-6w">
        <h2 id="changements-titre" className="fr-h3">
          Changements notables
        </h2>
        {changements.length === 0 ? (
          <p>Aucun changement notable n&apos;a été déposé pour cet agrément.</p>
        ) : (
          <Tableau id="changements-tableau" legende="Changements notables de l'opérateur">
            <thead>
              <tr>
                <th scope="col">N° de dossier</th>
                <th scope="col">Type</th>
                <th scope="col">État</th>
                <th scope="col">Date de dépôt</th>
              </tr>
            </thead>
            <tbody>
              {changements.map((changement) => (
                <tr key={changement.id}>
                  <th scope="row">
                    <Link to={lienDetailDossier("changement-notable", changement.id)}>
                      {changement.numeroDossier ?? "Sans numéro"}
                    </Link>
                  </th>
                  <td className="fr-cell--multiline">
                    {changement.typeChangement &&
                    (TYPES_CHANGEMENT_NOTABLE as readonly string[]).includes(
                      changement.typeChangement,
                    )
                      ? LIBELLES_TYPE_CHANGEMENT[
                          changement.typeChangement as keyof typeof LIBELLES_TYPE_CHANGEMENT
                        ]
                      : (changement.typeChangement ?? "—")}
                  </td>
                  <td>
                    <BadgeEtat dossier={changement} />
                  </td>
                  <td>{changement.dateDepot ? dateFr(changement.dateDepot) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </Tableau>
        )}
      </section>
      {etablissements ? <SectionEtablissements etablissements={etablissements} /> : null}
      <SectionRapportsAnnuels demandeId={agrement.demandeId} agrement={agrement} />
      {complements ? <SectionComplements complements={complements} /> : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(
      data
        ? `Agrément n° ${data.agrement.numeroAgrement} – ${t("navigation.agrements")}`
        : "Agrément",
    ),
  },
];
