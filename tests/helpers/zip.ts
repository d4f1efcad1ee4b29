/**
 * ZIP archives built byte by byte for the tests of the upload rule
 * (api/antivirus/archive-zip.ts): local headers, central directory, end
 * record, with whatever the test needs to lie about (a declared size, a
 * name no archiver would write). Nothing binary is stored in the repository.
 */
import { crc32, deflateRawSync } from "node:zlib";

/** One entry: its name (raw bytes allowed), its content, how it is stored. */
export interface EntreeZip {
  nom: string | Buffer;
  contenu: Buffer;
  /** `deflate` (method 8, the default) or `stocke` (method 0, as is). */
  methode?: "deflate" | "stocke";
  /** The uncompressed size written in the headers; the real one by default. */
  tailleDeclaree?: number;
}

/** The archive of `entrees`, in order. */
export function construireZip(entrees: EntreeZip[]): Buffer {
  const locaux: Buffer[] = [];
  const centraux: Buffer[] = [];
  let decalage = 0;
  for (const entree of entrees) {
    const nom = Buffer.isBuffer(entree.nom) ? entree.nom : Buffer.from(entree.nom, "utf8");
    const stocke = entree.methode === "stocke";
    const donnees = stocke ? entree.contenu : deflateRawSync(entree.contenu);
    const taille = entree.tailleDeclaree ?? entree.contenu.length;
    const crc = crc32(entree.contenu);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(stocke ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(donnees.length, 18);
    local.writeUInt32LE(taille, 22);
    local.writeUInt16LE(nom.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(stocke ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(donnees.length, 20);
    central.writeUInt32LE(taille, 24);
    central.writeUInt16LE(nom.length, 28);
    central.writeUInt32LE(decalage, 42);
    locaux.push(local, nom, donnees);
    centraux.push(central, nom);
    decalage += local.length + nom.length + donnees.length;
  }
  const repertoire = Buffer.concat(centraux);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(entrees.length, 8);
  fin.writeUInt16LE(entrees.length, 10);
  fin.writeUInt32LE(repertoire.length, 12);
  fin.writeUInt32LE(decalage, 16);
  return Buffer.concat([...locaux, repertoire, fin]);
}
