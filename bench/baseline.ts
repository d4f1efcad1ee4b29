/**
 * The fastest server this machine can run for the portal's kind of pages:
 * a bare Node `http` server, no framework, no
 * middleware, no database. It answers
 * - `/`: a fixed HTML page, the "DSFR page alone" (header, title,
 *   a paragraph, a button with an icon, footer) linking only the DSFR CSS,
 *   the icon classes, two Marianne weights (preloaded, as the portal does)
 *   and the DSFR module JS;
 * - `/dsfr/…`: the files of public/dsfr (the portal's stylesheet
 *   portail.<hash>.min.css among them), read once and kept in memory with
 *   their brotli and gzip forms, made as scripts/precompress.mjs makes the
 *   portal's copies and chosen as the portal chooses: brotli when the
 *   client accepts it, else gzip;
 * - `/brut/…`: the same page and files never compressed, to see what
 *   compression is worth.
 * Run alone: `PORT=4000 npx tsx bench/baseline.ts` (prints "prêt <port>").
 */
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const DSFR_DIR = join(import.meta.dirname, "..", "public", "dsfr");

const TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};

/** Types worth compressing (fonts and PNG are compressed already). */
const COMPRESSIBLE = new Set([".css", ".js", ".html", ".svg", ".json", ".webmanifest", ".ico"]);

/** The DSFR page alone; `prefix` is "" or "/brut" so its assets stay uncompressed too. */
function dsfrPage(prefix: string): string {
  return `<!doctype html>
<html lang="fr" data-fr-scheme="light" data-fr-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<title>Page DSFR seule | Mesure de référence</title>
<meta name="description" content="Page statique de référence : le DSFR seul, sans application.">
<link rel="preload" href="${prefix}/dsfr/fonts/Marianne-Regular.woff2" as="font" type="font/woff2" crossorigin="anonymous">
<link rel="preload" href="${prefix}/dsfr/fonts/Marianne-Bold.woff2" as="font" type="font/woff2" crossorigin="anonymous">
<link rel="stylesheet" href="${prefix}/dsfr/dsfr.min.css">
<link rel="stylesheet" href="${prefix}/dsfr/utility/icons/icons.min.css">
<link rel="icon" href="${prefix}/dsfr/favicon/favicon.svg" type="image/svg+xml">
</head>
<body>
<header role="banner" class="fr-header">
  <div class="fr-header__body"><div class="fr-container"><div class="fr-header__body-row">
    <div class="fr-header__brand"><div class="fr-header__brand-top">
      <div class="fr-header__logo"><p class="fr-logo">République<br>française</p></div>
    </div>
    <div class="fr-header__service"><p class="fr-header__service-title">Mon Accompagnateur Rénov'</p>
    <p class="fr-header__service-tagline">Portail des agréments</p></div></div>
  </div></div></div>
</header>
<main id="contenu" class="fr-container fr-my-6w">
  <h1>Demander l'agrément Mon Accompagnateur Rénov'</h1>
  <p class="fr-text--lead">Les structures candidates déposent leur demande d'agrément, suivent son instruction et reçoivent la décision de l'Anah sur ce portail.</p>
  <p>Préparez les pièces de votre dossier au format PDF avant de commencer : vous pourrez enregistrer votre demande en brouillon à chaque étape.</p>
  <a class="fr-btn fr-icon-arrow-right-line fr-btn--icon-right" href="#contenu">Commencer</a>
</main>
<footer class="fr-footer" role="contentinfo"><div class="fr-container"><div class="fr-footer__body">
  <div class="fr-footer__brand fr-enlarge-link"><p class="fr-logo">République<br>française</p></div>
  <div class="fr-footer__content"><p class="fr-footer__content-desc">Agence nationale de l'habitat</p></div>
</div></div></footer>
<script type="module" src="${prefix}/dsfr/dsfr.module.min.js"></script>
</body>
</html>
`;
}

interface Asset {
  type: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function asset(type: string, raw: Buffer, compress: boolean): Asset {
  if (!compress) return { type, raw };
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  return { type, raw, br, gzip: gzipSync(raw, { level: 9 }) };
}

const pages = {
  "": asset(TYPES[".html"], Buffer.from(dsfrPage("")), true),
  "/brut": asset(TYPES[".html"], Buffer.from(dsfrPage("/brut")), true),
};
const files = new Map<string, Promise<Asset | null>>();

/** public/dsfr/<relative>, read and compressed once; null when absent or outside the folder. */
function dsfrFile(relative: string): Promise<Asset | null> {
  let cached = files.get(relative);
  if (!cached) {
    const path = normalize(join(DSFR_DIR, relative));
    const extension = extname(path);
    cached = path.startsWith(DSFR_DIR + sep)
      ? readFile(path).then(
          (raw) =>
            asset(TYPES[extension] ?? "application/octet-stream", raw, COMPRESSIBLE.has(extension)),
          () => null,
        )
      : Promise.resolve(null);
    files.set(relative, cached);
  }
  return cached;
}

function send(req: IncomingMessage, res: ServerResponse, found: Asset, compress: boolean) {
  const accepted = compress ? (req.headers["accept-encoding"] ?? "") : "";
  const encoding =
    found.br && /\bbr\b/.test(accepted)
      ? "br"
      : found.gzip && /\bgzip\b/.test(accepted)
        ? "gzip"
        : null;
  const body = encoding ? found[encoding]! : found.raw;
  res.writeHead(200, {
    "Content-Type": found.type,
    "Content-Length": body.length,
    "Cache-Control": "public, max-age=3600",
    Vary: "Accept-Encoding",
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  });
  res.end(body);
}

/** Answers one request: the page, a DSFR file, or 404. */
async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = decodeURIComponent((req.url ?? "/").split("?")[0]);
  const brut = path === "/brut" || path.startsWith("/brut/");
  const rest = brut ? path.slice("/brut".length) || "/" : path;
  if (rest === "/") {
    send(req, res, pages[brut ? "/brut" : ""], !brut);
    return;
  }
  const found = rest.startsWith("/dsfr/") ? await dsfrFile(rest.slice("/dsfr/".length)) : null;
  if (!found) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Introuvable");
    return;
  }
  send(req, res, found, !brut);
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => {
    res.writeHead(500).end();
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`prêt ${typeof address === "object" && address ? address.port : ""}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
