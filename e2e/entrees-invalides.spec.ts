/**
 * Bounded bodies and bad input on the pages: an
 * oversize form or upload gets 413, a URL or body that does not decode,
 * carries a NUL byte, an unknown charset or Content-Encoding, or a malformed
 * multipart gets 400, each as the French error page and never a 500. The
 * API's side is tests/api/corps-et-entrees.test.ts.
 */
import { request as requeteHttp } from "node:http";
import { expect, test, type APIResponse } from "@playwright/test";
import { baseURL } from "../playwright.config.ts";

const Mo = 1024 * 1024;
/** Posts of the pages must come from the portal (sameOriginGuard). */
const ORIGINE = { Origin: baseURL };
const FORMULAIRE = { ...ORIGINE, "Content-Type": "application/x-www-form-urlencoded" };
const MULTIPART = { ...ORIGINE, "Content-Type": "multipart/form-data; boundary=B" };

/** Expects the French DSFR error page with `status` and a title of `titre`. */
async function attendrePageErreur(reponse: APIResponse, status: number, titre: RegExp) {
  expect(reponse.status()).toBe(status);
  expect(reponse.headers()["content-type"]).toContain("text/html");
  const page = await reponse.text();
  expect(page).toContain('<html lang="fr"');
  expect(page).toMatch(titre);
  expect(page).toContain(`Erreur ${status}`);
}

/**
 * Posts `taille` bytes of `morceau` repeated to `chemin` with node:http
 * (chunked unless `longueur`), stops writing when the answer arrives and
 * resolves with its status and text.
 */
function envoyerGros(
  chemin: string,
  entetes: Record<string, string>,
  taille: number,
  morceau: string,
  longueur: boolean,
): Promise<{ status: number; texte: string }> {
  const bout = Buffer.from(morceau.repeat(Math.ceil(65_536 / morceau.length)));
  return new Promise((resolve, reject) => {
    let repondu = false;
    const requete = requeteHttp(`${baseURL}${chemin}`, {
      method: "POST",
      headers: { ...entetes, ...(longueur ? { "Content-Length": String(taille) } : {}) },
    });
    requete.on("response", (reponse) => {
      repondu = true;
      const morceaux: Buffer[] = [];
      const fin = () =>
        resolve({ status: reponse.statusCode ?? 0, texte: Buffer.concat(morceaux).toString() });
      reponse.on("data", (m: Buffer) => morceaux.push(m));
      reponse.on("end", () => {
        fin();
        requete.destroy();
      });
      reponse.on("error", fin);
    });
    requete.on("error", (erreur) => {
      if (!repondu) reject(erreur);
    });
    let ecrits = 0;
    const ecrire = () => {
      while (!repondu && ecrits < taille) {
        const morceauCourant = bout.subarray(0, Math.min(bout.length, taille - ecrits));
        ecrits += morceauCourant.length;
        if (!requete.write(morceauCourant)) return void requete.once("drain", ecrire);
      }
      if (!repondu) requete.end();
    };
    ecrire();
  });
}

/** A multipart body (boundary `B`) of text fields and files `[name, filename, content]`. */
function multipart(champs: [string, string][], fichiers: [string, string, string][] = []) {
  return (
    champs
      .map(
        ([nom, valeur]) =>
          `--B\r\nContent-Disposition: form-data; name="${nom}"\r\n\r\n${valeur}\r\n`,
      )
      .join("") +
    fichiers
      .map(
        ([nom, fichier, contenu]) =>
          `--B\r\nContent-Disposition: form-data; name="${nom}"; filename="${fichier}"\r\nContent-Type: application/pdf\r\n\r\n${contenu}\r\n`,
      )
      .join("") +
    "--B--\r\n"
  );
}

/** An id of a request that need not exist: the body is refused before anything reads it. */
const ID = "00000000-0000-4000-8000-000000000000";

test.describe("corps bornés des pages", () => {
  for (const longueur of [true, false])
    test(`un formulaire de 40 Mo ${longueur ? "annoncé" : "par morceaux"} sur /creation-compte → 413 en français`, async () => {
      const { status, texte } = await envoyerGros(
        "/creation-compte",
        FORMULAIRE,
        40 * Mo,
        "nom=aaaaaaaaaaaaaaaaaaaa&",
        longueur,
      );
      expect(status).toBe(413);
      expect(texte).toContain("Envoi trop volumineux");
      expect(texte).toContain("Les données envoyées sont trop volumineuses.");
    });

  test("un formulaire juste au-dessus de 64 Ko → 413 en français", async ({ request }) => {
    const reponse = await request.post("/creation-compte", {
      headers: FORMULAIRE,
      data: `nom=${"a".repeat(64 * 1024)}`,
    });
    await attendrePageErreur(reponse, 413, /Envoi trop volumineux/);
  });

  test("un fichier posté sur une page qui n'en prend pas → 413", async ({ request }) => {
    const reponse = await request.post("/creation-compte", {
      headers: MULTIPART,
      data: multipart([["nom", "Durand"]], [["fichier", "a.pdf", "%PDF-1.4"]]),
    });
    await attendrePageErreur(reponse, 413, /Envoi trop volumineux/);
    expect(await reponse.text()).toContain("trop de fichiers");
  });

  test("un fichier posté sur une action de dossier qui n'en prend pas → 413 avant de le lire", async ({
    request,
  }) => {
    const reponse = await request.post(`/dossier/demande/${ID}/action/AFFECTER_INSTRUCTEUR`, {
      headers: MULTIPART,
      data: multipart([["version", "1"]], [["fichier", "a.pdf", "%PDF-1.4"]]),
    });
    await attendrePageErreur(reponse, 413, /Envoi trop volumineux/);
  });

  test("un envoi multipart de 40 Mo sur une page qui prend un fichier → 413", async () => {
    const { status, texte } = await envoyerGros(
      `/dossier/demande/${ID}`,
      MULTIPART,
      40 * Mo,
      `--B\r\nContent-Disposition: form-data; name="fichier"; filename="a.pdf"\r\n\r\n${"a".repeat(1000)}\r\n`,
      false,
    );
    expect(status).toBe(413);
    expect(texte).toContain("Envoi trop volumineux");
  });

  test("un multipart de 101 champs → 413", async ({ request }) => {
    const champs = Array.from({ length: 101 }, (_, i): [string, string] => [`c${i}`, "x"]);
    const reponse = await request.post("/creation-compte", {
      headers: MULTIPART,
      data: multipart(champs),
    });
    await attendrePageErreur(reponse, 413, /Envoi trop volumineux/);
    expect(await reponse.text()).toContain("trop de champs");
  });
});

