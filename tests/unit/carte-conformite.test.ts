/**
 * docs/conformite.md, the map from the specification to the code, kept
 * honest: every file it cites exists, every test title it quotes (« … »
 * after a test file) is in that file, and every row it marks "fait" cites at
 * least one test.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const RACINE = join(import.meta.dirname, "..", "..");
const CARTE = readFileSync(join(RACINE, "docs", "conformite.md"), "utf8");

/** A row of one of the map's tables, its cells by column title. */
interface Ligne {
  numero: number;
  cellules: Record<string, string>;
}

/** The rows of every table of the map (header, separator, then rows). */
function lignes(): Ligne[] {
  const resultat: Ligne[] = [];
  let entetes: string[] | null = null;
  CARTE.split("\n").forEach((texte, index) => {
    if (!texte.startsWith("|")) {
      entetes = null;
      return;
    }
    const cellules = texte
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cellule) => cellule.trim());
    if (!entetes) entetes = cellules;
    else if (!/^-+$/.test(cellules[0]))
      resultat.push({
        numero: index + 1,
        cellules: Object.fromEntries(entetes.map((titre, rang) => [titre, cellules[rang] ?? ""])),
      });
  });
  return resultat;
}

/** Files of the repository a cell cites: `dir/file.ext`, without a route pattern or an API path. */
function fichiersCites(cellule: string): string[] {
  return [...cellule.matchAll(/`([^`\s]+\.(?:ts|tsx|md|css|sql|json|sh|cjs))`/g)].map(
    ([, chemin]) => chemin,
  );
}

/** The texts between outer « and », nested guillemets kept (« après « Tout accepter » … »). */
function entreGuillemets(texte: string): string[] {
  const titres: string[] = [];
  let profondeur = 0;
  let debut = 0;
  [...texte].forEach((caractere, rang, caracteres) => {
    if (caractere === "«" && profondeur++ === 0) debut = rang + 1;
    if (caractere === "»" && profondeur > 0 && --profondeur === 0)
      titres.push(caracteres.slice(debut, rang).join("").trim());
  });
  return titres;
}

/** Spaces as one plain space (the map and the sources differ in no-break spaces). */
const espaces = (texte: string) => texte.replace(/[\s\u00a0\u202f]+/g, " ");

/** Test files of a cell, each with the titles quoted after it. */
function testsCites(cellule: string): { fichier: string; titres: string[] }[] {
  return cellule.split("<br>").flatMap((morceau) => {
    const fichier =
      /`((?:tests|e2e|app|contract|api|idp|server)\/[^`]+\.(?:test|spec)\.tsx?)`/.exec(
        morceau,
      )?.[1];
    if (!fichier) return [];
    return [{ fichier, titres: entreGuillemets(morceau.slice(morceau.indexOf(fichier))) }];
  });
}

describe("la carte de conformité (docs/conformite.md)", () => {
  const toutes = lignes();

  it("a ses tableaux", () => {
    expect(toutes.length).toBeGreaterThan(150);
  });

  it("ne cite que des fichiers qui existent", () => {
    const absents = toutes.flatMap((ligne) =>
      Object.values(ligne.cellules)
        .flatMap(fichiersCites)
        .filter((chemin) => chemin.includes("/") && !existsSync(join(RACINE, chemin)))
        .map((chemin) => `ligne ${ligne.numero} : ${chemin}`),
    );
    expect(absents).toEqual([]);
  });

  it("ne cite que des titres de test présents dans le fichier cité", () => {
    const absents = toutes.flatMap((ligne) =>
      testsCites(ligne.cellules.Tests ?? "").flatMap(({ fichier, titres }) => {
        const chemin = join(RACINE, fichier);
        if (!existsSync(chemin)) return [];
        const source = espaces(readFileSync(chemin, "utf8"));
        // "…" elides part of a long title: each remaining fragment must be there.
        return titres
          .filter((titre) =>
            titre
              .split("…")
              .map((fragment) => espaces(fragment).trim())
              .some((fragment) => fragment !== "" && !source.includes(fragment)),
          )
          .map((titre) => `ligne ${ligne.numero} : ${fichier} « ${titre} »`);
      }),
    );
    expect(absents).toEqual([]);
  });

  it("cite au moins un test pour chaque ligne « fait »", () => {
    const sansTest = toutes
      .filter((ligne) => /^fait\b/.test(ligne.cellules["État"] ?? ""))
      .filter((ligne) => testsCites(ligne.cellules.Tests ?? "").length === 0)
      .map((ligne) => `ligne ${ligne.numero} : ${ligne.cellules.Section ?? ""}`);
    expect(sansTest).toEqual([]);
  });
});
