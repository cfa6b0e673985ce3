// The fairness page (/fairness, or /fairness?code=X&game=N to fetch that game's replay): the
// seed's chain of a finished game checked again here, with the browser's own Web Crypto
// (docs/fairness.md). The same chain as rulekit/fairness.py:
//   commit      = SHA-256(server_seed)
//   server value of seat i = SHA-256("gameroom-seat-v1" || server_seed || i as 4 bytes)
//   seed        = SHA-256("gameroom-shuffle-v1" || server_seed || c_0 || ... || c_{n-1})
//   seed_sha256 = SHA-256(seed), announced when the game started
import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import * as store from "./store.js";

const SEAT_TAG = new TextEncoder().encode("gameroom-seat-v1");
const SHUFFLE_TAG = new TextEncoder().encode("gameroom-shuffle-v1");

function isHex32(text) {
  return typeof text === "string" && /^[0-9a-f]{64}$/i.test(text);
}

function bytesOf(hex) {
  return new Uint8Array((hex.match(/../g) || []).map((b) => parseInt(b, 16)));
}

function join(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function seatBytes(seat) {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, seat);
  return out;
}

/**
 * Every link of a replay's chain: [{step, ok, detail}] in order; `ok` null for a step that
 * cannot be judged (a replay from before players contributed, a browser that sent no value).
 * `remembered` is what this browser sent for that game ({value, commit}) or null.
 * @param {any} replay
 * @param {import("./types.js").SentEntropy | null} remembered
 * @returns {Promise<Array<{ step: string, ok: boolean | null, detail?: string }>>}
 */
export async function checkChain(replay, remembered) {
  const steps = [];
  if (!replay || typeof replay !== "object" || !isHex32(replay.seed)) {
    return [{ step: "format", ok: false }];
  }
  const seed = replay.seed.toLowerCase();
  if (replay.server_seed === undefined) {
    steps.push({ step: "old", ok: null });
  } else {
    const serverSeed = isHex32(replay.server_seed) ? bytesOf(replay.server_seed) : null;
    const commit = String(replay.commit || "").toLowerCase();
    steps.push({ step: "commit", ok: Boolean(serverSeed) && (await sha256(serverSeed)) === commit, detail: commit });
    const contributions = Array.isArray(replay.contributions) ? replay.contributions : [];
    const seats = (replay.names || []).length;
    let inOrder = contributions.length === seats && contributions.every((c, i) => c && c.seat === i && isHex32(c.value));
    if (inOrder && serverSeed) {
      for (const c of contributions) {
        if (c.from === "server" && (await sha256(join(SEAT_TAG, serverSeed, seatBytes(c.seat)))) !== c.value.toLowerCase()) inOrder = false;
      }
    }
    steps.push({ step: "values", ok: inOrder && Boolean(serverSeed) });
    const mixed = inOrder && serverSeed ? await sha256(join(SHUFFLE_TAG, serverSeed, ...contributions.map((c) => bytesOf(c.value)))) : "";
    steps.push({ step: "mix", ok: mixed === seed, detail: seed });
    if (remembered) {
      const mine = contributions.findIndex((c) => c && c.from === "seat" && String(c.value).toLowerCase() === remembered.value);
      steps.push({ step: "mine", ok: mine >= 0 && remembered.commit === commit, detail: mine >= 0 ? mine : null });
    } else {
      steps.push({ step: "mine", ok: null });
    }
  }
  const hash = await sha256(bytesOf(seed));
  steps.push({ step: "hash", ok: !replay.seed_sha256 || String(replay.seed_sha256).toLowerCase() === hash, detail: hash });
  return steps;
}

/** @param {{ step: string, ok: boolean | null, detail?: string }} link */
function stepLine({ step, ok, detail }) {
  const mark = ok === true ? "✓" : ok === false ? "✗" : "–";
  const text = step === "mine" && ok ? t("fairness_page.step_mine_found", { seat: Number(detail) + 1 }) : t(`fairness_page.step_${step}${ok === null ? "_none" : ""}`);
  return h(
    "li",
    { class: ["chain-step", ok === true && "ok", ok === false && "bad"], "data-testid": `chain-${step}`, "data-ok": String(ok) },
    h("span", { "aria-hidden": "true" }, mark, " "),
    h("span", { class: "sr-only" }, ok === true ? t("fairness_page.valid") : ok === false ? t("fairness_page.invalid") : t("fairness_page.not_judged"), ": "),
    text,
    typeof detail === "string" ? h("code", null, detail) : null,
  );
}

