/**
 * Scenario 1 of `npm run fiabilite`: PostgreSQL restarted
 * while clients write. For {@link DUREE_MS}, applicants deposit requests
 * (draft, step 2, one PDF per required rubric, deposit, a message,
 * cancellation, again), applicant and instructeur exchange messages, and a
 * reader loads pages and API answers; meanwhile the cluster is restarted
 * (`pg_ctl restart -m fast`, what `pg_ctlcluster … restart` does on a
 * Debian cluster) and later stopped for {@link PAUSE_ARRET_MS} then started.
 * Afterwards every write the portal acknowledged (2xx) is looked up in the
 * database (and each file in the store); every answer during the gaps must
 * be a 503 with `Retry-After` and the French text, never another 5xx; the
 * same portal process must answer again.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import {
  ETAPE1_VALIDE,
  ETAPE2_VALIDE,
  RUBRIQUES_OBLIGATOIRES,
  pdfMinimal,
} from "../../tests/helpers/demande-api.ts";
import { loginAs } from "../../tests/helpers/oidc-login.ts";
import {
  MOT_DE_PASSE,
  attendre,
  connecterNavigateur,
  depuis,
  naviguer,
  nouveauDemandeur,
  type Cluster,
  type Navigateur,
  type PortailLance,
} from "./outils.ts";

/** How long the clients write. */
export const DUREE_MS = 30_000;
/** When the restart happens, from the start of the clients. */
const INSTANT_REDEMARRAGE_MS = 8_000;
/** When the longer stop happens, and how long the cluster stays down. */
const INSTANT_ARRET_MS = 18_000;
const PAUSE_ARRET_MS = 4_000;
/** The French text of every 503 (api/http/erreurs-base.ts). */
const TEXTE_503 =
  "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.";

/** One answer a client got (times in ms from the start of the clients). */
interface Reponse {
  debut: number;
  fin: number;
  statut: number;
  /** `page` or `api`; `reseau` when no answer came at all. */
  nature: "page" | "api";
  /** A 503 as it must be: Retry-After and the French text. */
  conforme?: boolean;
  chemin: string;
}

/** A write the portal acknowledged (2xx), to find again afterwards. */
type Ecriture =
  | { type: "demande"; id: string }
  | { type: "etape2"; id: string }
  | { type: "piece"; id: string }
  | { type: "depot"; id: string }
  | { type: "message"; contenu: string }
  | { type: "annulation"; id: string };

/** One fault of the cluster and what the clients saw of it. */
export interface Coupure {
  nature: string;
  /** When the command started, ms from the start of the clients. */
  debut: number;
  /** How long `pg_ctl` took (for the stop: stop, pause and start). */
  dureeCommande: number;
  /** 503 answers received because of it. */
  reponses503: number;
  /** From the first 503 sent to the last one received, ms (0 when none). */
  fenetre503: number;
  /** From the command's start to the first 2xx begun after the last 503, ms. */
  retourApres: number | null;
}

export interface ResultatPanneBase {
  dureeMs: number;
  requetes: number;
  succes: number;
  reponses503: number;
  reponses503NonConformes: number;
  /** 5xx other than 503: must be 0. */
  autres5xx: { statut: number; chemin: string }[];
  autres4xx: number;
  /** Requests with no answer (connection refused or cut by the portal): must be 0. */
  sansReponse: number;
  ecrituresAcquittees: number;
  ecrituresParType: Record<string, number>;
  ecrituresPerdues: string[];
  coupures: Coupure[];
  /** The same portal process answered after the faults. */
  portailToujoursLa: boolean;
  repriseSansRedemarrage: boolean;
  /** Per second from the start of the clients (by the answer's end): 2xx/3xx and 503 answers. */
  chronologie: { succes: number; indisponibles: number }[];
}

/**
 * Runs the scenario against `portail` (running on a database of `cluster`),
 * checking afterwards through `pool` (the same database) and the store of
 * `portail.dataDir`.
 */
