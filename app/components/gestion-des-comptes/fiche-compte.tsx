import { Link } from "@remix-run/react";
import { libelleEtat } from "#contract/libelles";
import { libelleQualite } from "#contract/qualites";
import type { ActionGestionCompte, CompteDetail } from "#contract/schemas/comptes";
import { Tableau } from "~/components/tableau";
import { titreDossier } from "~/components/dossier/entete-dossier";

/** Labels of the normalised states that are not request states (spec §4 "Normalised status"). */
const LIBELLES_ETAT_NORMALISE: Record<string, string> = {
  agrement_suspendu: "Agrément suspendu",
  in_progress: "En cours",
  complement_demande_completude_depose: "Complément de complétude déposé",
  complement_demande_encours: "Complément demandé",
  complement_demande_completude_delai_depasse: "Délai du complément dépassé",
};

/** French label of a normalised state. */
export const libelleEtatNormalise = (etat: string) =>
  LIBELLES_ETAT_NORMALISE[etat] ?? libelleEtat(etat);

/** Titles of the account action pages and buttons (spec §4 Account actions). */
export const LIBELLES_ACTION_COMPTE: Record<ActionGestionCompte, string> = {
  MODIFIER_REFERENT_COMPTE: "Modifier le représentant",
  MODIFIER_QUALITES_COMPTE: "Modifier la qualité de la structure",
  MODIFIER_INFO_SOCIETE: "Modifier les coordonnées de la structure",
  SUPPRIMER_COMPTE: "Supprimer le compte",
};

/** Path segment of each action page (`/gestion-des-comptes/{id}/{segment}`). */
export const CHEMINS_ACTION_COMPTE: Record<ActionGestionCompte, string> = {
  MODIFIER_REFERENT_COMPTE: "representant",
  MODIFIER_QUALITES_COMPTE: "qualite",
  MODIFIER_INFO_SOCIETE: "coordonnees",
  SUPPRIMER_COMPTE: "suppression",
};

const dateFr = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

/**
 * The account of spec §3 "Account list/detail" for the administrator: the
 * company (name, SIREN, qualities, draft contact details), the
 * representative (name, e-mail, phone), the created date and status, the
 * company's requests with their state and normalised state, and one button
 * per action the server lists in `actionsDisponibles` (spec §4: a button
 * shows only if its action is present).
 */
export function FicheCompte({ compte }: { compte: CompteDetail }) {
  return (
    <>
      <div className="fr-grid-row fr-grid-row--gutters fr-mb-4w">
        <StructureDuCompte compte={compte} />
        <RepresentantDuCompte compte={compte} />
      </div>
      <DemandesDeLaStructure demandes={compte.demandes} />
      <ActionsDuCompte compte={compte} />
    </>
  );
}

