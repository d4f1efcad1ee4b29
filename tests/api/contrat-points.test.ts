/**
 * Every endpoint declared once: the routes
 * Express serves are the paths and methods of /api/openapi.json, and a
 * request that breaks its declaration (unknown query parameter, wrong
 * type, missing field, extra field in a strict body) is refused with 400
 * `{ detail, message }` before any handler runs: nothing changes in the
 * database. The bad requests are generated from the declarations of
 * contract/api, so that a new endpoint is covered by the same checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z, type AnyZodObject, type ZodTypeAny } from "zod";
import { POINTS_API } from "../../contract/api/index.ts";
import {
  MEDIA_TYPES,
  isList,
  isRequired,
  openApiPath,
  unwrap,
  type EndpointDeclaration,
} from "../../contract/api/endpoint.ts";
import type { Role } from "../../contract/roles.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const MOT_DE_PASSE = "Anah-Demo-2026!";
/** A demo account (README) for each business role. */
const COMPTES: Record<Role, string> = {
  mar_admin: "mar-admin@demo.anah.gouv.fr",
  anah_centrale: "centrale@demo.anah.gouv.fr",
  crhh: "crhh@demo.anah.gouv.fr",
  instructeur: "instructeur@demo.anah.gouv.fr",
  superviseur: "superviseur@demo.anah.gouv.fr",
  admin_fonctionnel: "admin-fonctionnel@demo.anah.gouv.fr",
  demandeur: "demandeur@demo.anah.gouv.fr",
};
/**
 * Path parameter values that fit the declarations (the bad query or body
 * is refused before the resource is looked up, so any fitting value does).
 */
const VALEURS_PARAMS: Record<string, string> = {
  field: "siren",
  value: "832915474",
  id: "00000000-0000-4000-8000-000000000000",
  kind: "demande",
  type: "demande",
  fileId: "00000000-0000-4000-8000-000000000001",
  etablissementId: "00000000-0000-4000-8000-000000000002",
  annee: "2025",
  bandeauId: "1",
  fonctionnalite: "creation_demande",
  action: "SUPPRIMER_COMPTE",
};

let portal: TestPortal;
const jetons = new Map<Role, string>();