export async function panneBase(
  cluster: Cluster,
  portail: PortailLance,
  pool: pg.Pool,
): Promise<ResultatPanneBase> {
  const { baseUrl } = portail;
  const reponses: Reponse[] = [];
  const ecritures: Ecriture[] = [];
  let sansReponse = 0;
  const pdfs = await Promise.all(
    RUBRIQUES_OBLIGATOIRES.map((rubrique) => pdfMinimal(`Pièce ${rubrique} (fiabilité)`)),
  );

  // Clients ready before the clock starts.
  const deposants = await Promise.all(
    [1, 2].map(() => nouveauDemandeur(pool, baseUrl, "Fiabilite")),
  );
  const instructeur = (await loginAs(baseUrl, "instructeur@demo.anah.gouv.fr", MOT_DE_PASSE))
    .accessToken;
  const correspondant = await nouveauDemandeur(pool, baseUrl, "Fiabilite");
  const dossierMessages = await preparerDossier(baseUrl, correspondant.token, pdfs);
  const lecteur = await connecterNavigateur(baseUrl, "instructeur@demo.anah.gouv.fr");
  const pid = portail.processus.pid;

  const debut = Date.now();
  const fin = debut + DUREE_MS;

  /** One call, recorded; null when no answer came. */
  async function appel(
    chemin: string,
    init: RequestInit & { jeton?: string; navigateur?: Navigateur } = {},
  ): Promise<{ statut: number; corps: unknown } | null> {
    const { jeton, navigateur, ...requete } = init;
    const nature = chemin.startsWith("/api/") ? "api" : "page";
    const envoi = depuis(debut);
    let reponse: Response;
    try {
      if (navigateur) reponse = await naviguer(baseUrl, navigateur, chemin, requete);
      else {
        const headers = new Headers(requete.headers);
        if (jeton) headers.set("Authorization", `Bearer ${jeton}`);
        reponse = await fetch(`${baseUrl}${chemin}`, { ...requete, headers, redirect: "manual" });
      }
    } catch {
      sansReponse += 1;
      return null;
    }
    const texte = await reponse.text();
    const trace: Reponse = {
      debut: envoi,
      fin: depuis(debut),
      statut: reponse.status,
      nature,
      chemin,
    };
    let corps: unknown = texte;
    if (reponse.headers.get("content-type")?.includes("json"))
      try {
        corps = JSON.parse(texte);
      } catch {
        // Kept as text.
      }
    if (reponse.status === 503) {
      const retryAfter = reponse.headers.get("retry-after") === "5";
      trace.conforme =
        retryAfter &&
        (nature === "api"
          ? (corps as { message?: string } | null)?.message === TEXTE_503
          : texte.includes("Erreur 503"));
    }
    reponses.push(trace);
    return { statut: reponse.status, corps };
  }

  const ok = (r: { statut: number } | null) => r !== null && r.statut >= 200 && r.statut < 300;

  /** One applicant depositing requests one after the other until the end. */
  async function deposant(jeton: string, numero: number) {
    let cycle = 0;
    while (Date.now() < fin) {
      cycle += 1;
      const reussi = await cycleDepot(jeton, `${numero}-${cycle}`);
      if (!reussi) {
        // The database was away: cancel what is left before the next request.
        await attendre(300);
        await nettoyer(jeton);
      }
    }
  }

  async function cycleDepot(jeton: string, marque: string): Promise<boolean> {
    const json = (corps: unknown): RequestInit => ({
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(corps),
    });
    const creee = await appel("/api/demande", { method: "POST", jeton, ...json(ETAPE1_VALIDE) });
    if (!ok(creee)) return false;
    const { id } = creee!.corps as { id: string };
    ecritures.push({ type: "demande", id });
    const etape2 = await appel(`/api/demande/${id}/step/2`, {
      method: "PUT",
      jeton,
      ...json(ETAPE2_VALIDE),
    });
    if (!ok(etape2)) return false;
    ecritures.push({ type: "etape2", id });
    for (const [index, rubrique] of RUBRIQUES_OBLIGATOIRES.entries()) {
      if (Date.now() > fin) return true;
      const formulaire = new FormData();
      formulaire.set("codeTypePJ", rubrique);
      formulaire.set(
        "fichier",
        new Blob([new Uint8Array(pdfs[index])], { type: "application/pdf" }),
        `${rubrique}.pdf`,
      );
      const envoi = await appel(`/api/demande/${id}/pj`, {
        method: "POST",
        jeton,
        body: formulaire,
      });
      if (!ok(envoi)) return false;
      for (const piece of envoi!.corps as { id: string }[])
        ecritures.push({ type: "piece", id: piece.id });
    }
    const lue = await appel(`/api/demande/${id}`, { jeton });
    if (!ok(lue)) return false;
    const version = (lue!.corps as { version: number }).version;
    const depot = await appel(`/api/demande/${id}/action`, {
      method: "POST",
      jeton,
      body: new URLSearchParams({ action: "DEPOSER", version: String(version) }),
    });
    if (!ok(depot)) return false;
    ecritures.push({ type: "depot", id });
    const contenu = `Message de fiabilité ${marque} (dépôt)`;
    const message = await appel(`/api/demande/${id}/message`, {
      method: "POST",
      jeton,
      ...json({ message: contenu }),
    });
    if (!ok(message)) return false;
    ecritures.push({ type: "message", contenu });
    const annulation = await appel(`/api/demande/${id}/action`, {
      method: "POST",
      jeton,
      body: new URLSearchParams({
        action: "ANNULER_DEMANDE",
        commentaire: "Scénario de fiabilité.",
        confirmation: "on",
      }),
    });
    if (!ok(annulation)) return false;
    ecritures.push({ type: "annulation", id });
    return true;
  }

  /** Cancels the applicant's active requests, retrying while the database is away. */
  async function nettoyer(jeton: string) {
    while (Date.now() < fin + 20_000) {
      const liste = await appel("/api/demandes/mes-demandes", { jeton });
      if (!ok(liste)) {
        await attendre(300);
        continue;
      }
      const actives = (
        liste!.corps as { id: string; actionsDisponibles: { action: string }[] }[]
      ).filter((demande) => demande.actionsDisponibles.some((a) => a.action === "ANNULER_DEMANDE"));
      let toutes = true;
      for (const demande of actives) {
        const annulation = await appel(`/api/demande/${demande.id}/action`, {
          method: "POST",
          jeton,
          body: new URLSearchParams({
            action: "ANNULER_DEMANDE",
            commentaire: "Scénario de fiabilité (reprise).",
            confirmation: "on",
          }),
        });
        if (ok(annulation)) ecritures.push({ type: "annulation", id: demande.id });
        else toutes = false;
      }
      if (toutes) return;
      await attendre(300);
    }
  }

  /** Applicant and instructeur writing to each other on one deposited request. */
  async function messagerie(jeton: string, cote: string) {
    let numero = 0;
    while (Date.now() < fin) {
      numero += 1;
      const contenu = `Message de fiabilité ${cote} ${numero}`;
      const reponse = await appel(`/api/demande/${dossierMessages}/message`, {
        method: "POST",
        jeton,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ message: contenu }),
      });
      if (ok(reponse)) ecritures.push({ type: "message", contenu });
      else await attendre(100);
    }
  }

  /** Pages and API answers read in turn. */
  async function lecture() {
    while (Date.now() < fin) {
      await appel("/tous-les-dossiers/demande", { navigateur: lecteur });
      await appel(`/dossier/demande/${dossierMessages}`, { navigateur: lecteur });
      await appel("/api/regions");
      await appel("/api/user/account", { jeton: instructeur });
      await attendre(50);
    }
  }

  const coupures: Coupure[] = [];
  async function pannes() {
    await attendre(INSTANT_REDEMARRAGE_MS);
    const debutRedemarrage = depuis(debut);
    const { duree } = await cluster.redemarrer();
    coupures.push(coupure("pg_ctl restart -m fast", debutRedemarrage, duree));
    await attendre(Math.max(0, INSTANT_ARRET_MS - depuis(debut)));
    const debutArret = depuis(debut);
    await cluster.arreter();
    await attendre(PAUSE_ARRET_MS);
    await cluster.demarrer();
    coupures.push(
      coupure(
        `pg_ctl stop -m fast, ${PAUSE_ARRET_MS / 1000} s, pg_ctl start`,
        debutArret,
        depuis(debut) - debutArret,
      ),
    );
  }
  const coupure = (nature: string, debutCoupure: number, dureeCommande: number): Coupure => ({
    nature,
    debut: debutCoupure,
    dureeCommande,
    reponses503: 0,
    fenetre503: 0,
    retourApres: null,
  });

  await Promise.all([
    pannes(),
    ...deposants.map((d, index) => deposant(d.token, index + 1)),
    messagerie(correspondant.token, "demandeur"),
    messagerie(instructeur, "instruction"),
    lecture(),
  ]);
  // Whatever a client left active once the clock stopped.
  await Promise.all(deposants.map((d) => nettoyer(d.token)));

  // What each fault did to the clients: the 503s received from its start to
  // the next fault's, from the first received to the last; then the first
  // 2xx of a request sent after that last 503.
  coupures.forEach((c, index) => {
    const limite = coupures[index + 1]?.debut ?? Number.POSITIVE_INFINITY;
    const siens = reponses.filter((r) => r.statut === 503 && r.fin >= c.debut && r.fin < limite);
    c.reponses503 = siens.length;
    if (siens.length > 0) {
      const premier = Math.min(...siens.map((r) => r.fin));
      const dernier = Math.max(...siens.map((r) => r.fin));
      c.fenetre503 = dernier - premier;
      const retour = reponses
        .filter((r) => r.statut >= 200 && r.statut < 300 && r.debut >= dernier)
        .map((r) => r.fin);
      c.retourApres = retour.length ? Math.min(...retour) - c.debut : null;
    }
  });

  // The pool reconnects by itself: the same process answers.
  const reprise = await appel("/api/user/account", { jeton: instructeur });
  const repriseSansRedemarrage = ok(reprise) && portail.vivant() && portail.processus.pid === pid;

  const ecrituresPerdues = await verifierEcritures(pool, portail.dataDir, ecritures);
  const parType: Record<string, number> = {};
  for (const e of ecritures) parType[e.type] = (parType[e.type] ?? 0) + 1;
  const succes = reponses.filter((r) => r.statut >= 200 && r.statut < 400).length;
  return {
    dureeMs: DUREE_MS,
    requetes: reponses.length + sansReponse,
    succes,
    reponses503: reponses.filter((r) => r.statut === 503).length,
    reponses503NonConformes: reponses.filter((r) => r.statut === 503 && !r.conforme).length,
    autres5xx: reponses
      .filter((r) => r.statut >= 500 && r.statut !== 503)
      .map((r) => ({ statut: r.statut, chemin: r.chemin })),
    autres4xx: reponses.filter((r) => r.statut >= 400 && r.statut < 500).length,
    sansReponse,
    ecrituresAcquittees: ecritures.length,
    ecrituresParType: parType,
    ecrituresPerdues,
    coupures,
    portailToujoursLa: portail.vivant() && portail.processus.pid === pid,
    repriseSansRedemarrage,
    chronologie: Array.from({ length: Math.ceil(DUREE_MS / 1000) + 1 }, (_, seconde) => {
      const dans = reponses.filter((r) => Math.floor(r.fin / 1000) === seconde);
      return {
        succes: dans.filter((r) => r.statut >= 200 && r.statut < 400).length,
        indisponibles: dans.filter((r) => r.statut === 503).length,
      };
    }),
  };
}