function contributionsList(replay, remembered) {
  if (!Array.isArray(replay.contributions)) return null;
  const names = replay.names || [];
  return h(
    "ul",
    { class: "chain-values", "data-testid": "chain-seat-values" },
    replay.contributions.map((c, i) => {
      const own = remembered && c && String(c.value).toLowerCase() === remembered.value;
      return h(
        "li",
        { class: own && "mine", "data-testid": `chain-value-${i}` },
        h("strong", null, names[i] || t("fairness_page.seat", { seat: i + 1 })),
        " · ",
        c && c.from === "server" ? t("fairness_page.from_server") : t("fairness_page.from_seat"),
        own ? [" · ", h("em", null, t("fairness_page.yours"))] : null,
        h("code", null, String((c && c.value) || "")),
      );
    }),
  );
}

async function showVerdict(out, replay) {
  const remembered = replay && replay.code ? store.sentEntropy(replay.code, replay.number) : null;
  const steps = await checkChain(replay, remembered);
  const valid = steps.every((s) => s.ok !== false);
  replace(
    out,
    h("p", { class: ["chain-verdict", valid ? "ok" : "bad"], "data-testid": "chain-verdict", "data-valid": String(valid) }, valid ? t("fairness_page.all_valid") : t("fairness_page.some_invalid")),
    h("ol", { class: "chain-steps" }, steps.map(stepLine)),
    valid && replay.server_seed !== undefined ? contributionsList(replay, remembered) : null,
    h("p", { class: "hint" }, t("fairness_page.moves_hint")),
  );
}

function homeLink(nav) {
  return h("a", { href: "/", class: "home-link", onclick: (e) => (e.preventDefault(), nav.go("/")) }, t("me.home"));
}

/**
 * The "/fairness" page: paste or pick a replay, and see its seed's chain checked.
 * @param {HTMLElement} root
 * @param {import("./types.js").Nav} nav
 */
export function showFairness(root, nav) {
  const out = h("div", { class: "fairness", "data-testid": "chain-result", "aria-live": "polite" });
  const pasted = h("textarea", { id: "fairness-replay", "data-testid": "fairness-paste", rows: 6, spellcheck: "false", autocomplete: "off" });
  const file = h("input", { id: "fairness-file", type: "file", accept: ".json,application/json", "data-testid": "fairness-file" });
  const checkText = (text) => {
    let replay;
    try {
      replay = JSON.parse(text);
    } catch {
      replay = null;
    }
    showVerdict(out, replay);
  };
  file.addEventListener("change", async () => {
    if (!file.files || !file.files[0]) return;
    const text = await file.files[0].text();
    pasted.value = text;
    checkText(text);
  });
  replace(
    root,
    h(
      "main",
      { class: "start fairness-page", "data-testid": "fairness-page" },
      h(
        "header",
        { class: "start-head" },
        h("h1", null, t("fairness_page.title")),
        h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("fairness-language")),
      ),
      homeLink(nav),
      h("section", { class: "panel", "aria-labelledby": "fairness-how" }, h("h2", { id: "fairness-how" }, t("fairness_page.how_title")), h("p", null, t("fairness_page.how_1")), h("p", null, t("fairness_page.how_2")), h("p", null, t("fairness_page.how_3"))),
      h(
        "section",
        { class: "panel", "aria-labelledby": "fairness-check" },
        h("h2", { id: "fairness-check" }, t("fairness_page.check_title")),
        h(
          "form",
          { class: "fairness-form", onsubmit: (e) => (e.preventDefault(), checkText(pasted.value)) },
          h("div", { class: "field" }, h("label", { for: "fairness-replay" }, t("fairness_page.paste_label")), pasted),
          h("div", { class: "field" }, h("label", { for: "fairness-file" }, t("fairness_page.file_label")), file),
          h("button", { type: "submit", class: "primary", "data-testid": "fairness-check" }, t("fairness_page.check")),
        ),
        out,
      ),
    ),
  );
  const params = new URLSearchParams(window.location.search);
  const code = params.get("code");
  const number = Number(params.get("game"));
  if (code && number > 0) {
    out.replaceChildren(h("p", { class: "hint" }, t("fairness.checking")));
    api
      .finishedGame(code, number, store.gameAccess(code, api.linkInvite()))
      .then((replay) => {
        pasted.value = JSON.stringify(replay, null, 1);
        return showVerdict(out, replay);
      })
      .catch(() => out.replaceChildren(h("p", { class: "hint" }, t("fairness.unavailable"))));
  }
}
