/**
 * The ZIP rule of an upload (ADR 0030, docs/securite.md "Archives ZIP"): a
 * ZIP is judged by what it holds, not by what its directory declares. Every
 * entry is inflated in a stream (nothing is written anywhere) and its bytes
 * counted against one budget, LIMITES_ZIP.facteurMax times the upload's
 * size, shared with the archives it holds; those are opened in turn down to
 * LIMITES_ZIP.profondeurMax levels, deeper ones refused. Entries are
 * counted across every level (LIMITES_ZIP.entreesMax), and a name that is
 * absolute (`/etc/x`, `C:\x`, `\\serveur\x`), climbs (`..`) or holds a
 * control character refuses the archive. An archive yauzl cannot read
 * (damaged, encrypted, unknown compression) is refused too.
 *
 * The archive is read whole into memory: it is an upload, at most
 * UPLOAD_MAX_MO, and yauzl needs random access to reach each entry.
 */
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { LIMITES_ZIP, MESSAGES_ZIP } from "../../contract/antivirus.ts";

/** Signatures that start a ZIP: a local header, or the end record of an empty archive. */
const SIGNATURES_ZIP = [0x04034b50, 0x06054b50];

/** A refusal found while reading, carried out of yauzl's callbacks. */
class Refus extends Error {
  constructor(readonly motif: string) {
    super(motif);
  }
}

/** What the levels of one upload share: the bytes and entries still allowed. */
interface Budget {
  octets: number;
  entrees: number;
}

/**
 * Whether `nom` (an entry's name, as raw bytes decoded) may not be
 * extracted anywhere safely: absolute, with a drive letter, climbing out,
 * or holding a control character.
 */
export function nomInterdit(nom: string): boolean {
  // C0 controls and DEL: a name that hides or rewrites what a terminal shows.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(nom)) return true;
  if (/^[/\\]/.test(nom) || /^[a-zA-Z]:/.test(nom)) return true;
  return nom.split(/[/\\]/).some((segment) => segment === "..");
}

/** Reads `flux` whole. */
async function lireTout(flux: Readable): Promise<Buffer> {
  const morceaux: Buffer[] = [];
  for await (const morceau of flux) morceaux.push(morceau as Buffer);
  return Buffer.concat(morceaux);
}

/** Opens `octets` as a ZIP (lazily, no name decoding: names are checked as they are). */
function ouvrir(octets: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      octets,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: false },
      (erreur, archive) =>
        erreur || !archive ? reject(new Refus(MESSAGES_ZIP.illisible)) : resolve(archive),
    ),
  );
}

/**
 * Inflates `entree` of `archive`, counting its bytes against `budget`;
 * keeps them when they start like a ZIP (to open it in turn). Rejects with
 * a {@link Refus} past the budget or when the entry cannot be read.
 */
function inflater(
  archive: yauzl.ZipFile,
  entree: yauzl.Entry,
  budget: Budget,
): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    archive.openReadStream(entree, (erreur, flux) => {
      if (erreur || !flux) return reject(new Refus(MESSAGES_ZIP.illisible));
      const gardes: Buffer[] = [];
      let garder: boolean | undefined;
      let tete = Buffer.alloc(0);
      flux.on("data", (morceau: Buffer) => {
        budget.octets -= morceau.length;
        if (budget.octets < 0) {
          flux.destroy();
          return reject(new Refus(MESSAGES_ZIP.tropGrande));
        }
        if (garder === undefined) {
          tete = Buffer.concat([tete, morceau]);
          if (tete.length >= 4) garder = SIGNATURES_ZIP.includes(tete.readUInt32LE(0));
        }
        if (garder !== false) gardes.push(morceau);
      });
      flux.on("error", () => reject(new Refus(MESSAGES_ZIP.illisible)));
      flux.on("end", () => resolve(garder ? Buffer.concat(gardes) : null));
    });
  });
}

/** Checks the archive `octets` at nesting `niveau` (0 for the upload), spending `budget`. */
async function verifier(octets: Buffer, niveau: number, budget: Budget): Promise<void> {
  const archive = await ouvrir(octets);
  try {
    budget.entrees -= archive.entryCount;
    if (budget.entrees < 0) throw new Refus(MESSAGES_ZIP.tropDEntrees);
    await new Promise<void>((resolve, reject) => {
      archive.on("entry", (entree: yauzl.Entry) => {
        const nom = Buffer.isBuffer(entree.fileName)
          ? entree.fileName.toString("utf8")
          : String(entree.fileName);
        if (nomInterdit(nom)) return reject(new Refus(MESSAGES_ZIP.nomInterdit));
        if (nom.endsWith("/")) return archive.readEntry();
        inflater(archive, entree, budget)
          .then(async (interne) => {
            if (interne) {
              if (niveau + 1 > LIMITES_ZIP.profondeurMax)
                throw new Refus(MESSAGES_ZIP.tropProfonde);
              await verifier(interne, niveau + 1, budget);
            }
            archive.readEntry();
          })
          .catch(reject);
      });
      archive.on("end", () => resolve());
      archive.on("error", () => reject(new Refus(MESSAGES_ZIP.illisible)));
      archive.readEntry();
    });
  } finally {
    archive.close();
  }
}

/**
 * The French message refusing the ZIP `flux` (`taille` bytes, as stored),
 * one of MESSAGES_ZIP, or null when it respects every limit (see the
 * module's comment).
 */
export async function refusZip(flux: Readable, taille: number): Promise<string | null> {
  const octets = await lireTout(flux);
  const budget = { octets: LIMITES_ZIP.facteurMax * taille, entrees: LIMITES_ZIP.entreesMax };
  try {
    await verifier(octets, 0, budget);
    return null;
  } catch (erreur) {
    if (erreur instanceof Refus) return erreur.motif;
    return MESSAGES_ZIP.illisible;
  }
}