/** A deposited request of the applicant of `jeton` (for the messages): its id. */
async function preparerDossier(baseUrl: string, jeton: string, pdfs: Buffer[]): Promise<string> {
  const appeler = async (methode: string, chemin: string, body?: BodyInit, type?: string) => {
    const reponse = await fetch(`${baseUrl}/api${chemin}`, {
      method: methode,
      headers: { Authorization: `Bearer ${jeton}`, ...(type ? { "Content-Type": type } : {}) },
      body,
    });
    if (!reponse.ok) throw new Error(`${methode} ${chemin} : HTTP ${reponse.status}`);
    return reponse.json() as Promise<Record<string, unknown>>;
  };
  const { id } = (await appeler(
    "POST",
    "/demande",
    JSON.stringify(ETAPE1_VALIDE),
    "application/json",
  )) as { id: string };
  await appeler("PUT", `/demande/${id}/step/2`, JSON.stringify(ETAPE2_VALIDE), "application/json");
  for (const [index, rubrique] of RUBRIQUES_OBLIGATOIRES.entries()) {
    const formulaire = new FormData();
    formulaire.set("codeTypePJ", rubrique);
    formulaire.set(
      "fichier",
      new Blob([new Uint8Array(pdfs[index])], { type: "application/pdf" }),
      `${rubrique}.pdf`,
    );
    await appeler("POST", `/demande/${id}/pj`, formulaire);
  }
  const { version } = (await appeler("GET", `/demande/${id}`)) as { version: number };
  await appeler(
    "POST",
    `/demande/${id}/action`,
    new URLSearchParams({ action: "DEPOSER", version: String(version) }),
  );
  return id;
}

