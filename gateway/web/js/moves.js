// Legal moves come only from the view; these helpers read them (never re-derive a rule).
// `moveMatches` mirrors rulekit.contract.move_matches: a legal move is either the move
// itself or a template with "range" ({key: [min, max, step]}) and "text" ({key: maxLength}).

function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson(a[k], b[k]));
}

/**
 * Whether `move` is the legal move `legal` or fits it as a template (rulekit's move_matches).
 * @param {import("./types.js").Move | null | undefined} legal
 * @param {Record<string, any> | null | undefined} move
 * @returns {boolean}
 */
export function moveMatches(legal, move) {
  if (!legal || !move) return false;
  if (!("range" in legal) && !("text" in legal)) return sameJson(legal, move);
  const ranges = legal.range || {};
  const texts = legal.text || {};
  const fixed = Object.fromEntries(Object.entries(legal).filter(([k]) => k !== "range" && k !== "text"));
  const wanted = new Set([...Object.keys(fixed), ...Object.keys(ranges), ...Object.keys(texts)]);
  const keys = Object.keys(move);
  if (keys.length !== wanted.size || !keys.every((k) => wanted.has(k))) return false;
  if (!Object.entries(fixed).every(([k, v]) => sameJson(move[k], v))) return false;
  for (const [key, [low, high, step]] of Object.entries(ranges)) {
    const value = move[key];
    if (!Number.isInteger(value) || value < low || value > high || (value - low) % step) return false;
  }
  for (const [key, longest] of Object.entries(texts)) {
    const value = move[key];
    if (typeof value !== "string" || value.length > longest) return false;
  }
  return true;
}

/**
 * Whether `move` is among the view's legal moves.
 * @param {import("./types.js").View | null | undefined} view
 * @param {Record<string, any> | null | undefined} move
 * @returns {boolean}
 */
export function isLegal(view, move) {
  return Boolean(view && (view.legal_moves || []).some((legal) => moveMatches(legal, move)));
}

/**
 * The view's legal moves of one type.
 * @param {import("./types.js").View | null | undefined} view
 * @param {string} type
 * @returns {import("./types.js").Move[]}
 */
export function legalOfType(view, type) {
  return ((view && view.legal_moves) || []).filter((legal) => legal.type === type);
}
