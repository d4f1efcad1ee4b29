/**
 * Bounded request bodies and bad input on the API (DESIGN §7 error
 * shape): every oversize body gets 413 `{ detail }` without
 * the process's memory growing by the body, and each class of bad input
 * (NUL byte, malformed percent-escape, unknown charset or Content-Encoding,
 * integer out of range, NUL in a multipart field) gets a 4xx `{ detail }`,
 * never a 500. The pages' side is e2e/entrees-invalides.spec.ts.
 *
 * Oversize bodies are written by node:http from one reused chunk, so that
 * the test's own client holds no copy of them: the portal runs in this
 * process, and the memory it holds in buffers is looked at, garbage
 * collected, before the body, every few megabytes of it and at the answer.
 */
import { request as requeteHttp } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const MOT_DE_PASSE = "Anah-Demo-2026!";
const Mo = 1024 * 1024;
/** Oversize bodies: ten times what the memory may grow by while one is refused. */
const TAILLE_ENVOI = 40 * Mo;
/** Largest growth of the memory the process holds while an oversize body is refused. */
const CROISSANCE_MAX = 4 * Mo;
/** Bytes sent between two looks at the memory. */
const PAS_SONDE = 4 * Mo;

// The collector on demand: a look at the memory then sees what the process
// holds, not the chunks already read and dropped that no collection freed yet.
setFlagsFromString("--expose-gc");
const collecter = runInNewContext("gc") as (options: { type: "minor" | "major" }) => void;

let portal: TestPortal;
let demandeur: string;
let instructeur: string;
let adminFonctionnel: string;

