/**
 * Requêtes malformées à grande échelle: a fuzzer fed by
 * /api/openapi.json sends, for every operation and every identity (anonymous,
 * a forged token, each business role, another applicant), requests that
 * break their declaration (wrong types, missing or unknown fields, huge
 * strings, unicode, negative or huge numbers, forged and foreign ids, path
 * parameters of the wrong shape, unreadable JSON, wrong Content-Type,
 * oversized bodies, unknown query parameters, forged `order[…]`), built by
 * fast-check from a seed: the same seed gives the same requests.
 *
 * Two checks on every answer: its status is below 500, and a refused request
 * (status ≥ 400) wrote nothing. Writes are counted by row triggers installed
 * in the throw-away database of the run (table `fuzz_ecritures`, one counter
 * per table), read before and after each request; requests go one at a time
 * and the portal runs no jobs, so a change between the two reads is the
 * request's own.
 *
 * `npm run fiabilite:fuzz [-- --requetes 10000 --graine 18]`: a test portal on
 * PGlite (on PostgreSQL when DATABASE_URL is set), counts per status family
 * and per operation; exit code 1 on any answer ≥ 500 or any write by a
 * refused request. tests/api/requetes-malformees.test.ts runs a short run in
 * the suite.
 */
import fc from "fast-check";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Database } from "../../api/db/client.ts";
import {
  ACTIONS_AGREMENT,
  ACTIONS_COMPTE,
  ACTIONS_DEMANDE,
  ACTIONS_DEMANDE_SECONDAIRES,
  ACTIONS_EXTENSION_PERIMETRE,
  CODES_TYPE_PJ,
  ETATS_DEMANDE,
  VALEURS_AVIS,
} from "../../contract/etats.ts";
import { QUALITES } from "../../contract/qualites.ts";
import type { Role } from "../../contract/roles.ts";
import { creerDemandeDeposable } from "../../tests/helpers/demande-api.ts";
import { fabriqueDemandeurs } from "../../tests/helpers/demandeur-en-base.ts";
import {
  MOT_DE_PASSE_DEMO,
  contexteInstruction,
  nouvelleDemandeEnEtat,
} from "../../tests/helpers/instruction-api.ts";
import { loginAs } from "../../tests/helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../../tests/helpers/portal.ts";

// ── Identities ───────────────────────────────────────────────────────────────

/** Who calls: nobody, a forged token, each business role, and a second applicant. */
export const IDENTITES = [
  "anonyme",
  "jeton_forge",
  "demandeur",
  "autre_demandeur",
  "instructeur",
  "superviseur",
  "crhh",
  "mar_admin",
  "anah_centrale",
  "admin_fonctionnel",
] as const;
export type Identite = (typeof IDENTITES)[number];

/** The demo account (README) of each business role. */
const COMPTES_DEMO: Record<Role, string> = {
  mar_admin: "mar-admin@demo.anah.gouv.fr",
  anah_centrale: "centrale@demo.anah.gouv.fr",
  crhh: "crhh@demo.anah.gouv.fr",
  instructeur: "instructeur@demo.anah.gouv.fr",
  superviseur: "superviseur@demo.anah.gouv.fr",
  admin_fonctionnel: "admin-fonctionnel@demo.anah.gouv.fr",
  demandeur: "demandeur@demo.anah.gouv.fr",
};

/** A well-formed JWT signed by nobody the portal trusts. */
const JETON_FORGE =
  "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJmdXp6Iiwicm9sZXMiOlsiYWRtaW5fZm9uY3Rpb25uZWwiXX0.c2lnbmF0dXJl";

// ── The ground: tokens, data, write counters ─────────────────────────────────

/** What the fuzzer needs from a running portal. */
export interface Terrain {
  baseUrl: string;
  database: Database;
  /** Bearer token by identity (none for `anonyme`). */
  jetons: Partial<Record<Identite, string>>;
  /** Ids that exist (requests, attachments, approvals, accounts…), of every owner. */
  identifiants: string[];
  /** Ids of the applicants' own rows (requests, approvals, attachments), so that the rules behind the access checks are reached too. */
  aSoi: Partial<Record<Identite, string[]>>;
  /** Signs every identity in again, between two requests. */
  renouveler(): Promise<void>;
}

/**
 * Signs every identity in, gives the demo applicant an approved request
 * (approval, attestation, history, attachments) and a second applicant a
 * draft of his own, so that forged ids hit real rows of someone else; then
 * installs the write counters. Call once per portal.
 */
