import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The submit button of a form posting `intent` (DSFR `fr-btn`, or
 * `className`), disabled while the page's post is under way so that a
 * double click does not post twice.
 */
export function SubmitButton({
  intent,
  className = "fr-btn",
  children,
}: {
  intent: string;
  className?: string;
  children: ReactNode;
}) {
  const envoi = useNavigation().state === "submitting";
  return (
    <button type="submit" className={className} name="intent" value={intent} disabled={envoi}>
      {children}
    </button>
  );
}