/**
 * The acknowledged writes not found in the database (or, for a file, in
 * the store of `dataDir` with its size): a line per lost write.
 */
async function verifierEcritures(
  pool: pg.Pool,
  dataDir: string,
  ecritures: Ecriture[],
): Promise<string[]> {
  const perdues: string[] = [];
  const ids = (type: Ecriture["type"]) =>
    ecritures.flatMap((e) => (e.type === type && "id" in e ? [e.id] : []));
  const trouves = async (sql: string, valeurs: string[]) =>
    new Set((await pool.query<{ cle: string }>(sql, [valeurs])).rows.map((r) => r.cle));

  const demandes = await trouves(
    `select id::text as cle from demande where id = any($1::uuid[])`,
    ids("demande"),
  );
  for (const id of ids("demande")) if (!demandes.has(id)) perdues.push(`demande ${id}`);
  const etapes2 = await trouves(
    `select id::text as cle from demande where id = any($1::uuid[]) and contenu ? 'etape2'`,
    ids("etape2"),
  );
  for (const id of ids("etape2")) if (!etapes2.has(id)) perdues.push(`étape 2 de ${id}`);
  for (const [type, action] of [
    ["depot", "DEPOSER"],
    ["annulation", "ANNULER_DEMANDE"],
  ] as const) {
    const faits = await trouves(
      `select ressource_id::text as cle from historique where ressource_id = any($1::uuid[]) and action = '${action}'`,
      ids(type),
    );
    for (const id of ids(type)) if (!faits.has(id)) perdues.push(`${action} de ${id}`);
  }
  const { rows: pieces } = await pool.query<{ id: string; cle: string; taille: number }>(
    `select id::text, cle, taille from piece_jointe where id = any($1::uuid[])`,
    [ids("piece")],
  );
  const parId = new Map(pieces.map((p) => [p.id, p]));
  for (const id of ids("piece")) {
    const piece = parId.get(id);
    if (!piece) {
      perdues.push(`pièce jointe ${id}`);
      continue;
    }
    const fichier = join(dataDir, "files", piece.cle.slice(0, 2), piece.cle);
    if (!existsSync(fichier) || statSync(fichier).size !== piece.taille)
      perdues.push(`fichier ${piece.cle} de la pièce ${id}`);
  }
  const contenus = ecritures.flatMap((e) => (e.type === "message" ? [e.contenu] : []));
  const messages = await trouves(
    `select contenu as cle from message where contenu = any($1::text[])`,
    contenus,
  );
  for (const contenu of contenus)
    if (!messages.has(contenu)) perdues.push(`message « ${contenu} »`);
  return perdues;
}
