import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "data/",
      "data-e2e/",
      "public/",
      "test-results/",
      "playwright-report/",
      "api/db/migrations/",
      // The framework floor's build (npm run bench, bench/plancher/): output, not source.
      "bench/tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // Sizes that keep a module readable (ADR 0044): a function fits on two
    // screens, a route module only wires its loader, action and component.
    files: ["{app,api,contract,idp,server}/**/*.{ts,tsx}", "server.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "max-lines-per-function": ["error", { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    // DESIGN §2: the Remix app never imports the backend; contract/ stays pure.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // contract/api (endpoint declarations) is the contract, not the backend.
              group: ["**/api/**", "!**/contract/api/**", "**/idp/**", "**/server/**"],
              message: "app/ n'importe que contract/ (DESIGN §2).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["contract/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "**/api/**", "!./api/**", "**/app/**", "**/server/**"],
              message: "contract/ reste du TypeScript pur.",
            },
          ],
        },
      ],
    },
  },
);