export async function preparerTerrain(portal: TestPortal): Promise<Terrain> {
  const { baseUrl, database } = portal;
  const jetons: Partial<Record<Identite, string>> = { jeton_forge: JETON_FORGE };
  const autre = await fabriqueDemandeurs(() => portal, {
    marque: `Fuzz${process.pid}`,
    prefixeSiren: "9",
    motDePasse: MOT_DE_PASSE_DEMO,
  })();
  const comptes: [Identite, string][] = [
    ...(Object.entries(COMPTES_DEMO) as [Role, string][]),
    ["autre_demandeur", autre.email],
  ];
  /** Signs every account in again (access tokens live 5 minutes; a long run outlives them). */
  const renouveler = async () => {
    for (const [identite, email] of comptes)
      jetons[identite] = (await loginAs(baseUrl, email, MOT_DE_PASSE_DEMO)).accessToken;
    // The first authenticated call may refresh the user's row from the token: done before counting.
    for (const jeton of Object.values(jetons))
      await fetch(`${baseUrl}/api/user/account`, { headers: { Authorization: `Bearer ${jeton}` } });
  };
  await renouveler();

  const ctx = await contexteInstruction(baseUrl, jetons.demandeur!);
  await nouvelleDemandeEnEtat(ctx, "agree");
  await creerDemandeDeposable(baseUrl, autre.token);

  // Ten rows at most per table, so that each kind of id is picked as often.
  const identifiants: string[] = [];
  for (const table of [
    "demande",
    "piece_jointe",
    "agrement",
    "utilisateur",
    "procedure_agrement",
    "etablissement",
    "bandeau_informatif",
    "historique_export_etablissement",
  ]) {
    const lignes = await database.query<{ id: unknown }>(
      `select id from "${table}" order by id limit 10`,
    );
    identifiants.push(...lignes.map((ligne) => String(ligne.id)));
  }
  const aSoi: Partial<Record<Identite, string[]>> = {};
  for (const [identite, email] of [
    ["demandeur", COMPTES_DEMO.demandeur],
    ["autre_demandeur", autre.email],
  ] as const) {
    const lignes = await database.query<{ id: string }>(
      `select d.id::text as id from demande d join utilisateur u on u.societe_id = d.societe_id
         where u.email = $1
       union all
       select a.id::text from agrement a join utilisateur u on u.societe_id = a.societe_id
         where u.email = $1
       union all
       select p.id::text from piece_jointe p
         join demande d on d.id = p.ressource_id
         join utilisateur u on u.societe_id = d.societe_id
         where u.email = $1`,
      [email],
    );
    aSoi[identite] = lignes.map((ligne) => ligne.id);
  }
  await installerCompteurs(database);
  return { baseUrl, database, jetons, identifiants, aSoi, renouveler };
}

/**
 * Row triggers counting inserts, updates and deletes per table of the public
 * schema into `fuzz_ecritures` (the run's throw-away database only). A
 * rolled-back write rolls its count back too.
 */
export async function installerCompteurs(database: Database): Promise<void> {
  await database.query(
    "create table if not exists fuzz_ecritures (nom text primary key, n bigint not null)",
  );
  await database.query(`create or replace function fuzz_compter() returns trigger
    language plpgsql as $$
    begin
      insert into fuzz_ecritures as e (nom, n) values (TG_TABLE_NAME, 1)
        on conflict (nom) do update set n = e.n + 1;
      return null;
    end $$`);
  const tables = await database.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_ecritures'",
  );
  for (const { tablename } of tables)
    await database.query(
      `create or replace trigger fuzz_compter after insert or update or delete on "${tablename}"
       for each row execute function fuzz_compter()`,
    );
}

/**
 * Tables a refused request may write by design: the per-IP counters of the
 * public endpoints count refused attempts too (ADR 0013,
 * api/domain/limites-publiques.ts), else a flood of bad requests would be free.
 */
const ECRITURES_ATTENDUES = new Set(["compteur_limite"]);

/** Writes counted so far, by table. */
export async function ecritures(database: Database): Promise<Map<string, number>> {
  const lignes = await database.query<{ nom: string; n: string | number }>(
    "select nom, n from fuzz_ecritures",
  );
  return new Map(lignes.map(({ nom, n }) => [nom, Number(n)]));
}

/** Tables whose counter moved between `avant` and `apres`, expected ones aside. */
export function tablesModifiees(avant: Map<string, number>, apres: Map<string, number>): string[] {
  return [...apres]
    .filter(([nom, n]) => !ECRITURES_ATTENDUES.has(nom) && n !== (avant.get(nom) ?? 0))
    .map(([nom]) => nom)
    .sort();
}

// ── The operations, as the OpenAPI document says ─────────────────────────────

/** The part of JSON Schema the document uses. */
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
}

export interface DocumentOpenApi {
  paths: Record<string, Record<string, OperationOpenApi>>;
  components?: { schemas?: Record<string, Schema> };
}

interface OperationOpenApi {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

/** One operation, schemas resolved. */
export interface Operation {
  /** `GET /agrement/{id}`. */
  cle: string;
  methode: string;
  chemin: string;
  chemins: { nom: string; schema: Schema }[];
  requetes: { nom: string; schema: Schema; requis: boolean }[];
  /** Declared body by media type. */
  corps: Record<string, Schema>;
}

/** Replaces `$ref`s by their component (the document has no recursive schema). */
function resoudre(schema: Schema | undefined, document: DocumentOpenApi, profondeur = 0): Schema {
  if (!schema || profondeur > 20) return {};
  if (schema.$ref) {
    const nom = schema.$ref.replace("#/components/schemas/", "");
    return resoudre(document.components?.schemas?.[nom], document, profondeur + 1);
  }
  const suite = (s: Schema | undefined) => resoudre(s, document, profondeur + 1);
  return {
    ...schema,
    properties: schema.properties
      ? Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, suite(s)]))
      : undefined,
    items: schema.items ? suite(schema.items) : undefined,
    anyOf: schema.anyOf?.map(suite),
    oneOf: schema.oneOf?.map(suite),
    allOf: schema.allOf?.map(suite),
  };
}

