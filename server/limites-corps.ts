/**
 * Bounded request bodies for the pages (ASVS V5.1,
 * V12.1, V13.1): every body posted to a Remix page is limited and checked
 * here as it streams in, before any action reads it, and a refusal answers
 * 413 or 400 with the French error page (server/entrees-invalides.ts)
 * without reading the rest.
 *
 * - `application/x-www-form-urlencoded`: at most {@link TAILLE_FORMULAIRE_MAX}
 *   bytes ({@link TAILLE_FORMULAIRE_PERIMETRE_MAX} on the request form);
 *   every name and value must percent-decode and hold no NUL byte.
 * - `multipart/form-data`: at most {@link CHAMPS_MAX} fields of
 *   {@link TAILLE_CHAMP_MAX} bytes each (no NUL byte), and as many files of
 *   UPLOAD_MAX_MO as the page takes ({@link fichiersAcceptes}: none on a page
 *   without a file input, none on a file action that takes no file);
 *   malformed multipart → 400.
 * - any other type, a charset other than UTF-8 or a `Content-Encoding` → 400.
 *
 * Remix reads the raw request stream, so the bytes go on through a
 * pass-through ({@link bornerCorpsPages} puts it in `res.locals`, read by
 * {@link gestionnaireRemix}). A form without files is read whole (it is
 * small) and checked before the page runs; an upload streams on to the page (the step-3 upload
 * goes on to the API as it comes), with its end held back until the whole
 * body has passed the checks, so that no action ever sees a refused body.
 */
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixNodeHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import busboy from "busboy";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ACTIONS_AVEC_FICHIERS } from "../contract/schemas/instruction.ts";
import type { ActionDemande } from "../contract/etats.ts";
import { MESSAGES_PJ, afficherTaille } from "../contract/pieces-jointes.ts";
import {
  CHAMPS_MAX,
  MESSAGE_CHAMP_TROP_GROS,
  MESSAGE_TROP_DE_CHAMPS,
  TAILLE_CHAMP_MAX,
} from "../api/http/multipart.ts";
import type { Config } from "./config.ts";
import {
  MESSAGE_CARACTERE_NUL,
  MESSAGE_CORPS_REFUSE_TROP_GROS as MESSAGE_CORPS_TROP_GROS,
  aUnCorps,
  contientNul,
  decoderComposant,
  refuserRequete,
} from "./entrees-invalides.ts";

/** Largest urlencoded form a page takes, in bytes (the largest real one is a few KB). */
export const TAILLE_FORMULAIRE_MAX = 64 * 1024;
/**
 * Largest urlencoded form of the request's step 2, in bytes: a perimeter
 * may list thousands of communes with their names (the API takes 2 MB too).
 */
export const TAILLE_FORMULAIRE_PERIMETRE_MAX = 2 * 1024 * 1024;

/** The perimeter extension's form: a perimeter like /demande/formulaire, and uploads. */
const CHEMIN_FORMULAIRE_EXTENSION =
  "/mes-demandes-changement-notable/extension-perimetre/formulaire";

export const MESSAGE_TROP_DE_FICHIERS = "Le formulaire envoyé contient trop de fichiers.";
export const MESSAGE_FORMULAIRE_MAL_FORME = "Le formulaire envoyé est mal formé.";
export const MESSAGE_ENCODAGE = "L'encodage des données envoyées n'est pas pris en charge.";
export const MESSAGE_TYPE_CORPS = "Le type des données envoyées n'est pas pris en charge.";

/** The pass-through a page's body goes through, for {@link gestionnaireRemix}. */
const CLE_CORPS = "corpsPage";
/** Set once a refusal was sent: the page's own answer is then dropped. */
const CLE_REFUS = "corpsRefuse";

const SANS_CORPS = new Set(["GET", "HEAD"]);

/**
 * The page a path posts to: with JavaScript, Remix's single fetch posts to
 * `{page}.data` (`/_root.data` for the home page).
 */
