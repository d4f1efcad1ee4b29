/** The page captured from the portal, put in by bench/plancher/vite.config.ts (`define`). */
declare const __PAGE_PLANCHER__: import("../arbre.ts").PageCapturee;