/** The operations of `document`, in its order. */
export function lireOperations(document: DocumentOpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [chemin, parMethode] of Object.entries(document.paths))
    for (const [methode, operation] of Object.entries(parMethode)) {
      const parametres = operation.parameters ?? [];
      operations.push({
        cle: `${methode.toUpperCase()} ${chemin}`,
        methode: methode.toUpperCase(),
        chemin,
        chemins: parametres
          .filter((p) => p.in === "path")
          .map((p) => ({ nom: p.name, schema: resoudre(p.schema, document) })),
        requetes: parametres
          .filter((p) => p.in === "query")
          .map((p) => ({
            nom: p.name,
            schema: resoudre(p.schema, document),
            requis: p.required === true,
          })),
        corps: Object.fromEntries(
          Object.entries(operation.requestBody?.content ?? {}).map(([type, contenu]) => [
            type,
            resoudre(contenu.schema, document),
          ]),
        ),
      });
    }
  return operations;
}

// ── Values ───────────────────────────────────────────────────────────────────

/** Words of the domain, so that some values reach the rules behind the declarations. */
const VOCABULAIRE: readonly string[] = [
  ...ACTIONS_DEMANDE,
  ...ACTIONS_DEMANDE_SECONDAIRES,
  ...ACTIONS_AGREMENT,
  ...ACTIONS_EXTENSION_PERIMETRE,
  ...ACTIONS_COMPTE,
  ...CODES_TYPE_PJ,
  ...VALEURS_AVIS,
  ...ETATS_DEMANDE,
  ...QUALITES.map((qualite) => qualite.code),
  "asc",
  "desc",
  "true",
  "false",
  "on",
  "75",
  "11",
  "75056",
  "75011",
  "2026",
  "2026-01-31",
  "31/01/2026",
  "2026-12-01T08:00",
  "demande",
  "changement-notable",
].filter((mot): mot is string => typeof mot === "string");

/** Strings that broke parsers elsewhere: numbers out of range, dates that do not exist, injections. */
const CHAINES_PIEGES = [
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "-0",
  "1.5",
  "1e309",
  "-1e309",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "99999999999999999999999999",
  "0x1F",
  "１２３",
  "2026-02-30",
  "2026-13-45T25:61",
  "0000-00-00",
  "9999-12-31",
  "31/12/99999",
  "-271821-04-20",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "not-a-uuid",
  "../../etc/passwd",
  "'; drop table demande; --",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "toString",
  "\uD800",
  "\uFFFF",
  "é\u0301",
  "𝕏👩‍👩‍👧",
  "\u202Eevil",
  "a".repeat(300),
];

const nombrePiege = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, 0.1),
);

const chaineUnicode = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** A huge string: 10 000 to 200 000 characters. */
const chaineEnorme = fc
  .tuple(fc.constantFrom("a", "é", "𝕏", "0", "%"), fc.constantFrom(10_000, 50_000, 200_000))
  .map(([motif, longueur]) => motif.repeat(longueur / motif.length));

/** A string a client should not send, of any kind. */
const chaineMalformee: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...CHAINES_PIEGES) },
  { weight: 3, arbitrary: chaineUnicode },
  { weight: 2, arbitrary: nombrePiege.map(String) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...VOCABULAIRE) },
);

/** A JSON value of a wrong type, from scalars to deep nesting. */
const valeurMalformee: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: chaineMalformee },
  { weight: 2, arbitrary: nombrePiege },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(chaineMalformee, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(chaineMalformee, chaineMalformee, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 20, max: 2000 })
      .map((n) => JSON.parse("[".repeat(n) + "]".repeat(n))),
  },
);

/** A value that fits `schema` (with known ids and words of the domain for plain strings). */
function valeurConforme(schema: Schema, identifiants: readonly string[]): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variantes = schema.anyOf ?? schema.oneOf;
  if (variantes?.length) return fc.oneof(...variantes.map((s) => valeurConforme(s, identifiants)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
      return fc.integer({ min: 0, max: 3000 });
    case "number":
      return fc.oneof(
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
      );
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(valeurConforme(schema.items ?? {}, identifiants), { maxLength: 3 });
    case "object": {
      if (schema.properties) return objetConforme(schema, identifiants);
      return fc.dictionary(
        fc.constantFrom(...VOCABULAIRE),
        valeurConforme(
          typeof schema.additionalProperties === "object" ? schema.additionalProperties : {},
          identifiants,
        ),
        { maxKeys: 2 },
      );
    }
    default: {
      // Any string fits a string: traps and unicode too, for the rules behind the declaration.
      const choix: fc.Arbitrary<string>[] = [
        fc.constantFrom(...VOCABULAIRE),
        fc.string({ maxLength: 12 }),
        chaineMalformee,
      ];
      if (schema.pattern) choix.push(fc.stringMatching(new RegExp(schema.pattern)));
      if (identifiants.length) choix.push(fc.constantFrom(...identifiants));
      return fc.oneof(...choix);
    }
  }
}

