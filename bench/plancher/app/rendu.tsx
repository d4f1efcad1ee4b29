import { createElement, type ReactNode } from "react";
import type { Noeud } from "../arbre.ts";

/** React elements of captured nodes, keyed by position as JSX lists would be. */
export function rendre(noeuds: Noeud[]): ReactNode[] {
  return noeuds.map((noeud, index) =>
    typeof noeud === "string"
      ? noeud
      : createElement(
          noeud[0],
          { ...noeud[1], key: index },
          ...(noeud[2].length ? [rendre(noeud[2])] : []),
        ),
  );
}
