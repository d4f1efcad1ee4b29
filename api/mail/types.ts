/** What the API needs from mail delivery (api/mail/mailer.ts implements it). */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text part, always present. */
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one mail; rejects when the transport refuses it. */
  envoyer(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