export function cheminDePage(chemin: string): string {
  if (chemin === "/_root.data") return "/";
  return chemin.endsWith(".data") ? chemin.slice(0, -".data".length) : chemin;
}

/**
 * How many files a page takes in one post (path of the page, see
 * {@link cheminDePage}, without query): the upload
 * of step 3 and the completeness form (and its `/envoi`, where its script
 * posts) as many as UPLOAD_MAX_FICHIERS, step 3 of the annual report
 * twice as many (two groups of documents), an
 * internal note and the actions of ACTIONS_AVEC_FICHIERS one, every other
 * page none.
 */
export function fichiersAcceptes(config: Config, chemin: string): number {
  if (chemin === "/demande/formulaire") return config.uploadMaxFichiers;
  if (/^\/demande\/demande\/completude\/[^/]+(\/envoi)?$/.test(chemin))
    return config.uploadMaxFichiers;
  // Step 3 of the perimeter extension and its completeness answer.
  if (chemin === CHEMIN_FORMULAIRE_EXTENSION) return config.uploadMaxFichiers;
  if (/^\/changement-notable\/completude\/[^/]+(\/envoi)?$/.test(chemin))
    return config.uploadMaxFichiers;
  // Step 3 of the annual report: two groups of documents (capital, governance).
  if (/^\/rapport-annuel-activite\/\d{4}\/etape\/3$/.test(chemin))
    return 2 * config.uploadMaxFichiers;
  if (/^\/dossier\/[^/]+\/[^/]+$/.test(chemin)) return 1;
  const action = /^\/dossier\/[^/]+\/[^/]+\/action\/([^/]+)$/.exec(chemin)?.[1];
  if (action) return ACTIONS_AVEC_FICHIERS.includes(action as ActionDemande) ? 1 : 0;
  return 0;
}

/** `type/subtype` and `charset` of a Content-Type header, lower-cased. */
function typeDeContenu(entete: string | undefined): { type: string; charset?: string } {
  const [type = "", ...parametres] = (entete ?? "").split(";");
  const charset = parametres
    .map((parametre) => /^\s*charset\s*=\s*"?([^"\s]*)"?\s*$/i.exec(parametre)?.[1])
    .find(Boolean);
  return { type: type.trim().toLowerCase(), charset: charset?.toLowerCase() };
}

/**
 * The reason to refuse an urlencoded body `corps`, or null: every name and
 * value must percent-decode (as UTF-8) and hold no NUL byte.
 */
export function motifFormulaireInvalide(corps: string): string | null {
  for (const paire of corps.split("&")) {
    const egal = paire.indexOf("=");
    for (const partie of egal === -1 ? [paire] : [paire.slice(0, egal), paire.slice(egal + 1)]) {
      const decode = decoderComposant(partie);
      if (decode === null) return MESSAGE_FORMULAIRE_MAL_FORME;
      if (contientNul(decode)) return MESSAGE_CARACTERE_NUL;
    }
  }
  return null;
}

/** What checks a body as it streams: `ecrire` each chunk, then `terminer`. */
interface Verificateur {
  ecrire(morceau: Buffer): void;
  /** Resolves once the whole body passed; rejects with [status, message]. */
  terminer(): Promise<void>;
}

type Refus = [status: number, message: string];

function verificateurFormulaire(): Verificateur {
  const morceaux: Buffer[] = [];
  return {
    ecrire: (morceau) => morceaux.push(morceau),
    terminer: async () => {
      const motif = motifFormulaireInvalide(Buffer.concat(morceaux).toString("utf8"));
      if (motif) throw [400, motif] satisfies Refus;
    },
  };
}

