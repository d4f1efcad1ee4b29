import type { ReactNode } from "react";
import { NON_RENSEIGNE, titreEtapeDemande } from "#contract/libelles";
import { NIVEAUX_PERIMETRE } from "#contract/perimetre";
import { libelleQualite } from "#contract/qualites";
import {
  LIBELLES_ETP,
  type DemandeDetail,
  type ProcedureDemande,
  type ProcedureEtp,
} from "#contract/schemas/demande";
import { afficherDate, afficherDecimal } from "#contract/validation";
import { dateFr } from "~/utils/dates";
import { LienModifierEtape, PiecesParRubrique } from "~/components/dossier/pieces-par-rubrique";

const CODES_ETP = Object.keys(LIBELLES_ETP) as (keyof typeof LIBELLES_ETP)[];

/** Props of {@link Recapitulatif}. */
export interface RecapitulatifProps {
  demande: DemandeDetail;
  procedure: ProcedureDemande;
  /** Labels and years of the staffing figures; generic labels without it. */
  procedureEtp?: ProcedureEtp;
  /** Level of the section headings (default 2: under the page's h1). */
  niveauTitre?: 2 | 3;
  /** When given, each section gets a "Modifier" link to that step of the form. */
  lienModifier?: (etape: 1 | 2 | 3) => string;
  /** Show step 3 (supporting documents); false where a page lists them apart. Default true. */
  avecPiecesJointes?: boolean;
}

/**
 * Summary of an approval request (spec §3 "Approval request content"): the
 * file's dates, then each step of the form: signatory and structure,
 * perimeter and staffing, supporting documents by rubric
 * (`PiecesParRubrique`). Dates read JJ/MM/AAAA, decimals with
 * a comma (spec §5, §9). Used by step 4 of the form and by the recap page.
 */
export function Recapitulatif({
  demande,
  procedure,
  procedureEtp,
  niveauTitre = 2,
  lienModifier,
  avecPiecesJointes = true,
}: RecapitulatifProps) {
  const Titre = niveauTitre === 2 ? "h2" : "h3";
  const SousTitre = niveauTitre === 2 ? "h3" : "h4";
  const etape1 = demande.etape1;
  const etape2 = demande.etape2;

  const entete = (etape: 1 | 2 | 3, titre: string, id: string) => (
    <div className="fr-grid-row fr-grid-row--middle fr-mb-2w">
      <Titre id={id} className="fr-h4 fr-mb-0 fr-mr-2w">
        {titre}
      </Titre>
      {lienModifier ? <LienModifierEtape href={lienModifier(etape)} titre={titre} /> : null}
    </div>
  );

  return (
    <div className="portail-recapitulatif">
      <section aria-labelledby="recap-dossier" className="fr-mb-4w">
        <Titre id="recap-dossier" className="fr-h4">
          Dossier
        </Titre>
        <Liste
          lignes={[
            ["Numéro de dossier", demande.numeroDossier],
            ["Date de création", dateFr(demande.dateCreation)],
            ["Date de dernière modification", dateFr(demande.dateModification)],
            ["Date de dépôt", dateFr(demande.dateDepot)],
          ]}
        />
      </section>

      <section aria-labelledby="recap-etape-1" className="fr-mb-4w">
        {entete(1, titreEtapeDemande(1), "recap-etape-1")}
        {etape1 ? (
          <SignataireEtStructure demande={demande} etape1={etape1} SousTitre={SousTitre} />
        ) : (
          <p>Étape non renseignée.</p>
        )}
      </section>

      <section aria-labelledby="recap-etape-2" className="fr-mb-4w">
        {entete(2, titreEtapeDemande(2), "recap-etape-2")}
        {etape2 ? (
          <PerimetreEtEffectifs
            demande={demande}
            etape2={etape2}
            procedureEtp={procedureEtp}
            SousTitre={SousTitre}
          />
        ) : (
          <p>Étape non renseignée.</p>
        )}
      </section>

      {avecPiecesJointes ? (
        <section aria-labelledby="recap-etape-3" className="fr-mb-4w">
          {entete(3, titreEtapeDemande(3), "recap-etape-3")}
          <PiecesParRubrique
            rubriques={procedure.rubriques}
            niveauTitre={niveauTitre === 2 ? 3 : 4}
          />
        </section>
      ) : null}
    </div>
  );
}