/** An object of `schema`: required fields always, optional ones sometimes. */
function objetConforme(
  schema: Schema,
  identifiants: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const proprietes = schema.properties ?? {};
  const requis = new Set(schema.required ?? []);
  return fc.record(
    Object.fromEntries(
      Object.entries(proprietes).map(([nom, s]) => [nom, valeurConforme(s, identifiants)]),
    ),
    { requiredKeys: [...requis].filter((nom) => nom in proprietes) },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

// ── Requests ─────────────────────────────────────────────────────────────────

/** A multipart part: a field, or a file of `octets`. */
type Partie =
  | { nom: string; valeur: string }
  | { nom: string; fichier: string; type: string; octets: Uint8Array };

/** One generated request, before it is sent. */
export interface RequeteFuzz {
  cle: string;
  methode: string;
  /** Path and query, under /api. */
  url: string;
  /** The faults the request carries (for the report). */
  sortes: string[];
  contentType?: string;
  corps?: string | Partie[];
}

/** A body and its Content-Type, with the faults it carries. */
interface CorpsFuzz {
  contentType: string;
  corps: string | Partie[];
  sortes: string[];
}

const encoder = new TextEncoder();

/** encodeURIComponent that takes lone surrogates too (sent as U+FFFD, as a browser does). */
const pourcent = (valeur: string) => encodeURIComponent(Buffer.from(valeur).toString());

/** Query pairs of `valeurs` as spec §7 sends them (lists `key[]`, maps `key[name]`). */
function paires(nom: string, valeur: unknown): [string, string][] {
  if (Array.isArray(valeur))
    return valeur.map((item) => [nom.endsWith("[]") ? nom : `${nom}[]`, texte(item)]);
  if (valeur && typeof valeur === "object")
    return Object.entries(valeur).flatMap(([cle, item]) => paires(`${nom}[${cle}]`, item));
  return [[nom, texte(valeur)]];
}

function texte(valeur: unknown): string {
  return typeof valeur === "string" ? valeur : (JSON.stringify(valeur) ?? "");
}

/** A form body (urlencoded) of `objet`, nested the way qs writes it. */
function formulaire(objet: unknown): string {
  if (!objet || typeof objet !== "object" || Array.isArray(objet))
    return new URLSearchParams({ valeur: texte(objet) }).toString();
  const params = new URLSearchParams();
  for (const [nom, valeur] of Object.entries(objet))
    for (const [cle, item] of paires(nom, valeur)) params.append(cle, item);
  return params.toString();
}

/** Forged `order[…]` pairs: unknown fields, bad directions, nesting, scalars. */
const ordreForge: fc.Arbitrary<[string, string][]> = fc.oneof(
  fc
    .tuple(chaineMalformee, fc.constantFrom("asc", "desc", "ASC", "sideways", "", "1"))
    .map(([champ, sens]): [string, string][] => [[`order[${champ}]`, sens]]),
  fc.constantFrom<[string, string][]>(
    [["order", "asc"]],
    [["order[]", "desc"]],
    [["order[dateDepot][]", "asc"]],
    [["order[dateDepot][x]", "asc"]],
    [["order[__proto__]", "asc"]],
    [["order[constructor][prototype]", "desc"]],
    [
      ["order[dateDepot]", "asc"],
      ["order[dateDepot]", "desc"],
    ],
    [["order[numeroDossier]", "asc; drop table demande"]],
    [
      ["order[raisonSociale]", "desc"],
      ["order[email]", "asc"],
      ["order[siren]", "asc"],
    ],
  ),
);

/**
 * Weights of a fault: a targeted request (`ciblee`) carries few, so that it
 * reaches the rules behind the declaration; a chaotic one many.
 */
const poids = (ciblee: boolean, siCiblee: number, sinon: number) => (ciblee ? siCiblee : sinon);

/** Query pairs with faults: wrong values, unknown names, repeated or nested keys. */
function requete(operation: Operation, identifiants: readonly string[], ciblee: boolean) {
  const champs = operation.requetes.map(({ nom, schema, requis }) =>
    fc
      .tuple(
        fc.oneof(
          {
            weight: poids(ciblee, 12, 3),
            arbitrary: valeurConforme(schema, identifiants).map((v) => ({ v, s: "" })),
          },
          {
            weight: 2,
            arbitrary: valeurMalformee.map((v) => ({ v, s: "valeur de requête malformée" })),
          },
          { weight: 1, arbitrary: chaineEnorme.map((v) => ({ v, s: "chaîne énorme" })) },
        ),
        fc.boolean(),
      )
      .map(([{ v, s }, present]): { paires: [string, string][]; sortes: string[] } => {
        if (!present && requis) return { paires: [], sortes: ["paramètre requis absent"] };
        if (!present) return { paires: [], sortes: [] };
        // `order` (a map) and `order[champ]` are sent as `order[champ]=…`.
        const base = nom.replace(/\[\]$/, "");
        const valeur = nom.endsWith("[]") && !Array.isArray(v) ? [v] : v;
        return { paires: paires(nom.endsWith("[]") ? nom : base, valeur), sortes: s ? [s] : [] };
      }),
  );
  const extra = fc.oneof(
    {
      weight: poids(ciblee, 12, 3),
      arbitrary: fc.constant({ paires: [] as [string, string][], sortes: [] as string[] }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(chaineMalformee, chaineMalformee).map(([nom, valeur]) => ({
        paires: [[nom || "x", valeur]] as [string, string][],
        sortes: ["paramètre inconnu"],
      })),
    },
    { weight: 1, arbitrary: ordreForge.map((p) => ({ paires: p, sortes: ["order forgé"] })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          ...(operation.requetes.length ? operation.requetes.map((r) => r.nom) : ["page"]),
        )
        .map((nom) => ({
          paires: [
            [nom, "1"],
            [nom, "2"],
            [`${nom.replace(/\[\]$/, "")}[0]`, "3"],
            [`${nom.replace(/\[\]$/, "")}[][]`, "4"],
          ] as [string, string][],
          sortes: ["paramètre répété ou imbriqué"],
        })),
    },
  );
  return fc.tuple(fc.tuple(...champs), extra).map(([liste, plus]) => ({
    paires: [...liste.flatMap((c) => c.paires), ...plus.paires],
    sortes: [...liste.flatMap((c) => c.sortes), ...plus.sortes],
  }));
}

/** A path parameter: fitting, a known id of anyone, a random UUID, or of the wrong shape. */
function parametreChemin(
  schema: Schema,
  identifiants: readonly string[],
  ciblee: boolean,
  aSoi: readonly string[],
) {
  return fc.oneof(
    ...(aSoi.length && !schema.enum
      ? [
          {
            weight: poids(ciblee, 6, 1),
            arbitrary: fc.constantFrom(...aSoi).map((v) => ({ v, s: "" })),
          },
        ]
      : []),
    {
      weight: poids(ciblee, 6, 3),
      arbitrary: valeurConforme(schema, identifiants).map((v) => ({ v: texte(v), s: "" })),
    },
    ...(identifiants.length
      ? [
          {
            weight: 3,
            arbitrary: fc
              .constantFrom(...identifiants)
              .map((v) => ({ v, s: "identifiant d'un autre" })),
          },
        ]
      : []),
    { weight: 2, arbitrary: fc.uuid().map((v) => ({ v: String(v), s: "uuid au hasard" })) },
    {
      weight: poids(ciblee, 1, 2),
      arbitrary: chaineMalformee.map((v) => ({ v, s: "paramètre de chemin de mauvaise forme" })),
    },
    {
      weight: poids(ciblee, 0, 1),
      arbitrary: chaineEnorme.map((v) => ({ v: v.slice(0, 5000), s: "chaîne énorme" })),
    },
  );
}

/** A body: the declared one with faults, or bytes that are not what they say. */
function corps(operation: Operation, identifiants: readonly string[], ciblee: boolean) {
  const types = Object.keys(operation.corps);
  const schemaDe = (type: string) => operation.corps[type] ?? {};
  const objet = (schema: Schema) =>
    fc
      .tuple(
        objetConforme(schema, identifiants),
        fc.array(
          fc.tuple(
            fc.constantFrom(
              ...Object.keys(schema.properties ?? { champ: {} }),
              "champInconnu",
              "__proto__",
            ),
            fc.oneof(
              {
                weight: 4,
                arbitrary: valeurMalformee.map((v) => ({ v, s: "champ d'un type faux" })),
              },
              { weight: 1, arbitrary: chaineEnorme.map((v) => ({ v, s: "chaîne énorme" })) },
              {
                weight: 1,
                arbitrary: fc.constant({ v: undefined as unknown, s: "champ supprimé" }),
              },
            ),
          ),
          { maxLength: ciblee ? 1 : 3 },
        ),
      )
      .map(([base, fautes]) => {
        const resultat: Record<string, unknown> = { ...base };
        const sortes: string[] = [];
        for (const [nom, { v, s }] of fautes) {
          if (v === undefined) delete resultat[nom];
          else
            Object.defineProperty(resultat, nom, {
              value: v,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          sortes.push(s);
        }
        return { objet: resultat, sortes };
      });

  const declare = types.length
    ? fc
        .constantFrom(...types)
        .chain((type) =>
          objet(schemaDe(type)).chain(({ objet: o, sortes }): fc.Arbitrary<CorpsFuzz> =>
            type === "multipart/form-data"
              ? multipart(o, sortes)
              : fc.constant(encoder_(type, o, sortes)),
          ),
        )
    : fc.constant(undefined);

  const brut = fc.oneof(
    fc
      .constantFrom(
        '{"a":',
        "{'a':1}",
        "[1,2",
        "nul",
        '{"a":1}}',
        "\u0000",
        '{"__proto__":{"x":1}}',
        "",
        "1",
        '"texte"',
        "[]",
        "null",
      )
      .map((texteBrut) => ({
        contentType: "application/json",
        corps: texteBrut,
        sortes: ["JSON illisible ou d'une autre forme"],
      })),
    fc
      .tuple(
        fc.constantFrom(
          "text/plain",
          "application/xml",
          "multipart/form-data",
          "application/x-www-form-urlencoded; charset=latin9",
          "application/json; charset=utf-7",
          "image/png",
        ),
        fc.constantFrom("<a/>", "a=1&b=2", '{"action":"DEPOSER"}', "\u00e9\u00e8", "--x\r\n"),
      )
      .map(([contentType, c]) => ({ contentType, corps: c, sortes: ["Content-Type faux"] })),
    fc.constantFrom("application/json", "application/x-www-form-urlencoded").map((contentType) => ({
      contentType,
      corps:
        contentType === "application/json"
          ? JSON.stringify({ message: "a".repeat(1_100_000) })
          : `message=${"a".repeat(40_000)}`,
      sortes: ["corps trop gros"],
    })),
  );

  return fc.oneof(
    { weight: types.length ? poids(ciblee, 12, 6) : 1, arbitrary: declare },
    { weight: 2, arbitrary: brut },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function encoder_(type: string, objet: Record<string, unknown>, sortes: string[]) {
  return type === "application/json"
    ? { contentType: type, corps: JSON.stringify(objet), sortes }
    : { contentType: type, corps: formulaire(objet), sortes };
}

/** A multipart body of `objet`'s fields and, sometimes, files that are not what they say. */
function multipart(objet: Record<string, unknown>, sortes: string[]) {
  const fichier = fc.oneof(
    fc
      .uint8Array({ maxLength: 64 })
      .map((octets) => ({ octets, type: "application/pdf", s: "fichier aux octets quelconques" })),
    fc.constant({
      octets: encoder.encode("%PDF-1.4\n%%EOF"),
      type: "application/pdf",
      s: "PDF tronqué",
    }),
    fc.constant({ octets: new Uint8Array(0), type: "application/pdf", s: "fichier vide" }),
    fc.constant({
      octets: encoder.encode("<html></html>"),
      type: "text/html",
      s: "type déclaré faux",
    }),
  );
  return fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.constantFrom("fichier", "fichier1", "fichier[]", "autre", ""),
          chaineUnicode,
          fichier,
        ),
        { maxLength: 2 },
      ),
    )
    .map(([fichiers]) => {
      const parties: Partie[] = [];
      for (const [nom, valeur] of Object.entries(objet))
        for (const [cle, item] of paires(nom, valeur)) parties.push({ nom: cle, valeur: item });
      for (const [nom, nomFichier, f] of fichiers)
        parties.push({ nom, fichier: nomFichier || "x.pdf", type: f.type, octets: f.octets });
      return {
        contentType: "multipart/form-data",
        corps: parties,
        sortes: [...sortes, ...fichiers.map(([, , f]) => f.s)],
      };
    });
}

/** The arbitrary of the requests of `operation`. */
export function requetesDe(
  operation: Operation,
  identifiants: readonly string[],
  aSoi: readonly string[] = [],
): fc.Arbitrary<RequeteFuzz> {
  return fc.oneof(
    requetesDensite(operation, identifiants, true, aSoi),
    requetesDensite(operation, identifiants, false, aSoi),
  );
}

function requetesDensite(
  operation: Operation,
  identifiants: readonly string[],
  ciblee: boolean,
  aSoi: readonly string[],
): fc.Arbitrary<RequeteFuzz> {
  const chemin = fc.tuple(
    ...operation.chemins.map(({ schema }) => parametreChemin(schema, identifiants, ciblee, aSoi)),
    ciblee ? fc.constant(true) : fc.constantFrom(true, true, true, false),
  );
  const avecCorps = operation.methode !== "GET" && operation.methode !== "DELETE";
  return fc
    .tuple(
      chemin,
      requete(operation, identifiants, ciblee),
      avecCorps ? corps(operation, identifiants, ciblee) : fc.constant(undefined),
    )
    .map(([valeursChemin, { paires: p, sortes }, b]) => {
      const encoder = valeursChemin.at(-1) as boolean;
      const valeurs = valeursChemin.slice(0, -1) as { v: string; s: string }[];
      let i = 0;
      // Sometimes a value goes raw into the path ("a/b", "%", "..") instead of as one segment.
      const url = operation.chemin.replace(/\{(\w+)\}/g, () => {
        const v = valeurs[i++].v;
        return encoder
          ? pourcent(v)
          : encodeURI(Buffer.from(v).toString()).replace(/\?/g, "%3F").replace(/#/g, "%23");
      });
      const query = p.map(([k, v]) => `${pourcent(k)}=${pourcent(v)}`).join("&");
      return {
        cle: operation.cle,
        methode: operation.methode,
        url: `${url}${query ? `?${query}` : ""}`,
        sortes: [
          ...valeurs.map((v) => v.s).filter(Boolean),
          ...(encoder ? [] : ["paramètre de chemin brut"]),
          ...sortes,
          ...(b?.sortes ?? []),
        ],
        contentType: b?.contentType,
        corps: b?.corps,
      };
    });
}

// ── Running ──────────────────────────────────────────────────────────────────

/** An answer ≥ 500, or a refused request that wrote: what is needed to replay it. */
export interface Incident {
  index: number;
  identite: Identite;
  cle: string;
  methode: string;
  url: string;
  sortes: string[];
  statut: number;
  /** The first 300 characters of the answer. */
  reponse: string;
  /** Tables written (for a refused request that wrote). */
  tables?: string[];
}

export interface Bilan {
  graine: number;
  requetes: number;
  /** Answers by status family: "2xx"… */
  parFamille: Record<string, number>;
  /** Answers by status: "400"… */
  parStatut: Record<string, number>;
  /** Answers by operation, then by status family. */
  parOperation: Record<string, Record<string, number>>;
  /** Requests per identity. */
  parIdentite: Record<string, Record<string, number>>;
  /** Faults sent (a request may carry several). */
  parSorte: Record<string, number>;
  reponses5xx: Incident[];
  ecrituresRefusees: Incident[];
}

/** Appends the multipart parts, or returns the body as fetch takes it. */
function corpsFetch(requete: RequeteFuzz): BodyInit | undefined {
  if (requete.corps === undefined) return undefined;
  if (typeof requete.corps === "string") return requete.corps;
  const form = new FormData();
  for (const partie of requete.corps)
    if ("fichier" in partie)
      form.append(
        partie.nom,
        new Blob([new Uint8Array(partie.octets)], { type: partie.type }),
        partie.fichier,
      );
    else form.append(partie.nom, partie.valeur);
  return form;
}

/**
 * Sends `nombre` requests generated from `document` with `graine`: request i
 * goes to operation i mod n as identity (i mod n + i div n) mod 10, so that each
 * round of n requests uses every identity and ten rounds every pair; the
 * faults of request i come from fast-check with seed `graine + i`.
 * `surRequete` sees each answer (progress).
 */
export async function fuzzer(
  terrain: Terrain,
  document: DocumentOpenApi,
  options: { graine: number; nombre: number; surRequete?: (index: number) => void },
): Promise<Bilan> {
  const operations = lireOperations(document);
  // One arbitrary per operation and identity (an applicant's own ids differ), built on first use.
  const arbitraires = new Map<string, fc.Arbitrary<RequeteFuzz>>();
  const bilan: Bilan = {
    graine: options.graine,
    requetes: 0,
    parFamille: {},
    parStatut: {},
    parOperation: {},
    parIdentite: {},
    parSorte: {},
    reponses5xx: [],
    ecrituresRefusees: [],
  };
  const plus = (compte: Record<string, number>, cle: string) => {
    compte[cle] = (compte[cle] ?? 0) + 1;
  };
  let connexion = Date.now();
  for (let index = 0; index < options.nombre; index += 1) {
    // Fresh tokens every three minutes, so that no 401 comes from their 5-minute life.
    if (Date.now() - connexion > 180_000) {
      await terrain.renouveler();
      connexion = Date.now();
    }
    const operation = operations[index % operations.length];
    // Round r gives operation i the identity i + r: every identity in each round, every pair in ten.
    const tour = Math.floor(index / operations.length);
    const identite = IDENTITES[((index % operations.length) + tour) % IDENTITES.length];
    const cle = `${identite} ${operation.cle}`;
    if (!arbitraires.has(cle))
      arbitraires.set(
        cle,
        requetesDe(operation, terrain.identifiants, terrain.aSoi[identite] ?? []),
      );
    const [requete] = fc.sample(arbitraires.get(cle)!, {
      seed: options.graine + index,
      numRuns: 1,
    });
    const headers: Record<string, string> = {};
    const jeton = terrain.jetons[identite];
    if (jeton) headers.Authorization = `Bearer ${jeton}`;
    // FormData sets its own multipart Content-Type, with the boundary.
    if (requete.contentType && !Array.isArray(requete.corps))
      headers["Content-Type"] = requete.contentType;

    const avant = await ecritures(terrain.database);
    let statut: number;
    let reponse: string;
    try {
      const answer = await fetch(`${terrain.baseUrl}/api${requete.url}`, {
        method: requete.methode,
        headers,
        body: corpsFetch(requete),
        redirect: "manual",
      });
      statut = answer.status;
      reponse = (await answer.text()).slice(0, 300);
    } catch (erreur) {
      // The connection dropped without an answer: as bad as a 500.
      statut = 599;
      reponse = `Pas de réponse : ${String((erreur as Error).cause ?? erreur)}`;
    }
    const apres = await ecritures(terrain.database);

    bilan.requetes += 1;
    const famille = `${Math.floor(statut / 100)}xx`;
    plus(bilan.parFamille, famille);
    plus(bilan.parStatut, String(statut));
    plus((bilan.parOperation[operation.cle] ??= {}), famille);
    plus((bilan.parIdentite[identite] ??= {}), famille);
    for (const sorte of new Set(requete.sortes)) plus(bilan.parSorte, sorte);
    const incident: Incident = {
      index,
      identite,
      cle: operation.cle,
      methode: requete.methode,
      url: requete.url.length > 300 ? `${requete.url.slice(0, 300)}…` : requete.url,
      sortes: requete.sortes,
      statut,
      reponse,
    };
    if (statut >= 500) bilan.reponses5xx.push(incident);
    const tables = tablesModifiees(avant, apres);
    if (statut >= 400 && tables.length) bilan.ecrituresRefusees.push({ ...incident, tables });
    options.surRequete?.(index);
  }
  return bilan;
}

/** The report of `bilan` as text (counts per family, per operation, incidents). */
export function rapport(bilan: Bilan): string {
  const familles = (compte: Record<string, number>) =>
    ["2xx", "3xx", "4xx", "5xx"].map((f) => String(compte[f] ?? 0).padStart(6)).join("");
  const lignes = [
    `Graine ${bilan.graine}, ${bilan.requetes} requêtes`,
    `Par famille : ${Object.entries(bilan.parFamille)
      .sort()
      .map(([f, n]) => `${f} ${n}`)
      .join(", ")}`,
    `Par statut : ${Object.entries(bilan.parStatut)
      .map(([f, n]) => `${f} ${n}`)
      .join(", ")}`,
    "",
    `${"Identité".padEnd(58)}   2xx   3xx   4xx   5xx`,
    ...Object.entries(bilan.parIdentite).map(
      ([identite, compte]) => `${identite.padEnd(58)}${familles(compte)}`,
    ),
    "",
    `Par défaut envoyé : ${Object.entries(bilan.parSorte)
      .sort(([, a], [, b]) => b - a)
      .map(([f, n]) => `${f} ${n}`)
      .join(", ")}`,
    "",
    `${"Opération".padEnd(58)}   2xx   3xx   4xx   5xx`,
    ...Object.entries(bilan.parOperation).map(
      ([cle, compte]) => `${cle.padEnd(58)}${familles(compte)}`,
    ),
    "",
    `Réponses ≥ 500 : ${bilan.reponses5xx.length}`,
    ...bilan.reponses5xx.map(
      (i) =>
        `  #${i.index} ${i.identite} ${i.methode} ${i.url} [${i.sortes.join(", ")}] → ${i.statut} ${i.reponse}`,
    ),
    `Écritures par une requête refusée : ${bilan.ecrituresRefusees.length}`,
    ...bilan.ecrituresRefusees.map(
      (i) =>
        `  #${i.index} ${i.identite} ${i.methode} ${i.url} → ${i.statut} (${i.tables?.join(", ")})`,
    ),
  ];
  return lignes.join("\n");
}

/**
 * Environment of the fuzzed portal: the public endpoints' rate limits raised
 * so that bad requests reach the handlers instead of the 429 of the limiter,
 * and the sign-in limits so that a long run may sign in again.
 */
export const ENV_FUZZ: Record<string, string> = {
  LOGIN_RATE_LIMIT_IP: "1000000",
  LOGIN_RATE_LIMIT_ACCOUNT: "1000000",
  SIGNUP_RATE_LIMIT_IP: "1000000",
  MAIL_RATE_LIMIT_ADDRESS: "1000000",
  CHECK_RATE_LIMIT_IP_MINUTE: "1000000",
  CHECK_RATE_LIMIT_IP_HOUR: "1000000",
  ANNUAIRE_RATE_LIMIT_IP_MINUTE: "1000000",
  ANNUAIRE_RATE_LIMIT_IP_HOUR: "1000000",
};

/** `npm run fiabilite:fuzz [-- --requetes N --graine G]`: exit code 1 on any incident. */
export async function principal(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      requetes: { type: "string", default: "10000" },
      graine: { type: "string", default: "18" },
    },
  });
  const nombre = Number(values.requetes);
  const graine = Number(values.graine);
  const base = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  const portal = await startTestPortal(ENV_FUZZ);
  try {
    const terrain = await preparerTerrain(portal);
    const document = (await (
      await fetch(`${portal.baseUrl}/api/openapi.json`)
    ).json()) as DocumentOpenApi;
    const debut = Date.now();
    const bilan = await fuzzer(terrain, document, {
      graine,
      nombre,
      surRequete: (index) => {
        if ((index + 1) % 1000 === 0) process.stderr.write(`${index + 1} requêtes…\n`);
      },
    });
    console.log(`Requêtes malformées sur ${base} (${Math.round((Date.now() - debut) / 1000)} s)`);
    console.log(rapport(bilan));
    return bilan.reponses5xx.length || bilan.ecrituresRefusees.length ? 1 : 0;
  } finally {
    await portal.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exit(await principal());
