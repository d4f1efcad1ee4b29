import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { callEndpoint } from "~/.server/api-client.server";
import { BoutonReferencer } from "~/components/home/referencement";
import { listerEtablissementsAgrement } from "~/components/referencement/api.server";
import {
  MESSAGE_SUSPENDU,
  MESSAGE_TOUS_REFERENCES,
  adresseSurUneLigne,
  badgeEtablissement,
  formaterSiret,
  resumePerimetre,
} from "~/components/referencement/presentation";
import {
  chargerEtablissementsAReferencer,
  exigerAgrementReferencement,
} from "~/components/referencement/referencement.server";
import { Tableau } from "~/components/tableau";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

const TITRE = "Établissements référencés";

/**
 * `/referencement` (spec §2 "Referenced establishments of the applicant",
 * guarded; §4): a demandeur holding an approval (else home
 * with a notification); the approval's establishments (`GET
 * /api/agrement/{id}/etablissements`, referenced first) and whether a new
 * one may be referenced: not while the approval is suspended (spec §4), not
 * when the registry has none left (`…/etablissements-a-referencer` empty;
 * unknown when the registry does not answer, then the link stays).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const agrement = await exigerAgrementReferencement(request, context);
  const suspendu = agrement.etat !== "en_cours";
  const [etablissements, aReferencer] = await Promise.all([
    callEndpoint(request, context, listerEtablissementsAgrement, { params: { id: agrement.id } }),
    suspendu ? null : chargerEtablissementsAReferencer(request, context, agrement.id),
  ]);
  return {
    numeroAgrement: agrement.numeroAgrement,
    suspendu,
    tousReferences: aReferencer !== null && aReferencer.length === 0,
    etablissements,
  };
}

/**
 * The list: the approval's number, the "Référencer un établissement" link
 * or the DSFR notice saying why there is none, and a table (name with the
 * link to the detail, SIRET, address, perimeter in a few words,
 * referencing date, status badge); "Aucun établissement référencé" when
 * there is none yet.
 */
export default function ListeEtablissements() {
  const { numeroAgrement, suspendu, tousReferences, etablissements } =
    useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      <p>
        Les établissements par lesquels votre structure accompagne les ménages, référencés au titre
        de l'agrément n° <strong>{numeroAgrement}</strong>. Les ménages les trouvent dans l'annuaire
        tant que votre agrément est en cours de validité.
      </p>
      {suspendu || tousReferences ? (
        <div className="fr-notice fr-notice--info fr-mb-4w">
          <div className="fr-container">
            <div className="fr-notice__body">
              <p className="fr-notice__title">
                {suspendu ? MESSAGE_SUSPENDU : MESSAGE_TOUS_REFERENCES}
              </p>
            </div>
          </div>
        </div>
      ) : (
        <BoutonReferencer className="fr-mb-4w" />
      )}
      {etablissements.length === 0 ? (
        <p className="fr-text--lead">Aucun établissement référencé pour le moment.</p>
      ) : (
        <Tableau
          id="etablissements"
          legende={`${TITRE} au titre de l'agrément ${numeroAgrement}`}
          entetes={[
            "Établissement",
            "SIRET",
            "Adresse",
            "Périmètre d'intervention",
            "Référencé le",
            "Statut",
          ]}
        >
          {etablissements.map((etablissement) => {
            const badge = badgeEtablissement(etablissement);
            return (
              <tr key={etablissement.id}>
                <td>
                  <Link to={`/referencement/${etablissement.siret}`}>{etablissement.nom}</Link>
                  <br />
                  <span className="fr-text--xs">{etablissement.reference}</span>
                </td>
                <td>{formaterSiret(etablissement.siret).replace(/ /g, "\u00a0")}</td>
                <td>{adresseSurUneLigne(etablissement)}</td>
                <td>{resumePerimetre(etablissement.perimetre)}</td>
                <td>{dateFr(etablissement.dateCreation)}</td>
                <td>
                  <span className={`fr-badge fr-badge--sm ${badge.classe}`}>{badge.libelle}</span>
                </td>
              </tr>
            );
          })}
        </Tableau>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
