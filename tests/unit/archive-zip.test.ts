/**
 * The ZIP rule of an upload (api/antivirus/archive-zip.ts; docs/securite.md
 * "Archives ZIP"): judged by the bytes it inflates to, not by the sizes it
 * declares; archives inside archives opened on the same budget, down to two
 * levels; absolute, climbing and control-character names refused. Every
 * archive is built here byte by byte (tests/helpers/zip.ts).
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { refusZip } from "../../api/antivirus/archive-zip.ts";
import { construireZip, type EntreeZip } from "../helpers/zip.ts";

const TROP_GRANDE =
  "Cette archive ZIP est refusée : une fois décompressée, elle ferait plus de 10 fois sa taille.";
const NOM_INTERDIT =
  "Cette archive ZIP est refusée : un de ses fichiers porte un nom interdit (chemin absolu, remontée « .. » ou caractère de contrôle).";
const TROP_PROFONDE =
  "Cette archive ZIP est refusée : elle contient des archives imbriquées sur plus de 2 niveaux.";
const TROP_D_ENTREES = "Cette archive ZIP est refusée : elle contient plus de 1\u00a0000 fichiers.";
const ILLISIBLE = "Cette archive ZIP est refusée : elle est endommagée, chiffrée ou illisible.";

const Mo = 1024 * 1024;
const juger = (zip: Buffer) => refusZip(Readable.from([zip]), zip.length);
const texte = (nom: string, contenu = "Bonjour"): EntreeZip => ({
  nom,
  contenu: Buffer.from(contenu),
});

describe("archives ZIP déposées", () => {
  it("accepte une archive ordinaire, avec un dossier et des noms qui commencent par deux points", async () => {
    const zip = construireZip([
      { nom: "statuts/", contenu: Buffer.alloc(0), methode: "stocke" },
      texte("statuts/kbis.txt"),
      texte("..notes.txt"),
      texte("rapport..final.txt"),
    ]);
    expect(await juger(zip)).toBeNull();
  });

  it("refuse une archive qui déclare 100 octets par fichier mais se décompresse en 20 Mo", async () => {
    const zip = construireZip(
      Array.from({ length: 20 }, (_, rang) => ({
        nom: `zeros-${rang}.bin`,
        contenu: Buffer.alloc(Mo),
        tailleDeclaree: 100,
      })),
    );
    expect(zip.length).toBeLessThan(25 * 1024);
    expect(await juger(zip)).toBe(TROP_GRANDE);
  });

  it("refuse une bombe rangée telle quelle dans une archive extérieure", async () => {
    const bombe = construireZip([{ nom: "zeros.bin", contenu: Buffer.alloc(5 * Mo) }]);
    const exterieure = construireZip([{ nom: "pieces.zip", contenu: bombe, methode: "stocke" }]);
    expect(await juger(exterieure)).toBe(TROP_GRANDE);
  });

  for (const nom of [
    "../../../../tmp/x",
    "..\\..\\evil.bat",
    "/etc/cron.d/x",
    "\\\\serveur\\partage\\x",
    "C:\\Windows\\x.dll",
    "dossier/../../x",
    "facture\u0007.pdf",
    "ligne\nsuivante.txt",
  ])
    it(`refuse le nom ${JSON.stringify(nom)}`, async () => {
      expect(await juger(construireZip([texte("ok.txt"), texte(nom)]))).toBe(NOM_INTERDIT);
    });

  it("ouvre les archives imbriquées jusqu'à deux niveaux et refuse le troisième", async () => {
    const niveau2 = construireZip([texte("profond.txt")]);
    const niveau1 = construireZip([{ nom: "n2.zip", contenu: niveau2 }]);
    const upload = construireZip([{ nom: "n1.zip", contenu: niveau1 }]);
    expect(await juger(upload)).toBeNull();
    const troisNiveaux = construireZip([{ nom: "n0.zip", contenu: upload }]);
    expect(await juger(troisNiveaux)).toBe(TROP_PROFONDE);
  });

  it("refuse un nom interdit caché dans une archive imbriquée", async () => {
    const interieure = construireZip([texte("../../x")]);
    expect(await juger(construireZip([{ nom: "a.zip", contenu: interieure }]))).toBe(NOM_INTERDIT);
  });

  it("compte les fichiers de toutes les archives : 600 dehors et 401 dedans font plus de 1 000", async () => {
    const interieure = construireZip(
      Array.from({ length: 401 }, (_, rang) => texte(`dedans-${rang}.txt`, "x")),
    );
    const entrees = Array.from({ length: 599 }, (_, rang) => texte(`dehors-${rang}.txt`, "x"));
    const zip = construireZip([...entrees, { nom: "dedans.zip", contenu: interieure }]);
    expect(await juger(zip)).toBe(TROP_D_ENTREES);
  });

  it("refuse une archive tronquée", async () => {
    const zip = construireZip([texte("a.txt"), texte("b.txt")]);
    expect(await juger(zip.subarray(0, zip.length - 30))).toBe(ILLISIBLE);
  });
});
