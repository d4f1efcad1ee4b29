import type { ReactNode } from "react";
import type { EtablissementDetail } from "#contract/schemas/etablissement";
import { dateFr } from "~/utils/dates";
import { adresseSurUneLigne, formaterSiret } from "./presentation";

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
 * Identification, contact, referent and ETP of an establishment (spec §3
 * Etablissement), read-only: referencing data cannot be edited afterwards.
 */
export function DonneesEtablissement({ etablissement }: { etablissement: EtablissementDetail }) {
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
