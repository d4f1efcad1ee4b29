import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  schemaPerimetreEtablissement,
  type EtablissementDetail,
  type PerimetreNomme,
} from "#contract/schemas/etablissement";
import { callEndpoint } from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import { PerimetreAgrement } from "~/components/agrement/perimetre-agrement";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { erreursDeApi } from "~/components/demande/formulaire/formulaire.server";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import { Tableau } from "~/components/dossier/tableau";
import {
  lireEtablissementAgrement,
  modifierPerimetreEtablissement,
} from "~/components/referencement/api.server";
import { FormulairePerimetre } from "~/components/referencement/formulaire-perimetre";
import {
  INTENT_RECHERCHE_EPCIS,
  estRecherchePerimetre,
  type ChoixPerimetreEtablissement,
  type RecherchePerimetreEtablissement,
} from "~/components/referencement/perimetre-etablissement";
import {
  adresseSurUneLigne,
  badgeEtablissement,
  formaterSiret,
} from "~/components/referencement/presentation";
import {
  exigerAgrementReferencement,
  optionsPerimetre,
  perimetrePoste,
  rechercherCommunesDansAgrement,
  rechercherEpcisDansAgrement,
} from "~/components/referencement/referencement.server";
import { t } from "~/i18n";
import { dateFr, dateHeureFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

/** The 404 the root error boundary shows as "Page non trouvée". */
function pageNonTrouvee(): Response {
  return new Response("Page non trouvée", { status: 404 });
}

/** The establishment of the URL's SIRET under the applicant's approval (404 if none). */
async function chargerEtablissement(
  request: Request,
  context: Parameters<typeof callEndpoint>[1],
  siret: string | undefined,
) {
  const agrement = await exigerAgrementReferencement(request, context);
  if (!siret || !/^\d{14}$/.test(siret)) throw pageNonTrouvee();
  const etablissement = await callEndpoint(request, context, lireEtablissementAgrement, {
    params: { id: agrement.id, etablissementId: siret },
  });
  return { agrement, etablissement };
}

/** The codes and names of a perimeter, as the update form starts from them. */
function choixDe(perimetre: PerimetreNomme): ChoixPerimetreEtablissement {
  return {
    regions: perimetre.regions.map((region) => region.code),
    departements: perimetre.departements.map((departement) => departement.code),
    epcis: perimetre.epcis.map((epci) => epci.code),
    communes: perimetre.communes.map((commune) => commune.code),
    noms: {
      epcis: perimetre.epcis,
      communes: perimetre.communes.map((commune) => ({
        code: commune.code,
        nom: commune.nom,
      })),
    },
  };
}

/**
 * `/referencement/:siret` (spec §2 "detail by SIRET", §5 referencing data
 * not editable except the perimeter): a demandeur holding
 * an approval; the establishment of that SIRET under it (`GET
 * /api/agrement/{id}/etablissement/{siret}`, the referenced one first; 404
 * for a malformed or unknown SIRET, or another company's) with its history,
 * and the approval's régions and départements for the perimeter update,
 * offered while the establishment is referenced and the approval en_cours.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { agrement, etablissement } = await chargerEtablissement(request, context, params.siret);
  const modifiable = etablissement.referencee && agrement.etat === "en_cours";
  return {
    breadcrumb: etablissement.nom,
    etablissement,
    suspendu: agrement.etat !== "en_cours",
    options: modifiable ? await optionsPerimetre(request, context, agrement) : null,
  };
}

/** What a post that did not update gives back: the form as posted, and the search if any. */
interface ResultatPerimetre {
  cle: string;
  lastResult: SubmissionResult<string[]>;
  choix: ChoixPerimetreEtablissement;
  recherche: RecherchePerimetreEtablissement | null;
}

/**
 * Posts of the perimeter form: `rechercheEpcis` / `rechercheCommunes` come
 * back with the matches (nothing saved); otherwise the shared schema, then
 * POST /api/etablissement/{id}/update-perimetre, and the same page with
 * "Le périmètre a bien été mis à jour." (spec §8). A refusal (empty
 * perimeter, outside the approval: 422 on the fields; suspended approval,
 * dereferenced establishment: the form's error) answers 422, every box kept.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { agrement, etablissement } = await chargerEtablissement(request, context, params.siret);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const choix = perimetrePoste(formData);
  const reponse = (
    lastResult: SubmissionResult<string[]>,
    recherche: RecherchePerimetreEtablissement | null,
    status: number,
  ) =>
    data({ cle: crypto.randomUUID(), lastResult, choix, recherche } satisfies ResultatPerimetre, {
      status,
    });

  if (estRecherchePerimetre(intent)) {
    const recherche: RecherchePerimetreEtablissement =
      intent === INTENT_RECHERCHE_EPCIS
        ? {
            type: "epcis",
            resultat: await rechercherEpcisDansAgrement(
              request,
              context,
              agrement.id,
              String(formData.get("rechercheEpci") ?? ""),
            ),
          }
        : {
            type: "communes",
            resultat: await rechercherCommunesDansAgrement(
              request,
              context,
              agrement.id,
              String(formData.get("rechercheCommune") ?? ""),
            ),
          };
    return reponse(parseWithZod(formData, { schema: schemaRecherche }).reply(), recherche, 200);
  }

  const submission = parseWithZod(formData, { schema: schemaPerimetreEtablissement });
  if (submission.status !== "success") return reponse(submission.reply(), null, 422);
  try {
    await callEndpoint(request, context, modifierPerimetreEtablissement, {
      params: { id: etablissement.id },
      body: submission.value,
    });
  } catch (error) {
    return reponse(submission.reply(erreursDeApi(error)), null, 422);
  }
  return redirectWithToast(
    `/referencement/${etablissement.siret}`,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t("notification.success.perimetreModifie"),
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Établissement" };

/** Searches re-render the posted form: the loader's data has not changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => {
  if (estRecherchePerimetre(formData?.get("intent"))) return false;
  return defaultShouldRevalidate;
};

/** One "label: value" pair of a description list; "Non renseigné" when empty. */
function Donnee({ libelle, children }: { libelle: string; children: ReactNode }) {
  return (
    <div className="fr-col-12 fr-col-sm-6 fr-col-md-4">
      <dt className="fr-text--sm fr-mb-0">{libelle}</dt>
      <dd className="fr-ml-0 fr-text--bold">{children || "Non renseigné"}</dd>
    </div>
  );
}

/** A titled section of the detail with its description list. */
function Section({ id, titre, children }: { id: string; titre: string; children: ReactNode }) {
  return (
    <section className="fr-mb-6w" aria-labelledby={id}>
      <h2 id={id} className="fr-h4">
        {titre}
      </h2>
      <dl className="fr-grid-row fr-grid-row--gutters">{children}</dl>
    </section>
  );
}

/**
 * The detail (spec §3 Etablissement): name, status badge, reference and
 * approval; identification, contact, referent and ETP, perimeter (all
 * read-only: referencing data cannot be edited afterwards); the perimeter
 * update form when allowed; the history (date, action, comment, author).
 */
export default function DetailEtablissement() {
  const { etablissement, suspendu, options } = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>() ?? null;
  const badge = badgeEtablissement(etablissement);
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{etablissement.nom}</h1>
      <p className="fr-mb-2w">
        <span className={`fr-badge ${badge.classe}`}>{badge.libelle}</span>
      </p>
      <p>
        Référence <strong>{etablissement.reference}</strong>, au titre de l'agrément n°{" "}
        <strong>{etablissement.numeroAgrement}</strong>. Les données de référencement ne peuvent
        plus être modifiées, à l'exception du périmètre d'intervention.
      </p>
      <DonneesEtablissement etablissement={etablissement} />
      <PerimetreAgrement perimetre={etablissement.perimetre} />
      <section className="fr-mb-6w" aria-labelledby="modification-perimetre-titre">
        <h2 id="modification-perimetre-titre" className="fr-h4">
          Modifier le périmètre d'intervention
        </h2>
        {options ? (
          <FormulairePerimetre
            key={resultat?.cle ?? "chargement"}
            options={options}
            choix={resultat?.choix ?? choixDe(etablissement.perimetre)}
            recherche={resultat?.recherche ?? null}
            lastResult={resultat?.lastResult ?? null}
          />
        ) : (
          <p>
            {!etablissement.referencee
              ? "Cet établissement n'est plus référencé : son périmètre ne peut plus être modifié."
              : suspendu
                ? "Votre agrément est suspendu : le périmètre ne peut pas être modifié pendant la suspension."
                : null}
          </p>
        )}
      </section>
      <Historique historique={etablissement.historique} />
    </div>
  );
}