beforeAll(async () => {
  portal = await startTestPortal();
  for (const role of rolesUtiles()) {
    const jeton = (await loginAs(portal.baseUrl, COMPTES[role], MOT_DE_PASSE)).accessToken;
    jetons.set(role, jeton);
    // The first authenticated call may refresh the user's row from the token: done before any snapshot.
    await fetch(`${portal.baseUrl}/api/user/account`, {
      headers: { Authorization: `Bearer ${jeton}` },
    });
  }
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

// ── Declarations → requests ──────────────────────────────────────────────────

/** The role whose demo account calls `point`; none for a public endpoint. */
function roleDe(point: EndpointDeclaration): Role | undefined {
  if (point.access === "public") return undefined;
  if (point.access === "authenticated") return "demandeur";
  return point.access[0];
}

function rolesUtiles(): Role[] {
  return [...new Set(POINTS_API.map(roleDe).filter((role) => role !== undefined))];
}

/** `point`'s path with fitting parameter values. */
function chemin(point: EndpointDeclaration): string {
  return point.path.replace(/:(\w+)/g, (_tout, nom: string) => {
    const valeur = VALEURS_PARAMS[nom];
    if (valeur === undefined) throw new Error(`Ajoutez une valeur de « ${nom} » à VALEURS_PARAMS`);
    return encodeURIComponent(valeur);
  });
}

/** A value of the wire type `schema` (what a well-behaved client sends). */
function exemple(schema: ZodTypeAny): unknown {
  const type = unwrap(schema);
  if (type instanceof z.ZodString) return "texte";
  if (type instanceof z.ZodBoolean) return true;
  if (type instanceof z.ZodNumber) return 1;
  if (type instanceof z.ZodEnum) return type.options[0];
  if (type instanceof z.ZodLiteral) return type.value;
  if (type instanceof z.ZodArray) return [exemple(type.element)];
  if (type instanceof z.ZodUnion) return exemple(type.options[0]);
  if (type instanceof z.ZodObject) return exempleObjet(type);
  // A map such as `order[champ]=asc`: one entry.
  if (type instanceof z.ZodRecord) return { champ: exemple(type._def.valueType) };
  throw new Error(`Pas d'exemple pour ${type.constructor.name}`);
}

function exempleObjet(schema: AnyZodObject): Record<string, unknown> {
  const shape: Record<string, ZodTypeAny> = schema.shape;
  return Object.fromEntries(Object.entries(shape).map(([nom, champ]) => [nom, exemple(champ)]));
}

/**
 * A query string of `valeurs` as spec §7 sends it (lists as repeated
 * `key[]`, maps as `key[name]=value`).
 */
function queryString(query: AnyZodObject | undefined, valeurs: Record<string, unknown>): string {
  const shape: Record<string, ZodTypeAny> = query?.shape ?? {};
  const params = new URLSearchParams();
  for (const [nom, valeur] of Object.entries(valeurs)) {
    const liste = Object.hasOwn(shape, nom) && isList(shape[nom]);
    if (valeur && typeof valeur === "object" && !Array.isArray(valeur)) {
      for (const [cle, item] of Object.entries(valeur))
        params.append(`${nom}[${cle}]`, String(item));
      continue;
    }
    for (const item of Array.isArray(valeur) ? valeur : [valeur])
      params.append(liste ? `${nom}[]` : nom, String(item));
  }
  return params.size ? `?${params}` : "";
}

interface Appel {
  point: EndpointDeclaration;
  query?: string;
  corps?: Record<string, unknown>;
}

async function appeler({ point, query = "", corps }: Appel) {
  const role = roleDe(point);
  const headers: Record<string, string> = role
    ? { Authorization: `Bearer ${jetons.get(role)}` }
    : {};
  let body: string | undefined;
  if (corps) {
    const json = point.body!.formats.includes("json");
    headers["Content-Type"] = json ? MEDIA_TYPES.json : MEDIA_TYPES.form;
    body = json ? JSON.stringify(corps) : queryString(point.body!.schema, corps).slice(1);
  }
  const reponse = await fetch(`${portal.baseUrl}/api${chemin(point)}${query}`, {
    method: point.method.toUpperCase(),
    headers,
    body,
  });
  // Exports and downloads answer CSV, ZIP or bytes: only JSON is read.
  const type = reponse.headers.get("content-type") ?? "";
  const estJson = type.startsWith("application/json");
  const lu = estJson ? ((await reponse.json()) as Record<string, unknown>) : {};
  if (!estJson) await reponse.arrayBuffer();
  return { status: reponse.status, type, corps: lu };
}

/** A fingerprint of every row of every table of the portal's schema. */
async function empreinteBase(): Promise<Record<string, string>> {
  const tables = await portal.database.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const empreinte: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [{ h }] = await portal.database.query<{ h: string }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${tablename}" t`,
    );
    empreinte[tablename] = h;
  }
  return empreinte;
}

/** One request that breaks `point`'s declaration, and the French text its 400 must say. */
interface Violation {
  nom: string;
  appel: Appel;
  detail: string | RegExp;
}

/** A detail that starts with the name of field `nom`. */
const debutDe = (nom: string) => new RegExp(`^${nom.replace(/[[\]]/g, "\\$&")} : `);

