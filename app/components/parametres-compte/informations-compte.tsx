import { ROLE_LABELS } from "#contract/roles";
import type { UtilisateurCourant } from "#contract/schemas/utilisateur";

/**
 * "Informations du compte" (spec §2 account settings, account information):
 * the `user`'s name, address, roles, then service, company and supervision
 * perimeter when he has one, and whom to write to for another correction.
 */
export function InformationsCompte({ user }: { user: UtilisateurCourant }) {
  const rows: [string, string][] = [
    ["Nom", user.lastName],
    ["Prénom", user.firstName],
    ["Adresse électronique", user.email],
    ["Rôles", user.roles.map((role) => ROLE_LABELS[role]).join(", ")],
  ];
  if (user.service) rows.push(["Service instructeur", user.service.nom]);
  if (user.societe) {
    rows.push(["Raison sociale", user.societe.raisonSociale], ["SIREN", user.societe.siren]);
  }
  if (user.perimetreSupervision) {
    const { regions, departements } = user.perimetreSupervision;
    rows.push([
      "Périmètre de supervision",
      [
        regions.length ? `Régions : ${regions.join(", ")}` : "",
        departements.length ? `Départements : ${departements.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join(" ; ") || "Aucun",
    ]);
  }
  return (
    <>
      <h2 className="fr-h4">Informations du compte</h2>
      <dl className="fr-grid-row fr-grid-row--gutters">
        {rows.map(([label, value]) => (
          <div key={label} className="fr-col-12 fr-col-md-6">
            <dt className="fr-text--bold fr-mb-0">{label}</dt>
            <dd className="fr-ml-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="fr-text--sm">
        Votre adresse électronique et votre mot de passe se changent ci-dessous. Pour corriger une
        autre information, écrivez à{" "}
        <a href="mailto:mar-agrement@anah.gouv.fr">mar-agrement@anah.gouv.fr</a>.
      </p>
    </>
  );
}
