/**
 * Slow clients are cut (server/delais-connexion.ts, docs/securite.md): the
 * portal's header and request timeouts, and a body trickling in below the
 * minimum rate loses its connection while a body at a normal rate is read
 * whole. The rate check runs here with shortened times (a grace of 300 ms,
 * 1,000 bytes/s); the figures of production are asserted as they are.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { bornerLesConnexions } from "../../server/delais-connexion.ts";

const silencieux = pino({ level: "silent" });
let serveur: Server | undefined;

afterEach(async () => {
  serveur?.closeAllConnections();
  await new Promise<void>((resolve) => (serveur ? serveur.close(() => resolve()) : resolve()));
  serveur = undefined;
});

/** A server answering 200 with the number of body bytes it read, bounded by `bornes`. */
async function demarrer(bornes: Parameters<typeof bornerLesConnexions>[2] = {}) {
  serveur = createServer((req, res) => {
    let octets = 0;
    req.on("data", (morceau: Buffer) => (octets += morceau.length));
    req.on("end", () => res.end(String(octets)));
  });
  bornerLesConnexions(serveur, silencieux, bornes);
  await new Promise<void>((resolve) => serveur!.listen(0, "127.0.0.1", resolve));
  return (serveur.address() as AddressInfo).port;
}

/**
 * Posts `total` bytes in pieces of `morceau` bytes, one piece each time the
 * previous one was flushed and `rythmeMs` passed; resolves with the answer,
 * or with "coupée" when the server closes the connection first.
 */
function envoyer(port: number, total: number, morceau: number, rythmeMs: number) {
  return new Promise<string>((resolve) => {
    const requete = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/televersement",
      headers: { "Content-Length": String(total) },
    });
    let envoye = 0;
    let minuteur: NodeJS.Timeout | undefined;
    const suite = () => {
      if (envoye >= total) return requete.end();
      const taille = Math.min(morceau, total - envoye);
      envoye += taille;
      requete.write(Buffer.alloc(taille, 0x61), () => {
        minuteur = setTimeout(suite, rythmeMs);
      });
    };
    requete.on("response", (reponse) => {
      let texte = "";
      reponse.on("data", (bout: Buffer) => (texte += bout.toString()));
      reponse.on("end", () => resolve(texte));
    });
    requete.on("error", () => {
      clearTimeout(minuteur);
      resolve("coupée");
    });
    suite();
  });
}

describe("requêtes lentes", () => {
  it("règle les délais de production : en-têtes 20 s, requête 15 min", async () => {
    await demarrer();
    expect(serveur!.headersTimeout).toBe(20_000);
    expect(serveur!.requestTimeout).toBe(900_000);
  });

  it("coupe un corps qui arrive octet par octet sous le débit minimal", async () => {
    const port = await demarrer({ graceMs: 300, intervalleMs: 100, debitMinOctetsS: 1000 });
    // 1 byte every 50 ms: 20 bytes/s, fifty times under the minimum; it would take 5 s.
    expect(await envoyer(port, 100, 1, 50)).toBe("coupée");
  });

  it("lit en entier un corps envoyé au-dessus du débit minimal", async () => {
    const port = await demarrer({ graceMs: 300, intervalleMs: 100, debitMinOctetsS: 1000 });
    // 16 KB every 20 ms: about 800 KB/s.
    expect(await envoyer(port, 256 * 1024, 16 * 1024, 20)).toBe(String(256 * 1024));
  });
});