test.describe("entrées invalides des pages", () => {
  for (const chemin of [
    "/creation-compte?nom=%00",
    "/tous-les-dossiers?etat[]=%00",
    "/creation-compte?nom=%E0%A4%A",
    "/dossier/demande/%E0%A4%A",
  ])
    test(`GET ${chemin} → 400 en français`, async ({ request }) => {
      await attendrePageErreur(await request.get(chemin), 400, /Requête invalide/);
    });

  const corpsInvalides: [string, Record<string, string>, string][] = [
    ["un octet nul", FORMULAIRE, "nom=Dur%00and&prenom=L%C3%A9a"],
    ["un échappement mal formé", FORMULAIRE, "nom=%E0%A4%A"],
    [
      "un charset inconnu",
      { ...FORMULAIRE, "Content-Type": "application/x-www-form-urlencoded; charset=klingon" },
      "nom=Durand",
    ],
    ["un Content-Encoding", { ...FORMULAIRE, "Content-Encoding": "gzip" }, "pas du gzip"],
    ["un type inconnu", { ...ORIGINE, "Content-Type": "text/plain" }, "nom=Durand"],
    [
      "un multipart sans fin",
      MULTIPART,
      '--B\r\nContent-Disposition: form-data; name="nom"\r\n\r\nx',
    ],
    ["un multipart sans délimiteur", { ...ORIGINE, "Content-Type": "multipart/form-data" }, "x"],
    ["un octet nul dans un champ multipart", MULTIPART, multipart([["nom", "Dur\u0000and"]])],
  ];
  for (const [cas, entetes, corps] of corpsInvalides)
    test(`un formulaire avec ${cas} sur /creation-compte → 400 en français`, async ({
      request,
    }) => {
      const reponse = await request.post("/creation-compte", { headers: entetes, data: corps });
      await attendrePageErreur(reponse, 400, /Requête invalide/);
    });
});

/** `methode chemin` with `entetes` and no body, by node:http (fetch refuses TRACE): status, headers, text. */
function requeteBrute(
  methode: string,
  chemin: string,
  entetes: Record<string, string>,
): Promise<{ status: number; allow?: string; type?: string; texte: string }> {
  return new Promise((resolve, reject) => {
    const requete = requeteHttp(`${baseURL}${chemin}`, { method: methode, headers: entetes });
    requete.on("response", (reponse) => {
      const morceaux: Buffer[] = [];
      reponse.on("data", (morceau: Buffer) => morceaux.push(morceau));
      reponse.on("end", () =>
        resolve({
          status: reponse.statusCode ?? 0,
          allow: reponse.headers.allow,
          type: reponse.headers["content-type"],
          texte: Buffer.concat(morceaux).toString("utf8"),
        }),
      );
    });
    requete.on("error", reject);
    requete.end();
  });
}

test.describe("méthodes que le portail ne sert pas", () => {
  const MESSAGE = "Cette méthode n&#39;est pas autorisée pour l&#39;adresse demandée.";
  for (const [methode, chemin] of [
    ["TRACE", "/"],
    ["TRACE", "/mentions-legales"],
    ["TRACE", "/favicon.ico"],
    ["PUT", "/creation-compte"],
    ["DELETE", "/account/params"],
    ["OPTIONS", "/mentions-legales"],
  ])
    test(`${methode} ${chemin} (avec Origin et Referer) → 405 en français, Allow: GET, HEAD, POST`, async () => {
      const reponse = await requeteBrute(methode, chemin, {
        ...ORIGINE,
        Referer: `${baseURL}/`,
      });
      expect(reponse.status).toBe(405);
      expect(reponse.allow).toBe("GET, HEAD, POST");
      expect(reponse.type).toContain("text/html");
      expect(reponse.texte).toContain("Méthode non autorisée");
      expect(reponse.texte).toContain("Erreur 405");
      expect(reponse.texte).toContain(MESSAGE);
    });

  test("TRACK, que l'analyseur HTTP de Node ne connaît pas → 405 et Allow, sans page", async () => {
    const reponse = await requeteBrute("TRACK", "/tous-les-dossiers", ORIGINE);
    expect(reponse.status).toBe(405);
    expect(reponse.allow).toBe("GET, HEAD, POST");
    expect(reponse.texte).toBe("Cette méthode n'est pas autorisée pour l'adresse demandée.");
  });

  test("TRACE sur l'API → 405 { detail, message }", async () => {
    const reponse = await requeteBrute("TRACE", "/api/reference/regions", ORIGINE);
    expect(reponse.status).toBe(405);
    expect(JSON.parse(reponse.texte)).toEqual({
      detail: "Cette méthode n'est pas autorisée pour l'adresse demandée.",
      message: "Cette méthode n'est pas autorisée pour l'adresse demandée.",
    });
  });
});
