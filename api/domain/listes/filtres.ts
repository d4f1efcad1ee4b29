/**
 * The filters of the instruction lists (spec §3 "Instruction dashboard",
 * §7 `GET /api/demandes`) as one SQL condition: OR within a filter, AND
 * across filters, inside the reader's visibility (DESIGN §4). Drafts are
 * never listed.
 */
import {
  and,
  eq,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { ETATS_BROUILLON_DEMANDE, type TypeDossier } from "../../../contract/etats.ts";
import { horizonExpireBientot } from "../../../contract/delais.ts";
import type { FiltresDemandes } from "../../../contract/schemas/listes.ts";
import { ETAPES_INSTRUCTION, etatsDeLEtape } from "../../../contract/statuts.ts";
import { normaliserRecherche } from "../../../contract/texte.ts";
import { demandes } from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { interdit } from "../erreurs.ts";
import { ETATS_DEPOSES_SANS_DECISION } from "../workflow.ts";
import { conditionMesDossiers, conditionVisibilite } from "./visibilite.ts";

const AUCUNE = sql`false`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Largest value of a PostgreSQL `integer` (service ids): beyond, nothing matches. */
const ENTIER_MAX = 2_147_483_647;
/** `instructeur[]` value meaning "not assigned". */
export const INSTRUCTEUR_AUCUN = "aucun";

/** `like` pattern matching `texte` anywhere, its wildcards taken literally. */
function contient(texte: string): string {
  return `%${texte.replace(/[%_\\]/g, (caractere) => `\\${caractere}`)}%`;
}

/**
 * Search of spec §7 `query`: case- and accent-insensitive on the file
 * number and the company name (their search columns, normalised by the
 * database as `normaliserRecherche` normalises the query); a query made of
 * digits and spaces also matches the SIREN with its spaces removed
 * ("832 915 474"). Trigram indexes serve the `like '%…%'`.
 */
function conditionRecherche(query: string): SQL {
  const terme = normaliserRecherche(query);
  const chiffres = query.replace(/\s/g, "");
  return (
    or(
      terme ? like(demandes.numeroDossierRecherche, contient(terme)) : undefined,
      terme ? like(demandes.raisonSocialeRecherche, contient(terme)) : undefined,
      /^\d+$/.test(chiffres) ? like(demandes.siren, contient(chiffres)) : undefined,
    ) ?? AUCUNE
  );
}

/** A list filter: no value = no condition; values that cannot match = nothing. */
function parmi<T>(valeurs: T[], condition: (valeurs: T[]) => SQL): SQL | undefined {
  return valeurs.length ? condition(valeurs) : undefined;
}

/**
 * Deposited, undecided files whose clock runs (not suspended): the base of
 * both deadline filters, as `estReputeRejete` / `estExpireBientot` of
 * api/domain/demandes/delais.ts decide for one row.
 */
const horlogeEnCours = () =>
  and(inArray(demandes.etat, [...ETATS_DEPOSES_SANS_DECISION]), isNull(demandes.suspenduDepuis))!;

/**
 * `reputesRejetes=true`: the last day of the clock is over in Europe/Paris
 * (`aujourdhui`, "AAAA-MM-JJ"), on approval requests only (a notable
 * change's silence means acceptance, as `estReputeRejete` says).
 */
export function conditionReputeRejete(aujourdhui: string): SQL {
  return and(
    eq(demandes.kind, "demande"),
    horlogeEnCours(),
    lt(demandes.dateLimiteInstruction, aujourdhui),
  )!;
}

/**
 * `expireBientot=true`: the clock ends today or within
 * JOURS_EXPIRE_BIENTOT calendar days (`horizonExpireBientot`, contract/delais.ts).
 */
export function conditionExpireBientot(aujourdhui: string): SQL {
  const seuil = horizonExpireBientot(aujourdhui);
  return and(
    horlogeEnCours(),
    gte(demandes.dateLimiteInstruction, aujourdhui),
    lte(demandes.dateLimiteInstruction, seuil),
  )!;
}

/**
 * The whole WHERE of a list or export of `kind` for `utilisateur` on the
 * Europe/Paris day `aujourdhui`: visibility, no drafts, "my files" when
 * asked (403 for a user who is neither instructeur nor superviseur), then
 * every filter of `filtres`. Unknown or malformed filter values match
 * nothing rather than fail.
 */
export function conditionListe(
  utilisateur: UtilisateurConnecte,
  kind: TypeDossier,
  filtres: FiltresDemandes,
  aujourdhui: string,
): SQL {
  let mesDossiers: SQL | undefined;
  if (filtres.mesDossiers) {
    mesDossiers = conditionMesDossiers(utilisateur);
    if (!mesDossiers) throw interdit();
  }
  const instructeurs = filtres.instructeur.filter((id) => UUID.test(id));
  const etapes = filtres.etape.filter((etape) => ETAPES_INSTRUCTION.includes(etape));
  const etatsEtapes = etapes.flatMap(etatsDeLEtape);
  return and(
    eq(demandes.kind, kind),
    notInArray(demandes.etat, [...ETATS_BROUILLON_DEMANDE]),
    conditionVisibilite(utilisateur),
    mesDossiers,
    parmi(
      filtres.instructeur,
      () =>
        or(
          instructeurs.length ? inArray(demandes.instructeurId, instructeurs) : undefined,
          filtres.instructeur.includes(INSTRUCTEUR_AUCUN)
            ? isNull(demandes.instructeurId)
            : undefined,
        ) ?? AUCUNE,
    ),
    parmi(filtres.servicesInstructeur, (ids) => {
      const valides = ids.filter((id) => id >= 1 && id <= ENTIER_MAX);
      return valides.length ? inArray(demandes.serviceInstructeurId, valides) : AUCUNE;
    }),
    parmi(filtres.etat as string[], (etats) => inArray(demandes.etat, etats)),
    parmi(filtres.etape, () => (etatsEtapes.length ? inArray(demandes.etat, etatsEtapes) : AUCUNE)),
    parmi(filtres.quality, (qualites) => inArray(demandes.qualite, qualites)),
    parmi(filtres.type, (types) => inArray(demandes.typeChangement, types)),
    parmi(filtres.departement, (codes) => inArray(demandes.codeDepartement, codes)),
    parmi(filtres.region, (codes) => inArray(demandes.codeRegion, codes)),
    filtres.reputesRejetes ? conditionReputeRejete(aujourdhui) : undefined,
    filtres.expireBientot ? conditionExpireBientot(aujourdhui) : undefined,
    filtres.query ? conditionRecherche(filtres.query) : undefined,
  )!;
}
