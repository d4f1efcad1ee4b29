/** A `mailto:` link that shows the address it writes to. */
export function LienCourriel({ adresse }: { adresse: string }) {
  return <a href={`mailto:${adresse}`}>{adresse}</a>;
}