function verificateurMultipart(
  req: Request,
  limites: { fichiers: number; tailleFichier: number },
  refuser: (refus: Refus) => void,
): Verificateur {
  const lecteur = busboy({
    headers: req.headers,
    defParamCharset: "utf8",
    limits: {
      fields: CHAMPS_MAX,
      fieldSize: TAILLE_CHAMP_MAX,
      fieldNameSize: 200,
      files: limites.fichiers,
      fileSize: limites.tailleFichier,
      parts: CHAMPS_MAX + limites.fichiers,
    },
  });
  const fin = new Promise<void>((resolve, reject) => {
    lecteur.on("close", resolve);
    lecteur.on("error", () => reject([400, MESSAGE_FORMULAIRE_MAL_FORME] satisfies Refus));
  });
  fin.catch(() => undefined);
  lecteur.on("field", (nom, valeur, info) => {
    if (info.nameTruncated || info.valueTruncated) refuser([413, MESSAGE_CHAMP_TROP_GROS]);
    else if (contientNul(nom) || contientNul(valeur)) refuser([400, MESSAGE_CARACTERE_NUL]);
  });
  lecteur.on("file", (nom, flux, info) => {
    if (contientNul(nom) || contientNul(info.filename ?? "")) refuser([400, MESSAGE_CARACTERE_NUL]);
    flux.on("limit", () =>
      refuser([413, MESSAGES_PJ.taille(afficherTaille(limites.tailleFichier))]),
    );
    // Only the limits matter here: the page reads the bytes from the pass-through.
    flux.resume();
  });
  lecteur.on("fieldsLimit", () => refuser([413, MESSAGE_TROP_DE_CHAMPS]));
  lecteur.on("partsLimit", () => refuser([413, MESSAGE_TROP_DE_CHAMPS]));
  lecteur.on("filesLimit", () => refuser([413, MESSAGE_TROP_DE_FICHIERS]));
  return {
    ecrire: (morceau) => lecteur.write(morceau),
    terminer: () => {
      lecteur.end();
      return fin;
    },
  };
}

/**
 * Express middleware before the Remix handler: limits and checks the body of
 * a page's request as described at the top of this file, and hands it on
 * through a pass-through that {@link gestionnaireRemix} gives Remix. A
 * `Content-Length` over the limit is refused before a byte is read; a body
 * without one (chunked) is counted as it streams.
 */
export function bornerCorpsPages(config: Config) {
  const tailleFichier = config.uploadMaxMo * 1024 * 1024;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SANS_CORPS.has(req.method) || !aUnCorps(req)) return next();
    if (req.headers["content-encoding"] && req.headers["content-encoding"] !== "identity")
      return refuserRequete(req, res, 400, MESSAGE_ENCODAGE);
    const { type, charset } = typeDeContenu(req.headers["content-type"]);
    const page = cheminDePage(req.path);
    const fichiers = fichiersAcceptes(config, page);
    let limite: number;
    let verificateur: Verificateur;
    const refus: { valeur?: Refus } = {};
    const refuser = (motif: Refus) => (refus.valeur ??= motif);
    if (type === "application/x-www-form-urlencoded") {
      if (charset && charset !== "utf-8" && charset !== "utf8")
        return refuserRequete(req, res, 400, MESSAGE_ENCODAGE);
      limite =
        page === "/demande/formulaire" || page === CHEMIN_FORMULAIRE_EXTENSION
          ? TAILLE_FORMULAIRE_PERIMETRE_MAX
          : TAILLE_FORMULAIRE_MAX;
      verificateur = verificateurFormulaire();
    } else if (type === "multipart/form-data") {
      // Each file, the fields and the parts' headers.
      limite = fichiers * (tailleFichier + 1024) + CHAMPS_MAX * 1024 + TAILLE_FORMULAIRE_MAX;
      try {
        verificateur = verificateurMultipart(req, { fichiers, tailleFichier }, refuser);
      } catch {
        // busboy throws at once on a missing boundary.
        return refuserRequete(req, res, 400, MESSAGE_FORMULAIRE_MAL_FORME);
      }
    } else {
      return refuserRequete(req, res, 400, MESSAGE_TYPE_CORPS);
    }
    const longueur = Number(req.headers["content-length"] ?? 0);
    if (longueur > limite) return refuserRequete(req, res, 413, MESSAGE_CORPS_TROP_GROS);

    // A form without files is small: it is read whole and checked before the
    // page runs. An upload streams on to the page, its end held back until it passed.
    const enTampon = type === "application/x-www-form-urlencoded" || fichiers === 0;
    const sortie = new PassThrough();
    // Its error (a refusal, already answered) may have no reader: never an unhandled one.
    sortie.on("error", () => undefined);
    const tampon: Buffer[] = [];
    let recus = 0;
    let termine = false;
    const arreter = ([status, message]: Refus) => {
      if (termine) return;
      termine = true;
      req.off("data", lire);
      req.pause();
      res.locals[CLE_REFUS] = true;
      sortie.destroy(new Error(message));
      refuserRequete(req, res, status, message);
    };
    const lire = (morceau: Buffer) => {
      recus += morceau.length;
      if (recus > limite) return arreter([413, MESSAGE_CORPS_TROP_GROS]);
      verificateur.ecrire(morceau);
      if (refus.valeur) return arreter(refus.valeur);
      if (enTampon) tampon.push(morceau);
      else if (!sortie.write(morceau)) req.pause();
    };
    sortie.on("drain", () => {
      if (!termine) req.resume();
    });
    req.on("data", lire);
    req.on("end", () => {
      if (termine) return;
      verificateur.terminer().then(
        () => {
          if (refus.valeur) return arreter(refus.valeur);
          termine = true;
          if (!enTampon) return void sortie.end();
          sortie.end(Buffer.concat(tampon));
          next();
        },
        (motif: Refus) => arreter(refus.valeur ?? motif),
      );
    });
    req.on("error", (error) => {
      termine = true;
      sortie.destroy(error);
    });
    res.locals[CLE_CORPS] = sortie;
    if (!enTampon) next();
  };
}