beforeAll(async () => {
  portal = await startTestPortal();
  const jeton = async (email: string) =>
    (await loginAs(portal.baseUrl, email, MOT_DE_PASSE)).accessToken;
  demandeur = await jeton("demandeur@demo.anah.gouv.fr");
  instructeur = await jeton("instructeur@demo.anah.gouv.fr");
  adminFonctionnel = await jeton("admin-fonctionnel@demo.anah.gouv.fr");
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

interface Reponse {
  status: number;
  corps: string;
}

/**
 * Sends `method chemin` with `entetes` and a body of `taille` bytes made of
 * `debut`, then `morceau` repeated, then `fin` (all ASCII). Without
 * `longueur: true` the body goes chunked (no Content-Length). Calls `sonde`
 * each time {@link PAS_SONDE} more bytes went out. Stops writing as soon as
 * the answer arrives, and resolves with it (a reset after the answer is
 * expected: the portal closes the connection on a refusal).
 */
function envoyer(
  chemin: string,
  options: {
    method?: string;
    entetes: Record<string, string>;
    taille: number;
    debut?: string;
    morceau: string;
    fin?: string;
    longueur?: boolean;
    sonde?: () => void;
  },
): Promise<Reponse> {
  const debut = Buffer.from(options.debut ?? "");
  const fin = Buffer.from(options.fin ?? "");
  const morceau = Buffer.from(options.morceau.repeat(Math.ceil(65_536 / options.morceau.length)));
  return new Promise((resolve, reject) => {
    let repondu = false;
    const requete = requeteHttp(`${portal.baseUrl}${chemin}`, {
      method: options.method ?? "POST",
      headers: {
        ...options.entetes,
        ...(options.longueur ? { "Content-Length": String(options.taille) } : {}),
      },
    });
    requete.on("response", (reponse) => {
      repondu = true;
      const morceaux: Buffer[] = [];
      reponse.on("data", (m: Buffer) => morceaux.push(m));
      reponse.on("end", () => {
        resolve({ status: reponse.statusCode ?? 0, corps: Buffer.concat(morceaux).toString() });
        requete.destroy();
      });
      reponse.on("error", () =>
        resolve({ status: reponse.statusCode ?? 0, corps: Buffer.concat(morceaux).toString() }),
      );
    });
    requete.on("error", (erreur) => {
      if (!repondu) reject(erreur);
    });
    let ecrits = 0;
    const ecrire = () => {
      if (ecrits === 0) {
        requete.write(debut);
        ecrits += debut.length;
      }
      while (!repondu && ecrits < options.taille - fin.length) {
        const reste = options.taille - fin.length - ecrits;
        const bout = reste >= morceau.length ? morceau : morceau.subarray(0, reste);
        if (Math.floor((ecrits + bout.length) / PAS_SONDE) > Math.floor(ecrits / PAS_SONDE))
          options.sonde?.();
        ecrits += bout.length;
        if (!requete.write(bout)) return void requete.once("drain", ecrire);
      }
      if (!repondu) requete.end(fin);
    };
    ecrire();
  });
}

/**
 * The memory the process holds in Buffers and ArrayBuffers after a
 * collection of `generation`: "major" for everything, "minor" (a few ms)
 * for what died young, as the chunks of a body read and dropped do. A
 * second, young, collection follows: V8 frees a collection's buffers on
 * another thread, and the next collection waits for that.
 */
function memoireTenue(generation: "minor" | "major"): number {
  collecter({ type: generation });
  collecter({ type: "minor" });
  return process.memoryUsage().arrayBuffers;
}

/**
 * Runs `envoi` with a probe of the memory and returns its answer and the
 * largest growth of {@link memoireTenue} seen every {@link PAS_SONDE} sent
 * and at the answer: a body held whole shows by then, whatever was freed after.
 * Nothing the tests before left to collect is counted in the starting point.
 */
async function mesurer(envoi: (sonde: () => void) => Promise<Reponse>) {
  const avant = memoireTenue("major");
  let croissance = 0;
  const sonde = () => {
    croissance = Math.max(croissance, memoireTenue("minor") - avant);
  };
  const reponse = await envoi(sonde);
  sonde();
  return { ...reponse, croissance };
}

/** A GET of the API with the bearer `jeton`. */
async function lire(chemin: string, jeton: string) {
  const reponse = await fetch(`${portal.baseUrl}${chemin}`, {
    headers: { Authorization: `Bearer ${jeton}` },
  });
  return { status: reponse.status, corps: (await reponse.json()) as Record<string, unknown> };
}

/** A multipart body with boundary `B` of the given text fields. */
function multipart(champs: [string, string][]): string {
  return (
    champs
      .map(
        ([nom, valeur]) =>
          `--B\r\nContent-Disposition: form-data; name="${nom}"\r\n\r\n${valeur}\r\n`,
      )
      .join("") + "--B--\r\n"
  );
}

describe("corps bornés de l'API", () => {
  it("un JSON de 40 Mo annoncé par Content-Length reçoit 413 { detail } et la mémoire ne grossit pas", async () => {
    const { status, corps, croissance } = await mesurer((sonde) =>
      envoyer("/api/demande", {
        entetes: { Authorization: `Bearer ${demandeur}`, "Content-Type": "application/json" },
        taille: TAILLE_ENVOI,
        debut: '{"x":"',
        morceau: "a",
        fin: '"}',
        longueur: true,
        sonde,
      }),
    );
    expect(status).toBe(413);
    expect(JSON.parse(corps)).toMatchObject({ detail: expect.stringContaining("volumineux") });
    expect(croissance).toBeLessThan(CROISSANCE_MAX);
  });

  it("un JSON de 40 Mo envoyé par morceaux (sans longueur) reçoit 413 { detail } et la mémoire ne grossit pas", async () => {
    const { status, corps, croissance } = await mesurer((sonde) =>
      envoyer("/api/demande", {
        entetes: { Authorization: `Bearer ${demandeur}`, "Content-Type": "application/json" },
        taille: TAILLE_ENVOI,
        debut: '{"x":"',
        morceau: "a",
        fin: '"}',
        sonde,
      }),
    );
    expect(status).toBe(413);
    expect(JSON.parse(corps)).toMatchObject({ detail: expect.stringContaining("volumineux") });
    expect(croissance).toBeLessThan(CROISSANCE_MAX);
  });

  it("un multipart de 40 Mo en champs de 100 Ko reçoit 413 { detail } et la mémoire ne grossit pas", async () => {
    const champ = `--B\r\nContent-Disposition: form-data; name="x"\r\n\r\n${"a".repeat(100_000)}\r\n`;
    const { status, corps, croissance } = await mesurer((sonde) =>
      envoyer("/api/demande", {
        entetes: {
          Authorization: `Bearer ${demandeur}`,
          "Content-Type": "multipart/form-data; boundary=B",
        },
        taille: TAILLE_ENVOI,
        morceau: champ,
        fin: "\r\n--B--\r\n",
        sonde,
      }),
    );
    expect(status).toBe(413);
    expect(JSON.parse(corps)).toMatchObject({
      detail: "Un champ du formulaire envoyé est trop long.",
    });
    expect(croissance).toBeLessThan(CROISSANCE_MAX);
  });

  it("un multipart de 101 champs courts reçoit 413 { detail }", async () => {
    const champs = Array.from({ length: 101 }, (_, i): [string, string] => [`champ${i}`, "x"]);
    const reponse = await fetch(`${portal.baseUrl}/api/demande`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${demandeur}`,
        "Content-Type": "multipart/form-data; boundary=B",
      },
      body: multipart(champs),
    });
    expect(reponse.status).toBe(413);
    expect(await reponse.json()).toEqual({
      detail: "Le formulaire envoyé contient trop de champs.",
      message: "Le formulaire envoyé contient trop de champs.",
    });
  });
});

describe("formulaire de connexion du fournisseur d'identité", () => {
  const connexion = (entetes: Record<string, string>, corps: string) =>
    fetch(`${portal.baseUrl}/realms/mar_users/interaction/inconnue/login`, {
      method: "POST",
      headers: { Origin: portal.baseUrl, ...entetes },
      body: corps,
    });

  it("un charset inconnu → 400, page d'erreur française sans trace", async () => {
    const reponse = await connexion(
      { "Content-Type": "application/x-www-form-urlencoded; charset=klingon" },
      "email=a",
    );
    expect(reponse.status).toBe(400);
    const page = await reponse.text();
    expect(page).toContain("Requête invalide");
    expect(page).not.toMatch(/at .*\.js:\d+|Error:/);
  });

  it("un corps au-delà de sa limite → 413, page d'erreur française", async () => {
    const reponse = await connexion(
      { "Content-Type": "application/x-www-form-urlencoded" },
      `email=${"a".repeat(20_000)}`,
    );
    expect(reponse.status).toBe(413);
    expect(await reponse.text()).toContain("Envoi trop volumineux");
  });
});

describe("entrées invalides de l'API", () => {
  it.each([
    ["un octet nul dans une liste de filtres", "/api/demandes?etat[]=%00"],
    ["un octet nul dans l'export", "/api/demandes/export?etat[]=%00"],
    ["un octet nul dans le chemin", "/api/user/check/email/a%00b@demo.fr"],
    ["un échappement mal formé dans la requête", "/api/demandes?query=%E0%A4%A"],
    ["un échappement mal formé dans le chemin", "/api/demande/%E0%A4%A"],
  ])("%s → 400 { detail }", async (_cas, chemin) => {
    const { status, corps } = await lire(chemin, instructeur);
    expect(status).toBe(400);
    expect(corps.detail).toMatch(/caractère nul|encodage invalide/);
  });

  it.each([
    ["un charset inconnu", { "Content-Type": "application/json; charset=klingon" }, "{}"],
    [
      "un Content-Encoding inconnu",
      { "Content-Type": "application/json", "Content-Encoding": "bogus" },
      "{}",
    ],
    [
      "un gzip mal formé",
      { "Content-Type": "application/json", "Content-Encoding": "gzip" },
      "{pas du gzip",
    ],
  ])("un corps avec %s → 400 { detail }", async (_cas, entetes, corps) => {
    const reponse = await fetch(`${portal.baseUrl}/api/demande`, {
      method: "POST",
      headers: { Authorization: `Bearer ${demandeur}`, ...entetes },
      body: corps,
    });
    expect(reponse.status).toBe(400);
    expect(await reponse.json()).toMatchObject({ detail: expect.stringContaining("encodage") });
  });

  it("un gzip valide est toujours lu", async () => {
    const reponse = await fetch(`${portal.baseUrl}/api/demande`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${demandeur}`,
        "Content-Type": "application/json",
        "Content-Encoding": "gzip",
      },
      body: gzipSync(JSON.stringify({ raisonSociale: "\u0000" })),
    });
    // Read and decoded: the NUL inside is what is refused.
    expect(reponse.status).toBe(400);
    expect(await reponse.json()).toMatchObject({
      detail: expect.stringContaining("caractère nul"),
    });
  });

  it("un octet nul dans un corps JSON → 400 { detail }, avant toute écriture", async () => {
    const reponse = await fetch(`${portal.baseUrl}/api/demande`, {
      method: "POST",
      headers: { Authorization: `Bearer ${demandeur}`, "Content-Type": "application/json" },
      body: JSON.stringify({ raisonSociale: "Société\u0000", siret: "\u0000" }),
    });
    expect(reponse.status).toBe(400);
    expect(await reponse.json()).toMatchObject({
      detail: expect.stringContaining("caractère nul"),
    });
  });

  it("un octet nul dans un champ multipart → 400 { detail }", async () => {
    const reponse = await fetch(`${portal.baseUrl}/api/demande`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${demandeur}`,
        "Content-Type": "multipart/form-data; boundary=B",
      },
      body: multipart([["raisonSociale", "Société\u0000"]]),
    });
    expect(reponse.status).toBe(400);
    expect(await reponse.json()).toMatchObject({
      detail: expect.stringContaining("caractère nul"),
    });
  });

  it.each([
    ["un numéro de page de 1e20", "/api/user/accounts?page=1e20", "admin"],
    [
      "un identifiant de service au-delà de 2^31",
      `/api/intervenants?servicesInstructeur[]=${2 ** 31}`,
      "instructeur",
    ],
  ])("%s → 422 { detail }, pas 500", async (_cas, chemin, qui) => {
    const { status, corps } = await lire(chemin, qui === "admin" ? adminFonctionnel : instructeur);
    expect(status).toBe(422);
    expect(corps.detail).toEqual(expect.any(String));
  });
});