/** Identification, contact, referent and ETP of the establishment. */
function DonneesEtablissement({ etablissement }: { etablissement: EtablissementDetail }) {
  const referent = etablissement.referent;
  return (
    <>
      <Section id="etablissement-identification" titre="Identification">
        <Donnee libelle="SIRET">{formaterSiret(etablissement.siret)}</Donnee>
        <Donnee libelle="Raison sociale">{etablissement.raisonSociale}</Donnee>
        <Donnee libelle="Nom INSEE">{etablissement.nomInsee}</Donnee>
        <Donnee libelle="Nom dans l'annuaire">{etablissement.nomMar}</Donnee>
        <Donnee libelle="Référencé le">{dateFr(etablissement.dateCreation)}</Donnee>
        {etablissement.dateDereferencement ? (
          <Donnee libelle="Déréférencé le">{dateFr(etablissement.dateDereferencement)}</Donnee>
        ) : null}
      </Section>
      <Section id="etablissement-coordonnees" titre="Coordonnées">
        <Donnee libelle="Adresse">{adresseSurUneLigne(etablissement)}</Donnee>
        <Donnee libelle="Téléphone">{etablissement.tel}</Donnee>
        <Donnee libelle="Adresse électronique">{etablissement.email}</Donnee>
        <Donnee libelle="Site internet">{etablissement.siteInternet}</Donnee>
      </Section>
      <Section id="etablissement-referent" titre="Référent et effectifs">
        <Donnee libelle="Effectif (ETP)">
          {etablissement.etp === null ? null : etablissement.etp.toLocaleString("fr-FR")}
        </Donnee>
        <Donnee libelle="Référent">
          {referent
            ? `${referent.civilite === "Mme" ? "Madame" : "Monsieur"} ${referent.prenom} ${referent.nom}`
            : null}
        </Donnee>
        <Donnee libelle="Adresse électronique du référent">{referent?.email}</Donnee>
        <Donnee libelle="Téléphone du référent">{referent?.tel}</Donnee>
      </Section>
    </>
  );
}

/** The history, oldest first as the API gives it. */
function Historique({ historique }: { historique: EtablissementDetail["historique"] }) {
  return (
    <section aria-labelledby="etablissement-historique">
      <h2 id="etablissement-historique" className="fr-h4">
        Historique
      </h2>
      {historique.length === 0 ? (
        <p>Aucun événement.</p>
      ) : (
        <Tableau id="historique" legende="Historique de l'établissement">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Événement</th>
              <th scope="col">Motif</th>
              <th scope="col">Par</th>
            </tr>
          </thead>
          <tbody>
            {historique.map((ligne, index) => (
              <tr key={`${ligne.date}-${index}`}>
                <td>{dateHeureFr(ligne.date)}</td>
                <td>{ligne.libelle}</td>
                <td>{ligne.commentaire ?? ""}</td>
                <td>{ligne.auteur ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </Tableau>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.etablissement.nom : "Établissement") },
];
