/**
 * Known open-redirect payloads, gathered from the usual
 * lists (OWASP's "Unvalidated Redirects" cheat sheet, PayloadsAllTheThings'
 * "Open Redirect"): each one tries to make a redirect parameter of the
 * portal (`redirectUrl`, `redirectTo`) send the browser to
 * `evil.example`. Used by tests/unit/redirect-url.test.ts (every payload
 * through `safeRedirectPath`) and e2e/redirections.spec.ts (a few through
 * the pages, the results read by Chromium's own URL parser).
 */
export const OPEN_REDIRECT_PAYLOADS: readonly string[] = [
  // Absolute and scheme-relative URLs.
  "https://evil.example",
  "http://evil.example/",
  "HTTPS://EVIL.EXAMPLE",
  "https:evil.example",
  "https:/evil.example",
  "http:\\\\evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "//evil.example/%2F..",
  "//evil.example@portail.example",
  "//portail.example@evil.example",
  "evil.example",
  "@evil.example",
  // Backslashes, read as "/" by browsers.
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/\\\\evil.example",
  "/./\\evil.example",
  // Dot segments the URL parser resolves (the defect of ba68e8d).
  "/.//evil.example",
  "/..//evil.example",
  "/../..//evil.example",
  "/./..//evil.example",
  "/././/evil.example",
  "/.///evil.example",
  "/..///evil.example",
  "/a/..//evil.example",
  "/a/b/../..//evil.example",
  "/.//evil.example/chemin?x=1#ancre",
  "/.//evil.example:443",
  // Encoded dots and slashes.
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/.%2e//evil.example",
  "/%2e./%2e%2e//evil.example",
  "/%2F%2Fevil.example",
  "/%2f%2fevil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%252F%252Fevil.example",
  "%2F%2Fevil.example",
  "/%2e%2f%2fevil.example",
  // Tabs, newlines and other characters browsers drop or encode.
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  " //evil.example",
  "/ /evil.example",
  "/\u00a0/evil.example",
  "/\u3000/evil.example",
  "/\u200b/evil.example",
  // Unicode slashes and backslashes (hosts are IDNA-mapped, paths are not).
  "/\u2215evil.example",
  "/\uff0fevil.example",
  "/\u2044evil.example",
  "/\u29f8evil.example",
  "/\u2216evil.example",
  "/\ufe68evil.example",
  "/\uff3cevil.example",
  "\uff0f\uff0fevil.example",
  "/%E2%88%95evil.example",
  "/%EF%BC%8Fevil.example",
  // Script and data URLs.
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "javascript://%0aalert(1)",
  "/javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  // Harmless-looking paths that carry the host further on.
  "/?next=//evil.example",
  "/#//evil.example",
  "/@evil.example",
  "/;//evil.example",
];
