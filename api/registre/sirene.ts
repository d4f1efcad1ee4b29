/**
 * Company registry over the INSEE Sirene API 3.11 (ADR 0016):
 * `GET {url}/siret?q=siren:XXXXXXXXX&nombre=1000`, the API key in
 * `X-INSEE-Api-Key-Integration` (portail-api.insee.fr) and as a bearer token
 * (former api.insee.fr gateway). Maps each `etablissements[]` item:
 * `siret`, `etablissementSiege`, the sign (`enseigne1Etablissement` of the
 * current period, else the usual name, else `uniteLegale.denominationUniteLegale`),
 * `adresseEtablissement` (number, street type and name, complement, postal
 * code, commune and its INSEE code) and the current period's
 * `etatAdministratifEtablissement` ("A" open, "F" closed).
 *
 * Sirene answers 404 when no establishment matches: the company has none.
 * Any other failure — timeout, network error, 401/403 (token), 429 (quota),
 * 5xx, a body that is not Sirene's JSON — throws {@link ErreurRegistre}
 * with a French message, never a crash.
 */
import {
  ErreurRegistre,
  trierEtablissements,
  type EtablissementDuRegistre,
  type RegistreEntreprises,
} from "./types.ts";

/** Settings of the Sirene adapter. */
export interface OptionsSirene {
  /** Base URL of the API, e.g. https://api.insee.fr/api-sirene/3.11 (no trailing slash needed). */
  url: string;
  /** API key (SIRENE_API_TOKEN); undefined sends no credential. */
  token?: string;
  /** Longest wait for an answer, in milliseconds (default 5,000). */
  timeoutMs?: number;
}

/** Most establishments asked in one call (Sirene's maximum `nombre`). */
const NOMBRE_MAX = 1000;

interface AdresseSirene {
  numeroVoieEtablissement?: string | null;
  indiceRepetitionEtablissement?: string | null;
  typeVoieEtablissement?: string | null;
  libelleVoieEtablissement?: string | null;
  complementAdresseEtablissement?: string | null;
  codePostalEtablissement?: string | null;
  libelleCommuneEtablissement?: string | null;
  codeCommuneEtablissement?: string | null;
}

interface PeriodeSirene {
  dateFin?: string | null;
  etatAdministratifEtablissement?: string | null;
  enseigne1Etablissement?: string | null;
  denominationUsuelleEtablissement?: string | null;
}

interface EtablissementSirene {
  siret?: string;
  etablissementSiege?: boolean;
  enseigne1Etablissement?: string | null;
  uniteLegale?: {
    denominationUniteLegale?: string | null;
    nomUniteLegale?: string | null;
    prenomUsuelUniteLegale?: string | null;
  } | null;
  adresseEtablissement?: AdresseSirene | null;
  periodesEtablissement?: PeriodeSirene[] | null;
}

/** Non-empty trimmed text, else null. */
function texte(valeur: string | null | undefined): string | null {
  const propre = valeur?.trim();
  return propre ? propre : null;
}

/** One Sirene establishment in the port's shape; null when it has no valid SIRET. */
export function versEtablissementRegistre(
  source: EtablissementSirene,
): EtablissementDuRegistre | null {
  if (!source.siret || !/^\d{14}$/.test(source.siret)) return null;
  const adresse = source.adresseEtablissement ?? {};
  // The current period has no end date; Sirene lists the newest first.
  const periodes = source.periodesEtablissement ?? [];
  const periode = periodes.find((p) => !p.dateFin) ?? periodes[0] ?? {};
  const unite = source.uniteLegale ?? {};
  const personne = [texte(unite.prenomUsuelUniteLegale), texte(unite.nomUniteLegale)]
    .filter(Boolean)
    .join(" ");
  const voie = [
    adresse.numeroVoieEtablissement,
    adresse.indiceRepetitionEtablissement,
    adresse.typeVoieEtablissement,
    adresse.libelleVoieEtablissement,
  ]
    .map(texte)
    .filter(Boolean)
    .join(" ");
  return {
    siret: source.siret,
    nomInsee:
      texte(periode.enseigne1Etablissement) ??
      texte(source.enseigne1Etablissement) ??
      texte(periode.denominationUsuelleEtablissement) ??
      texte(unite.denominationUniteLegale) ??
      (personne || source.siret),
    siege: source.etablissementSiege === true,
    adresse1: voie,
    adresse2: texte(adresse.complementAdresseEtablissement),
    codePostal: texte(adresse.codePostalEtablissement) ?? "",
    ville: texte(adresse.libelleCommuneEtablissement) ?? "",
    codeCommune: texte(adresse.codeCommuneEtablissement),
    actif: periode.etatAdministratifEtablissement !== "F",
  };
}

/** The registry over the Sirene API described by `options`. */
export function registreSirene(options: OptionsSirene): RegistreEntreprises {
  const base = options.url.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    async etablissementsDeSiren(siren) {
      const adresse = `${base}/siret?q=${encodeURIComponent(`siren:${siren}`)}&nombre=${NOMBRE_MAX}`;
      const entetes: Record<string, string> = { Accept: "application/json" };
      if (options.token) {
        entetes["X-INSEE-Api-Key-Integration"] = options.token;
        entetes.Authorization = `Bearer ${options.token}`;
      }
      let reponse: Response;
      try {
        reponse = await fetch(adresse, {
          headers: entetes,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (erreur) {
        throw new ErreurRegistre(undefined, erreur);
      }
      // No establishment matches the query: Sirene's "Aucun élément trouvé".
      if (reponse.status === 404) {
        await reponse.body?.cancel();
        return [];
      }
      if (!reponse.ok) {
        await reponse.body?.cancel();
        throw new ErreurRegistre(undefined, new Error(`Sirene HTTP ${reponse.status}`));
      }
      let corps: { etablissements?: EtablissementSirene[] };
      try {
        corps = (await reponse.json()) as { etablissements?: EtablissementSirene[] };
      } catch (erreur) {
        throw new ErreurRegistre(undefined, erreur);
      }
      if (!corps || !Array.isArray(corps.etablissements))
        throw new ErreurRegistre(undefined, new Error("Réponse Sirene sans `etablissements`"));
      return trierEtablissements(
        corps.etablissements
          .map(versEtablissementRegistre)
          .filter((e): e is EtablissementDuRegistre => e !== null),
      );
    },
  };
}
