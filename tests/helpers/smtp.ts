/**
 * A real SMTP server for API tests (smtp-server), so the portal's mails go
 * through nodemailer and the network exactly as in production
 * (SMTP_URL=smtp://127.0.0.1:<port>). Plain SMTP without STARTTLS nor
 * authentication; every accepted mail is parsed with mailparser.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CourrielRecu {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpDeTest {
  /** smtp://127.0.0.1:<port>, for the portal's SMTP_URL. */
  url: string;
  /** Every mail accepted so far, oldest first. */
  courriels: CourrielRecu[];
  /**
   * The next mail to `destinataire` not yet returned by a previous call
   * (waits up to `delaiMs`, default 10 s; throws after).
   */
  attendre(destinataire: string, delaiMs?: number): Promise<CourrielRecu>;
  /** Addresses whose mails the server refuses with 550 (a failing mail relay). */
  refuser(destinataire: string): void;
  close(): Promise<void>;
}

function adresses(mail: ParsedMail): string[] {
  return [mail.to]
    .flat()
    .flatMap((champ) => champ?.value ?? [])
    .flatMap((valeur) => (valeur.address ? [valeur.address.toLowerCase()] : []));
}

/** Starts the server on a free loopback port. */
export async function startSmtpServer(): Promise<SmtpDeTest> {
  const courriels: CourrielRecu[] = [];
  const dejaLus = new Set<CourrielRecu>();
  const refuses = new Set<string>();
  const server = new SMTPServer({
    secure: false,
    // nodemailer upgrades to TLS whenever the server offers it; this one does not.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuses.has(address.address.toLowerCase())) {
        const error = new Error("Boîte aux lettres indisponible") as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          courriels.push({
            to: adresses(mail),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    courriels,
    async attendre(destinataire, delaiMs = 10_000) {
      const limite = Date.now() + delaiMs;
      const adresse = destinataire.toLowerCase();
      while (Date.now() < limite) {
        const courriel = courriels.find((c) => !dejaLus.has(c) && c.to.includes(adresse));
        if (courriel) {
          dejaLus.add(courriel);
          return courriel;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`Aucun courriel reçu pour ${destinataire}`);
    },
    refuser(destinataire) {
      refuses.add(destinataire.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