/**
 * The Remix request handler of @remix-run/express (same request, same
 * answer; its helpers are not exported), except that the body is
 * the pass-through of {@link bornerCorpsPages} (the raw request when there is
 * none) and that the page's answer is dropped when the body was refused
 * meanwhile (the refusal already answered).
 */
export function gestionnaireRemix(options: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
}): RequestHandler {
  const handleRequest = createRemixNodeHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const response = await handleRequest(
        requeteRemix(req, res),
        options.getLoadContext(req, res),
      );
      if (res.locals[CLE_REFUS] || res.headersSent) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [nom, valeur] of response.headers) res.append(nom, valeur);
      if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      if (res.locals[CLE_REFUS]) return;
      next(error);
    }
  };
}

/** The request's headers as Fetch headers (repeated ones appended). */
function entetesFetch(entetes: Request["headers"]): Headers {
  const resultat = new Headers();
  for (const [nom, valeurs] of Object.entries(entetes)) {
    if (valeurs === undefined) continue;
    for (const valeur of Array.isArray(valeurs) ? valeurs : [valeurs]) resultat.append(nom, valeur);
  }
  return resultat;
}

/** The Fetch request Remix reads, built as @remix-run/express builds it. */
function requeteRemix(req: Request, res: Response): globalThis.Request {
  // req.hostname has no port: take it from X-Forwarded-Host or Host.
  const portDe = (entete: string | undefined) => Number.parseInt(entete?.split(":")[1] ?? "", 10);
  const port = [portDe(req.get("X-Forwarded-Host")), portDe(req.get("host"))].find((p) =>
    Number.isSafeInteger(p),
  );
  const url = new URL(
    `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`,
  );
  let controleur: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: entetesFetch(req.headers),
    signal: controleur.signal,
  };
  if (!SANS_CORPS.has(req.method)) {
    const corps = (res.locals[CLE_CORPS] as PassThrough | undefined) ?? req;
    init.body = createReadableStreamFromReadable(corps);
    init.duplex = "half";
  }
  // Abort loaders and actions once no answer can be written.
  res.on("finish", () => (controleur = null));
  res.on("close", () => controleur?.abort());
  return new Request(url.href, init);
}
