// ESLint over the web client (gateway/web): plain ES modules run by the browser, no build step.
// The recommended rules, and those that catch real bugs in code no compiler reads before a
// player does: undefined names, unused bindings, loose equality, shadowed names.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "var/", "build/"] },
  {
    files: ["gateway/web/**/*.js"],
    ...js.configs.recommended,
  },
  {
    files: ["gateway/web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-undef": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-shadow": ["error", { builtinGlobals: false, hoist: "functions" }],
      // Mistakes the recommended set lets through, none of them style.
      "array-callback-return": "error",
      "default-case-last": "error",
      "no-constructor-return": "error",
      "no-implicit-globals": "error",
      "no-new-wrappers": "error",
      "no-return-assign": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-throw-literal": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-var": "error",
      radix: "error",
    },
  },
  {
    // The service worker's scripts run as classic scripts in a worker's scope.
    files: ["gateway/web/sw.js", "gateway/web/sw-push.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
    // A worker's global scope is its own: no page's scripts share it.
    rules: { "no-implicit-globals": "off" },
  },
];
