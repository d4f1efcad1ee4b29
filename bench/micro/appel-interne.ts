/**
 * Micro-benchmark of the BFF's in-process API call (ADR
 * 0029): `inProcessApiFetch` of `--module` (server/in-process-fetch.ts by
 * default; give a copy of an older version to compare, one process each)
 * over a small API shaped like the portal's (the request log of pino-http
 * at level warn, a bearer check, a query read, a JSON answer of ≈ 20 KB
 * like a page of `GET /api/demandes`), read as the BFF reads it
 * (`response.json()`). Prints the median processor time (user + system)
 * of one call over `--rounds` rounds of `--calls` calls, after a warm-up.
 *
 *   npx tsx bench/micro/appel-interne.ts [--module /tmp/ancien/in-process-fetch.ts]
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import express from "express";
import { pino } from "pino";
import { pinoHttp } from "pino-http";

const { values: args } = parseArgs({
  options: {
    module: { type: "string", default: "server/in-process-fetch.ts" },
    rounds: { type: "string", default: "15" },
    calls: { type: "string", default: "500" },
  },
});
const { inProcessApiFetch } = (await import(resolve(args.module))) as {
  inProcessApiFetch: (
    router: express.Router,
    log: express.RequestHandler,
  ) => (url: string, init?: RequestInit) => Promise<Response>;
};

const ligne = (index: number) => ({
  id: `5ca1e003-0000-4000-8000-${String(index).padStart(12, "0")}`,
  numeroDossier: `D-2026-${index}`,
  raisonSociale: `Rénov Conseil ${index}`,
  siren: "832915474",
  codeDepartement: "75",
  etat: "affectee",
  dateDepot: "2026-11-10T06:08:21.726Z",
  instructeur: { id: "i", firstName: "Claire", lastName: "Martin" },
});
const page = { result: Array.from({ length: 50 }, (_, index) => ligne(index)), nb_elements: 1514 };

const router = express.Router();
router.use((req, res, next) => {
  if (!/^Bearer\s+\S+$/i.test(req.get("authorization") ?? "")) {
    res.status(401).json({ message: "Authentification requise" });
    return;
  }
  res.set("Cache-Control", "no-store");
  next();
});
router.get("/demandes", (req, res) => {
  res.json({ ...page, page: Number(req.query.page ?? 1) });
});
const apiFetch = inProcessApiFetch(
  router,
  pinoHttp({ logger: pino({ level: "warn" }, pino.destination("/dev/null")) }),
);

const appel = async () => {
  const headers = new Headers({
    Accept: "application/json",
    "Accept-Encoding": "identity",
    Authorization: "Bearer jeton",
    "X-Forwarded-For": "203.0.113.7",
  });
  const response = await apiFetch("http://127.0.0.1:3000/api/demandes?page=2", { headers });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  await response.json();
};

for (let call = 0; call < 2000; call += 1) await appel();
const times: number[] = [];
for (let round = 0; round < Number(args.rounds); round += 1) {
  // Processor time, not elapsed time: on a busy machine, waiting for a core is not the call's cost.
  const started = process.cpuUsage();
  for (let call = 0; call < Number(args.calls); call += 1) await appel();
  const { user, system } = process.cpuUsage(started);
  times.push((user + system) / Number(args.calls));
}
times.sort((a, b) => a - b);
console.log(
  `${args.module} : médiane ${times[times.length >> 1].toFixed(0)} µs par appel ` +
    `(min ${times[0].toFixed(0)}, max ${times[times.length - 1].toFixed(0)})`,
);