/** The « Structure » half: name, SIREN, qualities and the draft's contact details if any. */
function StructureDuCompte({ compte }: { compte: CompteDetail }) {
  return (
    <section className="fr-col-12 fr-col-md-6" aria-labelledby="titre-structure">
      <h2 id="titre-structure" className="fr-h4">
        Structure
      </h2>
      <dl className="fr-pl-0">
        <dt className="fr-text--bold fr-mb-0">Raison sociale</dt>
        <dd className="fr-mb-2w fr-ml-0">{compte.raisonSociale ?? "—"}</dd>
        <dt className="fr-text--bold fr-mb-0">SIREN</dt>
        <dd className="fr-mb-2w fr-ml-0">{compte.siren ?? "—"}</dd>
        <dt className="fr-text--bold fr-mb-0">Qualité</dt>
        <dd className="fr-mb-2w fr-ml-0">
          {compte.qualites.length ? (
            <ul className="fr-mb-0">
              {compte.qualites.map((code) => (
                <li key={code}>{libelleQualite(code)}</li>
              ))}
            </ul>
          ) : (
            "—"
          )}
        </dd>
        {compte.coordonneesStructure ? (
          <>
            <dt className="fr-text--bold fr-mb-0">Coordonnées (demande en brouillon)</dt>
            <dd className="fr-mb-2w fr-ml-0 portail-coupure">
              {compte.coordonneesStructure.telephone ?? "—"}
              <br />
              {compte.coordonneesStructure.email ?? "—"}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** The « Représentant » half: name, e-mail, phone, and the created date with the pending badge. */
function RepresentantDuCompte({ compte }: { compte: CompteDetail }) {
  return (
    <section className="fr-col-12 fr-col-md-6" aria-labelledby="titre-representant">
      <h2 id="titre-representant" className="fr-h4">
        Représentant
      </h2>
      <dl className="fr-pl-0">
        <dt className="fr-text--bold fr-mb-0">Nom</dt>
        <dd className="fr-mb-2w fr-ml-0">
          {compte.firstName} {compte.lastName}
        </dd>
        <dt className="fr-text--bold fr-mb-0">Adresse électronique</dt>
        <dd className="fr-mb-2w fr-ml-0 portail-coupure">{compte.email}</dd>
        <dt className="fr-text--bold fr-mb-0">Téléphone</dt>
        <dd className="fr-mb-2w fr-ml-0">{compte.telephone ?? "—"}</dd>
        <dt className="fr-text--bold fr-mb-0">Compte créé le</dt>
        <dd className="fr-mb-2w fr-ml-0">
          {dateFr.format(new Date(compte.dateCreation))}
          {compte.statut === "en_attente" ? (
            <p className="fr-badge fr-badge--sm fr-badge--warning fr-mt-1v fr-mb-0">
              En attente de confirmation
            </p>
          ) : null}
        </dd>
      </dl>
    </section>
  );
}

/** « Demandes de la structure »: each request with its state and normalised state. */
function DemandesDeLaStructure({ demandes }: { demandes: CompteDetail["demandes"] }) {
  return (
    <>
      <h2 className="fr-h4">Demandes de la structure</h2>
      {demandes.length === 0 ? (
        <p>Aucune demande.</p>
      ) : (
        <Tableau legende="Demandes de la structure">
          <thead>
            <tr>
              <th scope="col">Dossier</th>
              <th scope="col">État</th>
              <th scope="col">État normalisé</th>
            </tr>
          </thead>
          <tbody>
            {demandes.map((demande) => (
              <tr key={demande.id}>
                <td className="fr-cell--multiline">{titreDossier(demande)}</td>
                <td className="fr-cell--multiline">{libelleEtat(demande.etat)}</td>
                <td className="fr-cell--multiline">
                  {libelleEtatNormalise(demande.etatNormalise)}
                </td>
              </tr>
            ))}
          </tbody>
        </Tableau>
      )}
    </>
  );
}

/** « Actions sur le compte »: a link to each action page the server lists. */
function ActionsDuCompte({ compte }: { compte: CompteDetail }) {
  // Changes first, deletion last, whatever the server's order.
  const actions = (Object.keys(CHEMINS_ACTION_COMPTE) as ActionGestionCompte[]).filter((action) =>
    compte.actionsDisponibles.some((disponible) => disponible.action === action),
  );
  return (
    <>
      <h2 className="fr-h4 fr-mt-4w">Actions sur le compte</h2>
      {actions.length ? (
        <ul className="fr-btns-group fr-btns-group--inline-md">
          {actions.map((action) => (
            <li key={action}>
              <Link
                className={`fr-btn ${action === "SUPPRIMER_COMPTE" ? "fr-btn--tertiary" : "fr-btn--secondary"}`}
                to={`/gestion-des-comptes/${compte.id}/${CHEMINS_ACTION_COMPTE[action]}`}
              >
                {LIBELLES_ACTION_COMPTE[action]}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Aucune action n'est possible sur ce compte.</p>
      )}
    </>
  );
}
