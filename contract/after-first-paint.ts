/**
 * What a page loads only once it has painted
 * (ADR 0008): DSFR's fonts and Remix's JavaScript. Lighthouse estimates the
 * mobile LCP from every request started before the paint it saw; the fonts
 * (≈ 125 KiB, requested as soon as text is laid out) and the ≈ 30 modules
 * Remix preloads (≈ 210 KiB) were on that path, though the text they style
 * or hydrate is already readable. Without JavaScript nothing changes: the
 * fonts come by a `<noscript>` stylesheet and there are no scripts to wait for.
 *
 * Shared by the two producers of pages: the portal (app/root.tsx, with
 * Remix's scripts) and the embedded identity provider (idp/pages/layout.ts,
 * fonts only); here, in contract/, because neither may import the other.
 *
 * The portal's server (app/components/layout/after-first-paint.server.ts)
 * leaves Remix's `<link rel="modulepreload">` and `<script type="module">`
 * in the page, with a `rel` and a `type` browsers ignore, so that React
 * hydrates the same elements; the script below puts live copies at the end
 * of `<head>` and `<body>`, where React 18 tolerates extra nodes.
 */

/** `rel` of Remix's module preloads until the first paint. */
export const INERT_MODULEPRELOAD = "x-modulepreload-apres-affichage";

/** `type` of Remix's module script until the first paint. */
export const INERT_MODULE = "x-module-apres-affichage";

/** Milliseconds after which the page loads them without a paint (a tab opened in the background). */
const AU_PLUS_TARD_MS = 3_000;

/**
 * Inline script (ES5, for the `<head>`) that, once the page is parsed and
 * the browser has reported its first contentful paint, links the
 * @font-face stylesheet `policesUrl` and starts Remix: module preloads,
 * then its module script with the same CSP nonce. The paint is the one the
 * Paint Timing API reports, not the next animation frame: the frame is
 * presented after its callbacks run, and Lighthouse dates the LCP from the
 * presentation. Pages without Remix (the identity provider's) only get the
 * fonts.
 */
export function afterFirstPaintScript(policesUrl: string): string {
  return `(function(d){
var fait=false;
function charger(){
if(fait)return;fait=true;
var f=d.createElement("link");f.rel="stylesheet";f.href=${JSON.stringify(policesUrl)};d.head.appendChild(f);
var l=d.querySelectorAll('link[rel="${INERT_MODULEPRELOAD}"]');
for(var i=0;i<l.length;i++){var p=d.createElement("link");p.rel="modulepreload";p.href=l[i].getAttribute("href");d.head.appendChild(p);}
var m=d.querySelector('script[type="${INERT_MODULE}"]');
if(m){var s=d.createElement("script");s.type="module";s.nonce=m.nonce;s.textContent=m.textContent;d.body.appendChild(s);}
}
function apresAffichage(){
setTimeout(charger,${AU_PLUS_TARD_MS});
try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){
new PerformanceObserver(function(liste,o){var e=liste.getEntries();for(var i=0;i<e.length;i++)if(e[i].name==="first-contentful-paint"){o.disconnect();setTimeout(charger,0);}}).observe({type:"paint",buffered:true});
return;}}catch(e){}
requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(charger,0);});});
}
if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",apresAffichage);else apresAffichage();
})(document);`;
}