/** Heading element of the parts of a step (one level under the sections'). */
type BaliseSousTitre = "h3" | "h4";

/** Step 1 of the summary: the signatory, then the structure. */
function SignataireEtStructure({
  demande,
  etape1,
  SousTitre,
}: {
  demande: DemandeDetail;
  etape1: NonNullable<DemandeDetail["etape1"]>;
  SousTitre: BaliseSousTitre;
}) {
  const { libelles } = demande;
  return (
    <>
      <SousTitre className="fr-h6">Signataire</SousTitre>
      <Liste
        lignes={[
          ["Nom", etape1.signataireNom],
          ["Prénom", etape1.signatairePrenom],
          ["Qualité", etape1.signataireQualite],
        ]}
      />
      <SousTitre className="fr-h6">Structure</SousTitre>
      <Liste
        lignes={[
          ["SIREN", demande.siren],
          ["Raison sociale", demande.raisonSociale],
          ["Qualité de la structure", libelleQualite(etape1.structureQualite)],
          ["Forme juridique", libelles.formeJuridique ?? etape1.formeJuridique],
          ["Date de création", afficherDate(etape1.dateCreationStructure)],
          ["Téléphone", etape1.telephone],
          ["Adresse électronique", etape1.email],
          ["Adresse", etape1.adresse],
          ["Complément d'adresse", etape1.complementAdresse],
          ["Code postal", etape1.codePostal],
          ["Commune", libelles.commune ?? etape1.commune],
        ]}
      />
    </>
  );
}

/**
 * Step 2 of the summary: the perimeter by level (with the precisions on
 * the communes when there are communes), then the staffing figures, with
 * `procedureEtp`'s labels and years (generic labels without it), and the
 * optional missions.
 */
function PerimetreEtEffectifs({
  demande,
  etape2,
  procedureEtp,
  SousTitre,
}: {
  demande: DemandeDetail;
  etape2: NonNullable<DemandeDetail["etape2"]>;
  procedureEtp: ProcedureEtp | undefined;
  SousTitre: BaliseSousTitre;
}) {
  const { libelles } = demande;
  const etps =
    procedureEtp?.etps ??
    CODES_ETP.map((code) => ({ code, libelle: LIBELLES_ETP[code], annee: null }));
  return (
    <>
      <SousTitre className="fr-h6">Périmètre d'intervention</SousTitre>
      <Liste
        lignes={[
          ...NIVEAUX_PERIMETRE.map(({ cle, libelle }): Ligne => [libelle, noms(libelles[cle])]),
          ...(libelles.communes.length
            ? ([["Précisions sur les communes", etape2.precisions]] as Ligne[])
            : []),
        ]}
      />
      <SousTitre className="fr-h6">Effectifs et activité</SousTitre>
      <Liste
        lignes={[
          ...etps.map((etp): Ligne => [
            etp.annee ? `${etp.libelle} en ${etp.annee}` : etp.libelle,
            afficherDecimal(etape2[etp.code]),
          ]),
          [
            "Missions facultatives",
            etape2.missionsFacultatives === undefined
              ? null
              : etape2.missionsFacultatives
                ? "Oui"
                : "Non",
          ],
        ]}
      />
    </>
  );
}

type Ligne = [string, ReactNode | null | undefined];

/** Label/value pairs; an empty value reads "Non renseigné". */
function Liste({ lignes }: { lignes: Ligne[] }) {
  return (
    <dl className="fr-grid-row fr-grid-row--gutters fr-mb-2w">
      {lignes.map(([libelle, valeur]) => (
        <div key={libelle} className="fr-col-12 fr-col-md-6">
          <dt className="fr-text--bold fr-mb-0">{libelle}</dt>
          <dd className="fr-ml-0">
            {valeur === null || valeur === undefined || valeur === "" ? (
              <span className="fr-text-mention--grey">{NON_RENSEIGNE}</span>
            ) : (
              valeur
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function noms(liste: { nom: string }[]): string | null {
  return liste.length ? liste.map((item) => item.nom).join(", ") : null;
}