/** The bad requests of `point`, one per kind of violation its declaration allows. */
function violations(point: EndpointDeclaration): Violation[] {
  const id = `${point.method.toUpperCase()} ${point.path}`;
  const query: Record<string, unknown> = point.query ? exempleObjet(point.query) : {};
  const corps = point.body ? exempleObjet(point.body.schema) : undefined;
  const base = { point, corps };
  const liste: Violation[] = [
    {
      nom: `${id} : paramètre de requête inconnu`,
      appel: { ...base, query: queryString(point.query, { ...query, parametreInconnu: "1" }) },
      detail: "Paramètre inconnu : « parametreInconnu ».",
    },
  ];
  const champsQuery: [string, ZodTypeAny][] = Object.entries(point.query?.shape ?? {});
  for (const [nom, champ] of champsQuery) {
    if (!isList(champ))
      liste.push({
        nom: `${id} : paramètre « ${nom} » répété (une liste pour une valeur)`,
        appel: { ...base, query: queryString(point.query, { ...query, [nom]: ["a", "b"] }) },
        detail: debutDe(nom),
      });
    if (isRequired(champ)) {
      const { [nom]: _absent, ...reste } = query;
      liste.push({
        nom: `${id} : paramètre obligatoire « ${nom} » absent`,
        appel: { ...base, query: queryString(point.query, reste) },
        detail: `${nom} : Ce champ est requis`,
      });
    }
  }
  if (point.body && corps) {
    const champsCorps: [string, ZodTypeAny][] = Object.entries(point.body.schema.shape);
    for (const [nom, champ] of champsCorps) {
      liste.push({
        nom: `${id} : champ « ${nom} » d'un type faux (un objet)`,
        appel: {
          point,
          query: queryString(point.query, query),
          corps: { ...corps, [nom]: { a: 1 } },
        },
        detail: debutDe(nom),
      });
      if (isRequired(champ)) {
        const { [nom]: _absent, ...reste } = corps;
        liste.push({
          nom: `${id} : champ obligatoire « ${nom} » absent`,
          appel: { point, query: queryString(point.query, query), corps: reste },
          detail: `${nom} : Ce champ est requis`,
        });
      }
    }
    if (point.body.schema._def.unknownKeys === "strict")
      liste.push({
        nom: `${id} : champ en trop dans un corps strict`,
        appel: {
          point,
          query: queryString(point.query, query),
          corps: { ...corps, champEnTrop: "x" },
        },
        detail: "Champ inconnu : « champEnTrop ».",
      });
  }
  return liste;
}

// ── (a) Served routes = documented operations ────────────────────────────────

type Couche = {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: unknown;
};

/** "METHOD /path" of every route of the API router (Express path syntax). */
function routesServies(): string[] {
  const app = portal.app as unknown as { router: { stack: Couche[] } };
  const sousPile = (couche: Couche) => (couche.handle as { stack?: Couche[] } | undefined)?.stack;
  const api = app.router.stack.find((couche) =>
    (sousPile(couche) ?? []).some((c) => c.route?.path === "/openapi.json"),
  );
  const routes: string[] = [];
  const parcourir = (pile: Couche[]) => {
    for (const couche of pile) {
      if (couche.route && typeof couche.route.path === "string") {
        for (const [methode, active] of Object.entries(couche.route.methods))
          if (active && methode !== "_all")
            routes.push(`${methode.toUpperCase()} ${couche.route.path}`);
      } else {
        const sous = sousPile(couche);
        if (sous) parcourir(sous);
      }
    }
  };
  parcourir(sousPile(api!)!);
  return routes;
}

/** "METHOD /path" of every operation of /api/openapi.json, back in Express syntax. */
async function operationsDocumentees(): Promise<string[]> {
  const reponse = await fetch(`${portal.baseUrl}/api/openapi.json`);
  const document = (await reponse.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([chemin, operations]) =>
    Object.keys(operations).map(
      (methode) => `${methode.toUpperCase()} ${chemin.replace(/\{(\w+)\}/g, ":$1")}`,
    ),
  );
}

