/**
 * How the applicant's establishment pages write an establishment (spec §3
 * Etablissement): SIRET by groups, one-line address, perimeter summary and
 * the referenced / dereferenced badge.
 */
import { NIVEAUX_PERIMETRE } from "#contract/perimetre";
import type { Etablissement, PerimetreNomme } from "#contract/schemas/etablissement";

/** "83291547400015" → "832 915 474 00015" (SIREN by threes, then the NIC). */
export function formaterSiret(siret: string): string {
  return /^\d{14}$/.test(siret)
    ? `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`
    : siret;
}

/** "12 rue X, Bâtiment B, 75011 Paris". */
export function adresseSurUneLigne(
  etablissement: Pick<Etablissement, "adresse1" | "adresse2" | "codePostal" | "ville">,
): string {
  return [
    etablissement.adresse1,
    etablissement.adresse2,
    `${etablissement.codePostal} ${etablissement.ville}`,
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * A perimeter in a few words, widest level first: "Île-de-France" or
 * "Paris (75), Hauts-de-Seine (92) et 3 communes"; at most `max` names,
 * the rest counted. "Aucun territoire" when empty.
 */
export function resumePerimetre(perimetre: PerimetreNomme, max = 3): string {
  const noms = NIVEAUX_PERIMETRE.flatMap(({ cle }) =>
    perimetre[cle].map((territoire) =>
      cle === "departements" ? `${territoire.nom} (${territoire.code})` : territoire.nom,
    ),
  );
  if (noms.length === 0) return "Aucun territoire";
  const montres = noms.slice(0, max);
  const reste = noms.length - montres.length;
  if (reste > 0) return `${montres.join(", ")} et ${reste} autre${reste > 1 ? "s" : ""}`;
  if (montres.length === 1) return montres[0];
  return `${montres.slice(0, -1).join(", ")} et ${montres[montres.length - 1]}`;
}

/** Label and DSFR class of an establishment's status badge. */
export function badgeEtablissement(etablissement: Pick<Etablissement, "referencee">): {
  libelle: string;
  classe: string;
} {
  return etablissement.referencee
    ? { libelle: "Référencé", classe: "fr-badge--success" }
    : { libelle: "Déréférencé", classe: "fr-badge--error" };
}

/** The company registry (INSEE Sirene) did not answer (503). */
export const MESSAGE_REGISTRE_INDISPONIBLE =
  "Le répertoire des entreprises ne répond pas pour le moment : réessayez dans quelques minutes.";

/** Why a new establishment cannot be referenced now (spec §4 suspension; everything referenced). */
export const MESSAGE_SUSPENDU =
  "Votre agrément est suspendu : aucun établissement ne peut être référencé pendant la suspension.";
export const MESSAGE_TOUS_REFERENCES = "Tous les établissements de votre société sont référencés";
