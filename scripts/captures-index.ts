/**
 * Writes `captures/index.html`: the screenshots of
 * `npm run captures`, in the order of e2e/pages-du-site.ts, one section per
 * page, each shot as a thumbnail linking to the full PNG with its visitor,
 * width and time. Shots missing from `captures/` (a run filtered with
 * `--grep`, a failed page) are listed as missing. The global teardown of
 * playwright.captures.config.ts; also runs alone:
 * `npx tsx scripts/captures-index.ts`.
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LARGEURS, PAGES_DU_SITE, VISITEURS, enSlug, nomCapture } from "../e2e/pages-du-site.ts";

const DOSSIER = join(import.meta.dirname, "..", "captures");

/** `texte` safe inside HTML text and attribute values. */
function echapper(texte: string): string {
  return texte
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Date and time of `date` in Paris, as "25/11/2026 14:03". */
function horodatage(date: Date): string {
  return date.toLocaleString("fr-FR", {
    timeZone: "Europe/Paris",
    dateStyle: "short",
    timeStyle: "short",
  });
}

/** Builds the index from what `captures/` holds; returns its path and the count of shots. */
export async function ecrireIndex(): Promise<{ chemin: string; captures: number }> {
  let captures = 0;
  const sections: string[] = [];
  for (const page of PAGES_DU_SITE) {
    const figures: string[] = [];
    for (const visiteur of page.visiteurs)
      for (const largeur of LARGEURS) {
        const fichier = nomCapture(page, visiteur, largeur);
        const titre = `${page.nom} — ${VISITEURS[visiteur]} — ${largeur} px`;
        const infos = await stat(join(DOSSIER, fichier)).catch(() => null);
        if (!infos) {
          figures.push(
            `<figure class="absente"><figcaption>${echapper(VISITEURS[visiteur])}, ${largeur} px : capture absente</figcaption></figure>`,
          );
          continue;
        }
        captures++;
        figures.push(
          `<figure><figcaption>${echapper(VISITEURS[visiteur])}, ${largeur} px ` +
            `<small>${horodatage(infos.mtime)}</small></figcaption>` +
            `<a class="miniature" href="${encodeURIComponent(fichier)}"><img src="${encodeURIComponent(fichier)}" alt="${echapper(titre)}" loading="lazy" width="${largeur === 1280 ? 320 : 150}"></a></figure>`,
        );
      }
    sections.push(
      `<section id="${enSlug(page.nom)}"><h2>${echapper(page.nom)}</h2><div class="captures">${figures.join("")}</div></section>`,
    );
  }
  const sommaire = PAGES_DU_SITE.map(
    (page) => `<li><a href="#${enSlug(page.nom)}">${echapper(page.nom)}</a></li>`,
  ).join("");
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>Captures du portail – Mon Accompagnateur Rénov'</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #161616; }
nav ul { columns: 3; font-size: .9rem; }
.captures { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
figure { margin: 0; border: 1px solid #ddd; padding: .5rem; }
.miniature { display: block; max-height: 420px; overflow: hidden; }
.miniature img { display: block; height: auto; }
figure.absente { color: #ce0500; }
figcaption { font-size: .85rem; margin-bottom: .25rem; max-width: 320px; }
</style>
</head>
<body>
<h1>Captures du portail</h1>
<p>${captures} captures, JavaScript activé, pleine page (<code>npm run captures</code>). Cliquez une miniature pour l'image entière.</p>
<nav aria-label="Pages"><ul>${sommaire}</ul></nav>
${sections.join("\n")}
</body>
</html>
`;
  const chemin = join(DOSSIER, "index.html");
  await mkdir(DOSSIER, { recursive: true });
  await writeFile(chemin, html);
  return { chemin, captures };
}

/** Global teardown of playwright.captures.config.ts. */
export default async function teardown(): Promise<void> {
  const { chemin, captures } = await ecrireIndex();
  console.log(`Captures : ${captures} images, index ${pathToFileURL(chemin).href}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await teardown();