describe("chaque point d'API déclaré une fois", () => {
  it("les routes servies par Express sont les opérations de /api/openapi.json", async () => {
    const servies = routesServies();
    const documentees = await operationsDocumentees();
    // Each route once: two registrations of one path would hide the second.
    expect(servies.length).toBe(new Set(servies).size);
    expect(documentees.length).toBe(new Set(documentees).size);
    expect([...servies].sort()).toEqual([...documentees].sort());
    expect(documentees.length).toBeGreaterThanOrEqual(49);
  });

  it("le document dit pour chaque point qui peut l'appeler et ce qu'il répond à une mauvaise entrée", async () => {
    const document = (await (await fetch(`${portal.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, unknown> };
    };
    const operation = (methode: string, chemin: string) => document.paths[chemin][methode];
    expect(operation("get", "/regions").security).toEqual([]);
    expect(operation("get", "/user/account").security).toEqual([{ bearer: [] }]);
    expect(operation("get", "/user/accounts")["x-roles"]).toEqual(["admin_fonctionnel"]);
    expect(Object.keys(operation("get", "/user/accounts").responses as object)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "422"]),
    );
    expect(operation("get", "/agrement/{id}").parameters).toContainEqual(
      expect.objectContaining({ name: "id", in: "path", required: true }),
    );
    // Lists as repeated key[] (spec §7).
    expect(operation("get", "/intervenants").parameters).toContainEqual(
      expect.objectContaining({ name: "servicesInstructeur[]", in: "query" }),
    );
    expect(
      Object.keys(
        (operation("post", "/candidate/create").requestBody as { content: object }).content,
      ),
    ).toEqual(["application/json", "application/x-www-form-urlencoded"]);
    for (const nom of ["ErreurEntree", "ErreurValidation", "MessageErreur", "Agrement", "Commune"])
      expect(document.components.schemas).toHaveProperty(nom);
  });

  it("chaque point déclaré a un chemin, des paramètres et une réponse cohérents", () => {
    for (const point of POINTS_API) {
      const id = `${point.method} ${point.path}`;
      expect(point.path, id).toMatch(/^\//);
      expect(openApiPath(point.path), id).not.toContain(":");
      expect(Object.keys(point.responses).length, id).toBeGreaterThan(0);
      if (point.body) expect(point.body.formats.length, id).toBeGreaterThan(0);
    }
  });
});

// ── (b) Bad input, generated from the declarations ───────────────────────────

describe("mauvaise entrée : 400 { detail, message } avant tout gestionnaire", () => {
  const cas = POINTS_API.flatMap(violations);
  let avant: Record<string, string>;

  beforeAll(async () => {
    avant = await empreinteBase();
  });

  it("les déclarations donnent au moins un cas de chaque sorte", () => {
    for (const sorte of [
      "paramètre de requête inconnu",
      "répété",
      "paramètre obligatoire",
      "d'un type faux",
      "champ obligatoire",
      "champ en trop",
    ])
      expect(
        cas.some((violation) => violation.nom.includes(sorte)),
        sorte,
      ).toBe(true);
  });

  it.each(cas.map((violation) => [violation.nom, violation] as const))(
    "%s → 400",
    async (_nom, { appel, detail }) => {
      const { status, corps } = await appeler(appel);
      expect(status).toBe(400);
      expect(Object.keys(corps).sort()).toEqual(["detail", "message"]);
      expect(corps.message).toBe(corps.detail);
      if (typeof detail === "string") expect(String(corps.detail).split("\n")).toContain(detail);
      else expect(String(corps.detail)).toMatch(detail);
    },
  );

  it("aucune de ces requêtes n'a rien écrit en base", async () => {
    expect(await empreinteBase()).toEqual(avant);
  });

  it("la même requête, bien formée, reçoit une réponse que sa déclaration prévoit, sous la forme déclarée", async () => {
    // The examples are valid as sent: what refused them above is the violation alone.
    for (const point of POINTS_API.filter((p) => p.method === "get")) {
      const query = point.query ? queryString(point.query, exempleObjet(point.query)) : "";
      const id = `${point.method} ${point.path}${query}`;
      const { status, type, corps } = await appeler({ point, query });
      expect(status, id).not.toBe(400);
      // A declared 500 (a stored file found altered) cannot arise here, where no file is read.
      expect(status, id).toBeLessThan(500);
      const declaree = point.responses[status];
      expect(declaree, `${id} : ${status} n'est pas une réponse déclarée`).toBeDefined();
      if (declaree.contentType) expect(type, id).toContain(declaree.contentType);
      else if (declaree.schema)
        expect(declaree.schema.safeParse(corps).error?.issues ?? [], id).toEqual([]);
    }
  });
});
